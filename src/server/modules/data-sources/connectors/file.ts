/**
 * File connector: the rows of an uploaded CSV/JSON file, stored as JSON objects in
 * `data_source_file_rows`, filtered, sorted and paged by SQL (typed by the inferred columns).
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { dataSourceFileRows } from '../../../db/schema/index.ts';
import { containsPattern } from '../../../db/like.ts';
import type {
  ConnectionTestResult,
  DataSourceSchemaResult,
  FileColumn,
  FileConfig,
  QueryResult,
} from '../../../../shared/schemas/data-sources.ts';
import type { FileQuery } from '../../../../shared/schemas/data-source-queries.ts';
import { isDate, isDateTime, type JsonRows } from './file-parse.ts';
import { elapsed, toCell } from './values.ts';
import { ConnectorError, type Connector, type QueryOptions } from './types.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'delete'>;

/**
 * Replaces the stored rows of a file data source (call inside the transaction that saves it).
 * The rows come as the JSON batches of `parseFileInWorker`: each travels as one parameter
 * (much faster than a parameter per value).
 */
export async function storeFileRows(
  db: Executor & Pick<Database, 'execute'>,
  dataSourceId: string,
  rows: JsonRows,
): Promise<void> {
  await db.delete(dataSourceFileRows).where(eq(dataSourceFileRows.dataSourceId, dataSourceId));
  for (const [index, batch] of rows.batches.entries()) {
    await db.execute(sql`insert into ${dataSourceFileRows}
      (${sql.identifier('data_source_id')}, ${sql.identifier('row_number')}, ${sql.identifier('data')})
      select ${dataSourceId}::uuid, ${index * rows.rowsPerBatch}::int + ordinality::int, value
        from jsonb_array_elements(${batch}::jsonb) with ordinality`);
  }
}

/** The typed SQL value of a column of the row (text for text and JSON columns). */
function valueOf(column: FileColumn): SQL {
  const text = sql`(${dataSourceFileRows.data} ->> ${column.name}::text)`;
  switch (column.type) {
    case 'integer':
    case 'number':
      return sql`${text}::numeric`;
    case 'boolean':
      return sql`${text}::boolean`;
    case 'date':
      return sql`${text}::date`;
    case 'datetime':
      return sql`${text}::timestamptz`;
    default:
      return text;
  }
}

/** A filter value checked against the column's type. */
function operand(column: FileColumn, value: string | undefined): string {
  if (value === undefined) {
    throw new ConnectorError('invalid', `Enter a value to filter "${column.name}" by`);
  }
  const v = value.trim();
  const ok =
    column.type === 'integer' || column.type === 'number'
      ? v !== '' && Number.isFinite(Number(v))
      : column.type === 'boolean'
        ? /^(true|false)$/i.test(v)
        : column.type === 'date'
          ? isDate(v)
          : column.type === 'datetime'
            ? isDateTime(v) || isDate(v)
            : true;
  if (!ok) {
    throw new ConnectorError(
      'invalid',
      `"${value}" is not a valid ${column.type} for "${column.name}"`,
    );
  }
  return column.type === 'text' || column.type === 'json' ? value : v.toLowerCase();
}

function condition(
  column: FileColumn,
  op: FileQuery['filters'][number]['op'],
  value?: string,
): SQL {
  const text = sql`(${dataSourceFileRows.data} ->> ${column.name}::text)`;
  switch (op) {
    case 'empty':
      return sql`(${text} is null or ${text} = '')`;
    case 'notEmpty':
      return sql`(${text} is not null and ${text} <> '')`;
    case 'contains':
      return sql`${text} ilike ${containsPattern(value ?? '')}`;
    default: {
      const typed = valueOf(column);
      const v = operand(column, value);
      const right =
        column.type === 'integer' || column.type === 'number'
          ? sql`${v}::numeric`
          : column.type === 'boolean'
            ? sql`${v}::boolean`
            : column.type === 'date'
              ? sql`${v}::date`
              : column.type === 'datetime'
                ? sql`${v}::timestamptz`
                : sql`${v}::text`;
      const operators = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
      if (op === 'neq') return sql`${typed} is distinct from ${right}`;
      return sql`${typed} ${sql.raw(operators[op])} ${right}`;
    }
  }
}

export interface FileSource {
  id: string;
  config: FileConfig;
}

export function fileConnector(db: Database, source: FileSource): Connector<FileQuery> {
  const { config } = source;
  const columnNamed = (name: string) => {
    const column = config.columns.find((c) => c.name === name);
    if (!column) throw new ConnectorError('invalid', `The file has no column "${name}"`);
    return column;
  };

  return {
    async testConnection(): Promise<ConnectionTestResult> {
      const started = performance.now();
      const [row] = await db
        .select({ rows: count() })
        .from(dataSourceFileRows)
        .where(eq(dataSourceFileRows.dataSourceId, source.id));
      const rows = row?.rows ?? 0;
      return {
        ok: true,
        cause: null,
        message: `${config.fileName}: ${rows} rows and ${config.columns.length} columns stored.`,
        durationMs: elapsed(started),
        serverVersion: null,
      };
    },

    listSchema: async (): Promise<DataSourceSchemaResult> => ({
      tables: [
        {
          schema: null,
          name: config.fileName,
          kind: 'file',
          columns: config.columns.map((c) => ({ name: c.name, type: c.type, nullable: true })),
        },
      ],
      truncated: false,
    }),

    async runQuery(query: FileQuery, options: QueryOptions): Promise<QueryResult> {
      const started = performance.now();
      const where = and(
        eq(dataSourceFileRows.dataSourceId, source.id),
        ...query.filters.map((f) => condition(columnNamed(f.column), f.op, f.value)),
      );
      const order = [
        ...query.sort.map((s) => {
          const value = valueOf(columnNamed(s.column));
          return s.direction === 'desc'
            ? sql`${value} desc nulls last`
            : sql`${value} asc nulls last`;
        }),
        asc(dataSourceFileRows.rowNumber),
      ];
      const limit = options.exportAll ? options.rowCap : Math.min(query.pageSize, options.rowCap);
      const offset = options.exportAll ? 0 : (query.page - 1) * query.pageSize;
      try {
        const [rows, [totals]] = await Promise.all([
          db
            .select({ data: dataSourceFileRows.data })
            .from(dataSourceFileRows)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
          db.select({ total: count() }).from(dataSourceFileRows).where(where),
        ]);
        const total = totals?.total ?? 0;
        const grid = rows.map(({ data }) =>
          config.columns.map((c) => toCell((data as Record<string, unknown>)[c.name] ?? null)),
        );
        return {
          columns: config.columns.map((c) => ({ name: c.name, type: c.type })),
          rows: grid,
          rowCount: grid.length,
          // Paging shows the rest; only an export can leave rows out (over its cap).
          truncated: Boolean(options.exportAll) && total > grid.length,
          durationMs: elapsed(started),
          total,
          page: query.page,
          pageSize: query.pageSize,
        };
      } catch (error) {
        // A value the column's type cannot read (e.g. a date filter PostgreSQL refuses).
        const message = dataException(error);
        if (message) throw new ConnectorError('query', message);
        throw error;
      }
    },
  };
}

/** The message of a SQLSTATE class 22 error (a value that does not cast), also when the ORM wrapped it. */
function dataException(error: unknown): string | null {
  type Wrapped = { code?: unknown; cause?: unknown; message?: unknown };
  for (let e = error as Wrapped | undefined; e; e = e.cause as Wrapped | undefined) {
    if (typeof e.code === 'string' && e.code.startsWith('22')) return String(e.message);
  }
  return null;
}
