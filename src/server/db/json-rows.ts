import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

interface ColumnPlan {
  key: string;
  name: string;
  /** What a row that leaves the column out gets, in JS (a literal or a `$defaultFn` default). */
  fill?: () => unknown;
  /** ... or in SQL (`defaultNow()`, `defaultRandom()`): the select takes it when the value is null. */
  sqlDefault?: SQL;
}

const plans = new WeakMap<
  PgTable,
  { columns: ColumnPlan[]; head: SQL; select: SQL; record: SQL }
>();

/** The table's columns, their defaults and the fixed parts of the statement, worked out once. */
function planOf(table: PgTable) {
  let plan = plans.get(table);
  if (plan) return plan;
  const columns: ColumnPlan[] = Object.entries(getTableColumns(table)).map(([key, column]) => {
    if (column.defaultFn) return { key, name: column.name, fill: column.defaultFn };
    if (is(column.default, SQL)) return { key, name: column.name, sqlDefault: column.default };
    if (column.default !== undefined) {
      const value = column.default;
      return { key, name: column.name, fill: () => value };
    }
    return { key, name: column.name };
  });
  const quoted = (name: string) => `"${name}"`;
  const byKey = getTableColumns(table);
  plan = {
    columns,
    head: sql.raw(columns.map((c) => quoted(c.name)).join(', ')),
    select: sql.join(
      columns.map((c) =>
        c.sqlDefault
          ? sql`coalesce(v.${sql.raw(quoted(c.name))}, ${c.sqlDefault})`
          : sql.raw(`v.${quoted(c.name)}`),
      ),
      sql`, `,
    ),
    record: sql.raw(
      columns.map((c) => `${quoted(c.name)} ${byKey[c.key]!.getSQLType()}`).join(', '),
    ),
  };
  plans.set(table, plan);
  return plan;
}

/**
 * `insert into <table>` of many rows as one JSON parameter (`jsonb_to_recordset`): drizzle's
 * `insert … values` renders and types every value of every row anew on each call, which for a
 * batch of runs cost more than the database's own work. Every column of the table is written,
 * so the statement's text (and its plan) stays the same from one call to the next; a column a
 * row leaves out (or gives as null) takes the table's default, as in drizzle's insert. Values go
 * as JSON: JSON columns as they are, dates as ISO strings.
 */
export function insertJsonRows<T extends PgTable>(table: T, rows: T['$inferInsert'][]): SQL {
  const { columns, head, select, record } = planOf(table);
  const data = rows.map((row) => {
    const values: Record<string, unknown> = {};
    for (const column of columns) {
      const value = (row as Record<string, unknown>)[column.key];
      values[column.name] = value ?? column.fill?.() ?? null;
    }
    return values;
  });
  return sql`insert into ${table} (${head}) select ${select}
    from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as v(${record})`;
}
