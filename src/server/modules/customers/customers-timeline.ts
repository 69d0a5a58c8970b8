/** A customer's timeline: the latest activity and the notes people add to it. */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customerActivities, user } from '../../db/schema/index.ts';
import type { AuditActor } from '../../audit/record.ts';
import type { OrgScope } from '../../http/records.ts';
import type {
  CustomerActivityDto,
  CustomerNote,
  CustomerStatus,
} from '../../../shared/schemas/customers.ts';
import { auditCustomer, findRow, timelineEntry, type Executor } from './customers-rows.ts';

const TIMELINE_LENGTH = 100;

/** The customer's latest activity, newest first. */
export async function timeline(db: Executor, customerId: string): Promise<CustomerActivityDto[]> {
  const rows = await db
    .select({ activity: customerActivities, actorName: user.name })
    .from(customerActivities)
    .leftJoin(user, eq(user.id, customerActivities.actorId))
    .where(eq(customerActivities.customerId, customerId))
    .orderBy(desc(customerActivities.createdAt), desc(customerActivities.id))
    .limit(TIMELINE_LENGTH);
  return rows.map(({ activity: a, actorName }) => ({
    id: a.id,
    type: a.type,
    actor: a.actorId && actorName !== null ? { id: a.actorId, name: actorName } : null,
    body: a.body,
    fromStatus: a.fromStatus as CustomerStatus | null,
    toStatus: a.toStatus as CustomerStatus | null,
    details: a.details,
    createdAt: a.createdAt.toISOString(),
  }));
}

/** Adds a note to the timeline; null when there is no such customer. */
export async function addCustomerNote(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  { body }: CustomerNote,
): Promise<CustomerActivityDto | null> {
  const activityId = await db.transaction(async (tx) => {
    const current = await findRow(tx, scope, id, true);
    if (!current) return null;
    const [note] = await tx
      .insert(customerActivities)
      .values(
        timelineEntry(scope, actor, id, {
          type: 'note',
          body,
        }),
      )
      .returning({ id: customerActivities.id });
    await auditCustomer(tx, scope, actor, id, 'customer.note', {
      after: { note: body },
    });
    return note!.id;
  });
  if (!activityId) return null;
  return (await timeline(db, id)).find((a) => a.id === activityId) ?? null;
}
