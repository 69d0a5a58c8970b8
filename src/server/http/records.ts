import type { Context } from 'hono';
import { can, type Action, type Subject } from '../../shared/abilities.ts';
import { requireOrg, type AppEnv } from './context.ts';
import { forbidden, notFound } from './errors.ts';

/**
 * The organisation a request acts in, as every organisation-scoped service takes it:
 * services are called `(db, scope, actor?, id?, input?)` in that order.
 */
export type OrgScope = { organizationId: string };

export const orgScope = (c: Context<AppEnv>): OrgScope => ({ organizationId: requireOrg(c).id });

/** The value, or a 404 with the resource's message when there is none. */
export function found<T>(value: T | null | undefined | false, message: string): T {
  if (value === null || value === undefined || value === false) throw notFound(message);
  return value;
}

type OwnedRecord = { organizationId: string; deletedAt: Date | null };

/**
 * The record-level check of a handler: the record (looked up in the caller's organisation,
 * so another organisation's or a deleted one is a 404) and the caller's ability on it (403).
 * Returns the record.
 */
export function authorizeRecord<T extends OwnedRecord>(
  c: Context<AppEnv>,
  action: Action,
  subject: Subject,
  record: T | null | undefined,
  notFoundMessage: string,
): T {
  const row = found(record, notFoundMessage);
  const conditions = { ...row, organization_id: row.organizationId, deleted_at: row.deletedAt };
  if (!can(c.get('ability'), action, subject, conditions)) throw forbidden();
  return row;
}
