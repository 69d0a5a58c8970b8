/**
 * Writing many customers at once: status and delete on a selection, and the CSV import's
 * lookups (members, taken addresses) and batch insert.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customerActivities, customers, member, user } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import type {
  CustomerBulkDelete,
  CustomerBulkStatus,
  CustomerCreate,
} from '../../../shared/schemas/customers.ts';
import { emailTaken, live, timelineEntry, toValues, type Executor } from './customers-rows.ts';
import { customersImportFinished } from '../../notifications/events.ts';

const INSERT_BATCH = 500;

/**
 * Sets the status of the listed customers of the organisation (others are ignored); each
 * customer whose status changes gets a status change in its timeline. Returns how many changed.
 */
export async function bulkSetStatus(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  { ids, status }: CustomerBulkStatus,
): Promise<number> {
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: customers.id, status: customers.status })
      .from(customers)
      .where(and(live(scope), inArray(customers.id, ids)))
      .for('update');
    const changing = current.filter((row) => row.status !== status);
    if (changing.length === 0) return 0;
    await tx
      .update(customers)
      .set({ status, updatedAt: sql`now()` })
      .where(
        and(
          live(scope),
          inArray(
            customers.id,
            changing.map((row) => row.id),
          ),
        ),
      );
    await tx.insert(customerActivities).values(
      changing.map((row) =>
        timelineEntry(scope, actor, row.id, {
          type: 'status_change',
          fromStatus: row.status,
          toStatus: status,
        }),
      ),
    );
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'customer.bulk_status',
      targetType: 'customer',
      before: { statuses: Object.fromEntries(changing.map((row) => [row.id, row.status])) },
      after: { status, ids: changing.map((row) => row.id) },
    });
    return changing.length;
  });
}

/** Marks the listed live customers of the organisation deleted; returns how many. */
export async function bulkDelete(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  { ids }: CustomerBulkDelete,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(customers)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(live(scope), inArray(customers.id, ids)))
      .returning({ id: customers.id, name: customers.name });
    if (rows.length === 0) return 0;
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'customer.bulk_delete',
      targetType: 'customer',
      before: { customers: rows },
    });
    return rows.length;
  });
}

// ---------------------------------------------------------------------------
// Used by the import
// ---------------------------------------------------------------------------

/** Lower-case e-mail address -> user id, for the organisation's members. */
export async function memberEmails(db: Executor, scope: OrgScope) {
  const rows = await db
    .select({ id: user.id, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, scope.organizationId));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
}

/** Which of these (lower-case) addresses already belong to a live customer. */
export async function existingEmails(
  db: Executor,
  scope: OrgScope,
  emails: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const lower = sql<string>`lower(${customers.email})`;
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const rows = await db
      .select({ email: lower })
      .from(customers)
      .where(and(live(scope), inArray(lower, chunk)));
    for (const row of rows) found.add(row.email);
  }
  return found;
}

/** Inserts validated customers with their 'created' activity, in batches (one transaction). */
export async function insertImported(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  rows: CustomerCreate[],
  summary: { rowCount: number; columns: string[] },
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        const created = await tx
          .insert(customers)
          .values(
            rows.slice(i, i + INSERT_BATCH).map((input) => ({
              ...toValues(input),
              organizationId: scope.organizationId,
              createdBy: actor.id,
            })),
          )
          .returning({ id: customers.id, status: customers.status });
        await tx.insert(customerActivities).values(
          created.map((row) =>
            timelineEntry(scope, actor, row.id, {
              type: 'created',
              toStatus: row.status,
              details: { source: 'csv' },
            }),
          ),
        );
      }
      await recordAudit(tx, actor, {
        organizationId: scope.organizationId,
        action: 'customer.import',
        targetType: 'customer',
        after: { imported: rows.length, rows: summary.rowCount, columns: summary.columns },
      });
      // All or none: an import that commits created every row and failed none.
      await customersImportFinished(
        tx,
        { organizationId: scope.organizationId, userId: actor.id },
        { created: rows.length, updated: 0, failed: 0 },
      );
      return rows.length;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
