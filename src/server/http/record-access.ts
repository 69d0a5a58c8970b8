import type { Context } from 'hono';
import type { Action, Subject } from '../../shared/abilities.ts';
import type { Database } from '../db/client.ts';
import type { AppEnv } from './context.ts';
import { authorizeRecord, found, orgScope, type OrgScope } from './records.ts';

type OwnedRecord = { organizationId: string; deletedAt: Date | null };

/**
 * The record-level steps of one resource's handlers, bound once per resource:
 * `authorize(c, action, id)` looks the record up in the caller's organisation and checks the
 * ability on it (404, then 403; returns the record), `found404(value)` is the value or the
 * resource's 404.
 */
export function recordAccess<T extends OwnedRecord>(
  subject: Subject,
  notFoundMessage: string,
  getRecord: (db: Database, scope: OrgScope, id: string) => Promise<T | null | undefined>,
) {
  return {
    authorize: async (c: Context<AppEnv>, action: Action, id: string): Promise<T> => {
      const record = await getRecord(c.get('deps').db, orgScope(c), id);
      return authorizeRecord(c, action, subject, record, notFoundMessage);
    },
    found404: <V>(value: V | null | undefined | false): V => found(value, notFoundMessage),
  };
}
