/**
 * Soft delete of one organisation-owned record (customers, projects…): marks the live record
 * deleted and records its audit entry in the same transaction.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import type { OrgScope } from './records.ts';

/** A table whose records belong to an organisation and are deleted by marking them. */
type SoftDeletable = PgTable & {
  id: PgColumn;
  organizationId: PgColumn;
  deletedAt: PgColumn;
  updatedAt: PgColumn;
};

export interface SoftDeleteTarget<T extends SoftDeletable> {
  table: T;
  /** `targetType` of the audit entry; its action is `<targetType>.delete`. */
  targetType: string;
  /** What the audit entry keeps of the record (its `before`). */
  snapshot: (row: T['$inferSelect']) => unknown;
}

/** Marks a live record of the organisation deleted, audited; false when there is none. */
export async function softDeleteWithAudit<T extends SoftDeletable>(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  { table, targetType, snapshot }: SoftDeleteTarget<T>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = { deletedAt: sql`now()`, updatedAt: sql`now()` } as PgUpdateSetSource<T>;
    const [row] = (await tx
      .update(table)
      .set(marked)
      .where(
        and(
          eq(table.organizationId, scope.organizationId),
          isNull(table.deletedAt),
          eq(table.id, id),
        ),
      )
      .returning()) as T['$inferSelect'][];
    if (!row) return false;
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: `${targetType}.delete`,
      targetType,
      targetId: id,
      before: snapshot(row),
    });
    return true;
  });
}

/** A service `(db, scope, actor, id) => deleted?` that soft-deletes records of `target`. */
export const softDeleter =
  <T extends SoftDeletable>(target: SoftDeleteTarget<T>) =>
  (db: Database, scope: OrgScope, actor: AuditActor, id: string): Promise<boolean> =>
    softDeleteWithAudit(db, scope, actor, id, target);
