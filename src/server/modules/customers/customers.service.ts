/**
 * One customer: read, create, change, delete. The list and export are in customers-list.ts,
 * the timeline and notes in customers-timeline.ts, bulk actions and the import's writes in
 * customers-bulk.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customerActivities, customers, member } from '../../db/schema/index.ts';
import type { AuditActor } from '../../audit/record.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import { softDeleter } from '../../http/soft-delete.ts';
import type {
  CustomerCreate,
  CustomerDetailDto,
  CustomerUpdate,
} from '../../../shared/schemas/customers.ts';
import {
  auditCustomer,
  emailTaken,
  findRow,
  ownerInvalid,
  snapshot,
  timelineEntry,
  toDto,
  toValues,
  type Executor,
} from './customers-rows.ts';
import { timeline } from './customers-timeline.ts';

/** The record as CASL sees it (for record-level checks), or null. */
export async function getCustomerRecord(db: Database, scope: OrgScope, id: string) {
  return (await findRow(db, scope, id))?.customer ?? null;
}

/** A live customer with notes and its latest activity (newest first), or null. */
export async function getCustomer(
  db: Database,
  scope: OrgScope,
  id: string,
): Promise<CustomerDetailDto | null> {
  const row = await findRow(db, scope, id);
  if (!row) return null;
  return { ...toDto(row), notes: row.customer.notes, activities: await timeline(db, id) };
}

async function assertMember(db: Executor, scope: OrgScope, userId: string | null | undefined) {
  if (!userId) return;
  const [row] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, scope.organizationId), eq(member.userId, userId)));
  if (!row) throw ownerInvalid();
}

export async function createCustomer(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  input: CustomerCreate,
): Promise<CustomerDetailDto> {
  const id = await db.transaction(async (tx) => {
    await assertMember(tx, scope, input.ownerId);
    const [created] = await tx
      .insert(customers)
      .values({ ...toValues(input), organizationId: scope.organizationId, createdBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!created) throw emailTaken();
    await tx.insert(customerActivities).values(
      timelineEntry(scope, actor, created.id, {
        type: 'created',
        toStatus: created.status,
      }),
    );
    await auditCustomer(tx, scope, actor, created.id, 'customer.create', {
      after: snapshot(created),
    });
    return created.id;
  });
  return (await getCustomer(db, scope, id))!;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Changes a live customer. The timeline gets a status change and/or an 'updated' entry naming
 * the other changed fields; nothing is written when nothing changes. Null when not found.
 */
export async function updateCustomer(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  changes: CustomerUpdate,
): Promise<CustomerDetailDto | null> {
  try {
    const done = await db.transaction(async (tx) => {
      const current = await findRow(tx, scope, id, true);
      if (!current) return false;
      const before = snapshot(current.customer);
      const after = { ...before };
      const changed: string[] = [];
      for (const [key, value] of Object.entries(changes) as [keyof typeof before, unknown][]) {
        if (value === undefined || sameValue(before[key], value)) continue;
        (after as Record<string, unknown>)[key] = value;
        changed.push(key);
      }
      if (changed.length === 0) return true;
      if (changed.includes('ownerId')) await assertMember(tx, scope, after.ownerId);
      await tx
        .update(customers)
        .set({
          name: after.name,
          email: after.email,
          phone: after.phone,
          company: after.company,
          status: after.status,
          value: after.value.toFixed(2),
          ownerId: after.ownerId,
          tags: after.tags,
          notes: after.notes,
          updatedAt: sql`now()`,
        })
        .where(eq(customers.id, id));
      const activities: (typeof customerActivities.$inferInsert)[] = [];
      const others = changed.filter((field) => field !== 'status');
      if (others.length > 0) {
        activities.push(
          timelineEntry(scope, actor, id, {
            type: 'updated',
            details: { fields: others },
          }),
        );
      }
      if (changed.includes('status')) {
        activities.push(
          timelineEntry(scope, actor, id, {
            type: 'status_change',
            fromStatus: before.status,
            toStatus: after.status,
          }),
        );
      }
      await tx.insert(customerActivities).values(activities);
      await auditCustomer(tx, scope, actor, id, 'customer.update', {
        before: Object.fromEntries(changed.map((k) => [k, before[k as keyof typeof before]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k as keyof typeof after]])),
      });
      return true;
    });
    return done ? getCustomer(db, scope, id) : null;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Marks a live customer deleted; false when there is none. */
export const deleteCustomer = softDeleter({ table: customers, targetType: 'customer', snapshot });
