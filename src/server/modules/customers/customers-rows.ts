/**
 * What every customers service file shares: the live-record filter, the row with its owner,
 * the row -> DTO mapping, the audit snapshot and the errors of taken and invalid values.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customerActivities, customers, user } from '../../db/schema/index.ts';
import type { AuditActor } from '../../audit/record.ts';
import { scopedAudit } from '../../http/scoped-audit.ts';
import { httpError, taken } from '../../http/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import {
  CUSTOMER_MESSAGES,
  type CustomerCreate,
  type CustomerDto,
} from '../../../shared/schemas/customers.ts';

export type CustomerRow = typeof customers.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or a transaction of it. */
export type Executor = Database | Tx;

export const emailTaken = () =>
  taken('CUSTOMER_EMAIL_TAKEN', CUSTOMER_MESSAGES.emailTaken, 'email');

export const ownerInvalid = () =>
  httpError('VALIDATION_ERROR', CUSTOMER_MESSAGES.owner, { ownerId: [CUSTOMER_MESSAGES.owner] });

/** Live customers of the organisation. */
export const live = (scope: OrgScope) =>
  and(eq(customers.organizationId, scope.organizationId), isNull(customers.deletedAt));

/** The columns of a customer with its owner (`from(customers).leftJoin(user, …owner)`). */
export const listColumns = {
  customer: customers,
  ownerName: user.name,
  ownerEmail: user.email,
};
type ListRow = { customer: CustomerRow; ownerName: string | null; ownerEmail: string | null };

/** The customer's own fields, as both the DTO and the audit snapshot show them. */
const contactFields = (row: CustomerRow) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  status: row.status,
  value: Number(row.value),
});

export function toDto({ customer: row, ownerName, ownerEmail }: ListRow): CustomerDto {
  return {
    id: row.id,
    ...contactFields(row),
    owner:
      row.ownerId && ownerName !== null && ownerEmail !== null
        ? { id: row.ownerId, name: ownerName, email: ownerEmail }
        : null,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a customer. */
export const snapshot = (row: CustomerRow) => ({
  ...contactFields(row),
  ownerId: row.ownerId,
  tags: row.tags,
  notes: row.notes,
});

/** The columns written for a new customer. */
export const toValues = (input: CustomerCreate) => ({
  name: input.name,
  email: input.email,
  phone: input.phone,
  company: input.company,
  status: input.status,
  value: input.value.toFixed(2),
  ownerId: input.ownerId,
  tags: input.tags,
  notes: input.notes,
});

/** A live customer of the organisation with its owner, locked when `forUpdate`. */
export async function findRow(db: Executor, scope: OrgScope, id: string, forUpdate = false) {
  const query = db
    .select(listColumns)
    .from(customers)
    .leftJoin(user, eq(user.id, customers.ownerId))
    .where(and(live(scope), eq(customers.id, id)));
  const [row] = await (forUpdate ? query.for('update', { of: customers }) : query);
  return row;
}

type TimelineEntry = typeof customerActivities.$inferInsert;

/** A timeline entry of the customer, by the actor. */
export const timelineEntry = (
  scope: OrgScope,
  actor: AuditActor,
  customerId: string,
  entry: Pick<TimelineEntry, 'type' | 'fromStatus' | 'toStatus' | 'details' | 'body'>,
): TimelineEntry => ({
  organizationId: scope.organizationId,
  customerId,
  actorId: actor.id,
  ...entry,
});

/** Records a change of one customer (see scopedAudit). */
export const auditCustomer = scopedAudit('customer');
