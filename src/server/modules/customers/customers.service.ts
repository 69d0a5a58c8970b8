import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  NO_OWNER_KEY,
  customerActivities,
  customerSearchText,
  customerStats,
  customers,
  member,
  user,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { HttpError } from '../../http/errors.ts';
import {
  CUSTOMER_LIMITS,
  CUSTOMER_MESSAGES,
  OWNER_NONE,
  type CustomerActivityDto,
  type CustomerCreate,
  type CustomerDetailDto,
  type CustomerDto,
  type CustomerExportQuery,
  type CustomerListQuery,
  type CustomerPage,
  type CustomerSortField,
  type CustomerStatus,
  type CustomerUpdate,
} from '../../../shared/schemas/customers.ts';

/** The organisation a request acts in. */
export type CustomerScope = { organizationId: string };

type CustomerRow = typeof customers.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

const UNIQUE_VIOLATION = '23505';
const TIMELINE_LENGTH = 100;
const INSERT_BATCH = 500;

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

export const emailTaken = () =>
  new HttpError(409, 'CONFLICT', CUSTOMER_MESSAGES.emailTaken, {
    email: [CUSTOMER_MESSAGES.emailTaken],
  });

const ownerInvalid = () =>
  new HttpError(400, 'VALIDATION_ERROR', CUSTOMER_MESSAGES.owner, {
    ownerId: [CUSTOMER_MESSAGES.owner],
  });

/** Live customers of the organisation. */
const live = (scope: CustomerScope) =>
  and(eq(customers.organizationId, scope.organizationId), isNull(customers.deletedAt));

const listColumns = {
  customer: customers,
  ownerName: user.name,
  ownerEmail: user.email,
};
type ListRow = { customer: CustomerRow; ownerName: string | null; ownerEmail: string | null };

function toDto({ customer: row, ownerName, ownerEmail }: ListRow): CustomerDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    status: row.status,
    value: Number(row.value),
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
const snapshot = (row: CustomerRow) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  status: row.status,
  value: Number(row.value),
  ownerId: row.ownerId,
  tags: row.tags,
  notes: row.notes,
});

function filtersOf(scope: CustomerScope, query: CustomerExportQuery): SQL | undefined {
  return and(
    live(scope),
    query.search ? sql`${customerSearchText} ilike ${containsPattern(query.search)}` : undefined,
    query.status ? eq(customers.status, query.status) : undefined,
    query.owner === OWNER_NONE
      ? isNull(customers.ownerId)
      : query.owner
        ? eq(customers.ownerId, query.owner)
        : undefined,
    query.tags && query.tags.length > 0 ? arrayOverlaps(customers.tags, query.tags) : undefined,
  );
}

/** The sort expression of each column and the SQL type its cursor value is read back as. */
const SORTS: Record<CustomerSortField, { expr: SQL; type: string }> = {
  name: { expr: sql`${customers.name}`, type: 'text' },
  email: { expr: sql`coalesce(${customers.email}, '')`, type: 'text' },
  company: { expr: sql`coalesce(${customers.company}, '')`, type: 'text' },
  status: { expr: sql`${customers.status}`, type: 'text' },
  value: { expr: sql`${customers.value}`, type: 'numeric' },
  createdAt: { expr: sql`${customers.createdAt}`, type: 'timestamptz' },
  updatedAt: { expr: sql`${customers.updatedAt}`, type: 'timestamptz' },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const badCursor = () =>
  new HttpError(400, 'VALIDATION_ERROR', 'The cursor is not valid for this list', {
    cursor: ['The cursor is not valid for this list'],
  });

/** A cursor names the sort it belongs to, the last row's sort value (as text) and its id. */
function encodeCursor(sort: string, order: string, key: string, id: string): string {
  return Buffer.from(JSON.stringify([sort, order, key, id])).toString('base64url');
}

function decodeCursor(cursor: string, sort: string, order: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== sort ||
    parsed[1] !== order ||
    typeof parsed[2] !== 'string' ||
    typeof parsed[3] !== 'string' ||
    !UUID.test(parsed[3])
  ) {
    throw badCursor();
  }
  return { key: parsed[2], id: parsed[3] };
}

/**
 * How many customers match. Without search or tags the answer comes from `customer_stats`
 * (a few rows per organisation, kept by triggers) instead of counting every customer.
 */
async function countCustomers(
  db: Database,
  scope: CustomerScope,
  query: CustomerExportQuery,
  where: SQL | undefined,
): Promise<{ total: number }[]> {
  if (query.search || (query.tags && query.tags.length > 0)) {
    return db.select({ total: count() }).from(customers).where(where);
  }
  return db
    .select({ total: sql<number>`coalesce(sum(${customerStats.customers}), 0)::int` })
    .from(customerStats)
    .where(
      and(
        eq(customerStats.organizationId, scope.organizationId),
        query.status ? eq(customerStats.status, query.status) : undefined,
        query.owner
          ? eq(customerStats.ownerKey, query.owner === OWNER_NONE ? NO_OWNER_KEY : query.owner)
          : undefined,
      ),
    );
}

/**
 * A page of customers. With `cursor` the page starts after the cursor's row (keyset paging, as
 * fast on the last page as on the first); otherwise at `(page - 1) * pageSize`.
 */
export async function listCustomers(
  db: Database,
  scope: CustomerScope,
  query: CustomerListQuery,
): Promise<CustomerPage> {
  const where = filtersOf(scope, query);
  const sort = SORTS[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  let after: SQL | undefined;
  if (query.cursor) {
    const { key, id } = decodeCursor(query.cursor, query.sort, query.order);
    if (sort.type === 'numeric' && !/^-?\d+(\.\d+)?$/.test(key)) throw badCursor();
    if (sort.type === 'timestamptz' && Number.isNaN(Date.parse(key))) throw badCursor();
    const op = sql.raw(query.order === 'asc' ? '>' : '<');
    after = sql`(${sort.expr}, ${customers.id}) ${op} (${key}::${sql.raw(sort.type)}, ${id}::uuid)`;
  }
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...listColumns, sortKey: sql<string>`(${sort.expr})::text` })
      .from(customers)
      .leftJoin(user, eq(user.id, customers.ownerId))
      .where(and(where, after))
      .orderBy(direction(sort.expr), direction(customers.id))
      .limit(query.pageSize + 1)
      .offset(query.cursor ? 0 : (query.page - 1) * query.pageSize),
    countCustomers(db, scope, query, where),
  ]);
  const pageRows = rows.slice(0, query.pageSize);
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(toDto),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor:
      rows.length > query.pageSize && last
        ? encodeCursor(query.sort, query.order, last.sortKey, last.customer.id)
        : null,
  };
}

async function findRow(db: Executor, scope: CustomerScope, id: string, forUpdate = false) {
  const query = db
    .select(listColumns)
    .from(customers)
    .leftJoin(user, eq(user.id, customers.ownerId))
    .where(and(live(scope), eq(customers.id, id)));
  const [row] = await (forUpdate ? query.for('update', { of: customers }) : query);
  return row;
}

/** The record as CASL sees it (for record-level checks), or null. */
export async function getCustomerRecord(db: Database, scope: CustomerScope, id: string) {
  return (await findRow(db, scope, id))?.customer ?? null;
}

async function timeline(db: Executor, customerId: string): Promise<CustomerActivityDto[]> {
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

/** A live customer with notes and its latest activity (newest first), or null. */
export async function getCustomer(
  db: Database,
  scope: CustomerScope,
  id: string,
): Promise<CustomerDetailDto | null> {
  const row = await findRow(db, scope, id);
  if (!row) return null;
  return { ...toDto(row), notes: row.customer.notes, activities: await timeline(db, id) };
}

async function assertMember(db: Executor, scope: CustomerScope, userId: string | null | undefined) {
  if (!userId) return;
  const [row] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, scope.organizationId), eq(member.userId, userId)));
  if (!row) throw ownerInvalid();
}

const toValues = (input: CustomerCreate) => ({
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

export async function createCustomer(
  db: Database,
  scope: CustomerScope,
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
    await tx.insert(customerActivities).values({
      organizationId: scope.organizationId,
      customerId: created.id,
      type: 'created',
      actorId: actor.id,
      toStatus: created.status,
    });
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'customer.create',
      targetType: 'customer',
      targetId: created.id,
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
  scope: CustomerScope,
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
        activities.push({
          organizationId: scope.organizationId,
          customerId: id,
          type: 'updated',
          actorId: actor.id,
          details: { fields: others },
        });
      }
      if (changed.includes('status')) {
        activities.push({
          organizationId: scope.organizationId,
          customerId: id,
          type: 'status_change',
          actorId: actor.id,
          fromStatus: before.status,
          toStatus: after.status,
        });
      }
      await tx.insert(customerActivities).values(activities);
      await recordAudit(tx, actor, {
        organizationId: scope.organizationId,
        action: 'customer.update',
        targetType: 'customer',
        targetId: id,
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

/** Adds a note to the timeline; null when there is no such customer. */
export async function addCustomerNote(
  db: Database,
  scope: CustomerScope,
  actor: AuditActor,
  id: string,
  body: string,
): Promise<CustomerActivityDto | null> {
  const activityId = await db.transaction(async (tx) => {
    const current = await findRow(tx, scope, id, true);
    if (!current) return null;
    const [note] = await tx
      .insert(customerActivities)
      .values({
        organizationId: scope.organizationId,
        customerId: id,
        type: 'note',
        actorId: actor.id,
        body,
      })
      .returning({ id: customerActivities.id });
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'customer.note',
      targetType: 'customer',
      targetId: id,
      after: { note: body },
    });
    return note!.id;
  });
  if (!activityId) return null;
  return (await timeline(db, id)).find((a) => a.id === activityId) ?? null;
}

/** Marks a live customer deleted; false when there is none. */
export async function deleteCustomer(
  db: Database,
  scope: CustomerScope,
  actor: AuditActor,
  id: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(customers)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(live(scope), eq(customers.id, id)))
      .returning();
    if (!row) return false;
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'customer.delete',
      targetType: 'customer',
      targetId: id,
      before: snapshot(row),
    });
    return true;
  });
}

/**
 * Sets the status of the listed customers of the organisation (others are ignored); each
 * customer whose status changes gets a status change in its timeline. Returns how many changed.
 */
export async function bulkSetStatus(
  db: Database,
  scope: CustomerScope,
  actor: AuditActor,
  ids: string[],
  status: CustomerStatus,
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
      changing.map((row) => ({
        organizationId: scope.organizationId,
        customerId: row.id,
        type: 'status_change' as const,
        actorId: actor.id,
        fromStatus: row.status,
        toStatus: status,
      })),
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
  scope: CustomerScope,
  actor: AuditActor,
  ids: string[],
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

/** Tags in use in the organisation, most used first (for the tag filter). */
export async function customerTags(
  db: Database,
  scope: CustomerScope,
): Promise<{ tag: string; count: number }[]> {
  const tag = sql<string>`t.tag`;
  const rows = await db
    .select({ tag, count: sql<number>`count(*)::int` })
    .from(sql`${customers} cross join lateral unnest(${customers.tags}) as t(tag)`)
    .where(live(scope))
    .groupBy(tag)
    .orderBy(sql`count(*) desc`, tag)
    .limit(200);
  return rows;
}

// ---------------------------------------------------------------------------
// CSV export
// ---------------------------------------------------------------------------

/** The columns of the export; the same names are recognised by the import. */
export const CUSTOMER_CSV_HEADER = [
  'name',
  'email',
  'phone',
  'company',
  'status',
  'value',
  'owner',
  'tags',
  'notes',
  'created_at',
  'updated_at',
] as const;

export async function exportCustomers(
  db: Database,
  scope: CustomerScope,
  query: CustomerExportQuery,
): Promise<{ rows: unknown[][]; truncated: boolean }> {
  const sort = SORTS[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ customer: customers, ownerEmail: user.email })
    .from(customers)
    .leftJoin(user, eq(user.id, customers.ownerId))
    .where(filtersOf(scope, query))
    .orderBy(direction(sort.expr), direction(customers.id))
    .limit(CUSTOMER_LIMITS.exportRows + 1);
  return {
    truncated: rows.length > CUSTOMER_LIMITS.exportRows,
    rows: rows
      .slice(0, CUSTOMER_LIMITS.exportRows)
      .map(({ customer: c, ownerEmail }) => [
        c.name,
        c.email,
        c.phone,
        c.company,
        c.status,
        c.value,
        ownerEmail,
        c.tags.join('; '),
        c.notes,
        c.createdAt,
        c.updatedAt,
      ]),
  };
}

// ---------------------------------------------------------------------------
// Used by the import
// ---------------------------------------------------------------------------

/** Lower-case e-mail address -> user id, for the organisation's members. */
export async function memberEmails(db: Executor, scope: CustomerScope) {
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
  scope: CustomerScope,
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
  scope: CustomerScope,
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
          created.map((row) => ({
            organizationId: scope.organizationId,
            customerId: row.id,
            type: 'created' as const,
            actorId: actor.id,
            toStatus: row.status,
            details: { source: 'csv' },
          })),
        );
      }
      await recordAudit(tx, actor, {
        organizationId: scope.organizationId,
        action: 'customer.import',
        targetType: 'customer',
        after: { imported: rows.length, rows: summary.rowCount, columns: summary.columns },
      });
      return rows.length;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
