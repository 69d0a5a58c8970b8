/**
 * Reading customers in bulk: the list (filters, sort, numbered or keyset paging), the tags in
 * use and the CSV export, which share the list's filters and sort.
 */
import { and, arrayOverlaps, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  NO_OWNER_KEY,
  customerSearchText,
  customerStats,
  customers,
  user,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';
import { httpError } from '../../http/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import { isUuid } from '../../../shared/schemas/common.ts';
import {
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_LIMITS,
  OWNER_NONE,
  type CustomerExportQuery,
  type CustomerListQuery,
  type CustomerPage,
  type CustomerSortField,
  type CustomerTagCount,
} from '../../../shared/schemas/customers.ts';
import { listColumns, live, toDto } from './customers-rows.ts';

function filtersOf(scope: OrgScope, query: CustomerExportQuery): SQL | undefined {
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

/**
 * A row's sort value as the cursor keeps it: text, or for times the microseconds since 1970
 * (exact, and cheap: PGlite turns a timestamptz into text very slowly, ~1 ms a value).
 */
const cursorKey = (sort: { expr: SQL; type: string }) =>
  sort.type === 'timestamptz'
    ? sql<string>`((extract(epoch from ${sort.expr}) * 1000000)::bigint)::text`
    : sql<string>`(${sort.expr})::text`;

const BAD_CURSOR = 'The cursor is not valid for this list';
const badCursor = () => httpError('VALIDATION_ERROR', BAD_CURSOR, { cursor: [BAD_CURSOR] });

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
    !isUuid(parsed[3])
  ) {
    throw badCursor();
  }
  return { key: parsed[2], id: parsed[3] };
}

/**
 * A search or tag filter the planner expects to match more customers than this gets the
 * planner's estimate as its total (within the unfiltered total) instead of a count: counting a
 * tenth of 100,000 customers for every page costs more than the page. Fewer are counted.
 */
export const EXACT_COUNT_LIMIT = 1000;

/**
 * Recent estimates by organisation and filters, so paging through a broad search plans it once:
 * the planner's estimate only moves with new statistics, and it is an estimate anyway.
 */
const estimates = new Map<string, { total: number; until: number }>();
const ESTIMATE_TTL_MS = 30_000;
const ESTIMATES_KEPT = 500;

function remember(key: string, total: number) {
  estimates.delete(key);
  estimates.set(key, { total, until: Date.now() + ESTIMATE_TTL_MS });
  if (estimates.size > ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value!);
}

/** Customers matching the status and owner filters, from `customer_stats` (kept by triggers). */
async function statsCount(db: Database, scope: OrgScope, query: CustomerExportQuery) {
  const [row] = await db
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
  return row?.total ?? 0;
}

/** The planner's estimate of the rows `where` selects (EXPLAIN, nothing is read). */
async function estimatedRows(db: Database, where: SQL | undefined): Promise<number> {
  const result = (await db.execute(
    sql`explain (format json) select 1 from ${customers} where ${where}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * How many customers match, when the page itself does not tell. Without search or tags the
 * answer comes from `customer_stats` (a few rows per organisation) instead of counting; with
 * them, matches are counted when the planner expects at most EXACT_COUNT_LIMIT (a count of a
 * few rows through the trigram or tags index), and estimated beyond. `atLeast`: the rows known
 * to exist (up to the page and the one after it).
 */
async function countCustomers(
  db: Database,
  scope: OrgScope,
  query: CustomerExportQuery,
  where: SQL | undefined,
  atLeast: number,
): Promise<number> {
  if (!query.search && !(query.tags && query.tags.length > 0)) {
    return statsCount(db, scope, query);
  }
  const key = JSON.stringify([
    scope.organizationId,
    query.search,
    query.tags,
    query.status,
    query.owner,
  ]);
  const cached = estimates.get(key);
  if (cached && cached.until > Date.now()) return Math.max(atLeast, cached.total);
  const estimate = await estimatedRows(db, where);
  if (estimate > EXACT_COUNT_LIMIT) {
    const total = Math.min(estimate, await statsCount(db, scope, query));
    remember(key, total);
    return Math.max(atLeast, total);
  }
  const [counted] = await db.select({ total: count() }).from(customers).where(where);
  return counted?.total ?? 0;
}

/**
 * A page of customers. With `cursor` the page starts after the cursor's row (keyset paging, as
 * fast on the last page as on the first); otherwise at `(page - 1) * pageSize`. A numbered page
 * that is not full is the last one: its total needs no count.
 */
export async function listCustomers(
  db: Database,
  scope: OrgScope,
  query: CustomerListQuery,
): Promise<CustomerPage> {
  const where = filtersOf(scope, query);
  const sort = SORTS[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  let after: SQL | undefined;
  if (query.cursor) {
    const { key, id } = decodeCursor(query.cursor, query.sort, query.order);
    if (sort.type === 'numeric' && !/^-?\d+(\.\d+)?$/.test(key)) throw badCursor();
    if (sort.type === 'timestamptz' && !/^-?\d{1,17}$/.test(key)) throw badCursor();
    const op = sql.raw(query.order === 'asc' ? '>' : '<');
    const value =
      sort.type === 'timestamptz'
        ? sql`(timestamptz 'epoch' + ${key}::bigint * interval '1 microsecond')`
        : sql`${key}::${sql.raw(sort.type)}`;
    after = sql`(${sort.expr}, ${customers.id}) ${op} (${value}, ${id}::uuid)`;
  }
  const offset = query.cursor ? 0 : (query.page - 1) * query.pageSize;
  const rows = await db
    .select({ ...listColumns, sortKey: cursorKey(sort) })
    .from(customers)
    .leftJoin(user, eq(user.id, customers.ownerId))
    .where(and(where, after))
    .orderBy(direction(sort.expr), direction(customers.id))
    .limit(query.pageSize + 1)
    .offset(offset);
  const pageRows = rows.slice(0, query.pageSize);
  const hasMore = rows.length > query.pageSize;
  const lastPage = !query.cursor && !hasMore && (pageRows.length > 0 || offset === 0);
  const total = lastPage
    ? offset + pageRows.length
    : await countCustomers(db, scope, query, where, offset + rows.length);
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(toDto),
    total,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor:
      hasMore && last
        ? encodeCursor(query.sort, query.order, last.sortKey, last.customer.id)
        : null,
  };
}

/** Tags in use in the organisation, most used first (for the tag filter). */
export async function customerTags(db: Database, scope: OrgScope): Promise<CustomerTagCount[]> {
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

/** The columns of the export: the import's fields (so a file reads back as is) and the dates. */
export const CUSTOMER_CSV_HEADER = [...CUSTOMER_IMPORT_FIELDS, 'created_at', 'updated_at'] as const;

export async function exportCustomers(
  db: Database,
  scope: OrgScope,
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
