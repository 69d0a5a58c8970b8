import type { Database } from '../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import type { OrgScope } from './records.ts';

/** What an audit entry keeps of the change. */
export type AuditChange = { before?: unknown; after?: unknown };

/**
 * The audit recorder of one kind of organisation-owned record:
 * `(tx, scope, actor, id, action, change)` records a change of record `id` in the organisation.
 * Call it with the transaction that makes the change.
 */
export const scopedAudit =
  (targetType: string) =>
  (
    tx: Pick<Database, 'insert'>,
    scope: OrgScope,
    actor: AuditActor,
    id: string,
    action: string,
    change: AuditChange,
  ): Promise<void> =>
    recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action,
      targetType,
      targetId: id,
      ...change,
    });
