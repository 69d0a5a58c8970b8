/**
 * The query console as plain data: request bodies per type, identifiers, the error of a failed
 * run, how a cell reads. No React here.
 */
import {
  CONNECTION_FAILURE_CAUSES,
  DATA_SOURCE_ERROR_CODES,
  type ConnectionFailureCause,
  type SqlDataSourceType,
} from '../../../shared/schemas/data-sources';
import { type FileFilterOperator } from '../../../shared/schemas/data-source-queries';
import type { SortOrder } from '../../../shared/schemas/query';

/** An identifier quoted for the dialect ("a""b" for PostgreSQL, `a``b` for MySQL). */
export function quoteIdentifier(type: SqlDataSourceType, name: string): string {
  return type === 'mysql' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`;
}

/** A first query for a table of the schema browser. */
export function selectAllSql(
  type: SqlDataSourceType,
  table: { schema: string | null; name: string },
): string {
  const qualified = table.schema
    ? `${quoteIdentifier(type, table.schema)}.${quoteIdentifier(type, table.name)}`
    : quoteIdentifier(type, table.name);
  return `select *\nfrom ${qualified}\nlimit 100;`;
}

/** The connection failure cause of a 502 CONNECTION_FAILED answer, if it is one. */
export function connectionCauseOf(error: unknown): ConnectionFailureCause | null {
  if (!error || typeof error !== 'object') return null;
  const { code, fields } = error as { code?: unknown; fields?: Record<string, string[]> };
  if (code !== DATA_SOURCE_ERROR_CODES.connectionFailed) return null;
  const cause = fields?.cause?.[0];
  return CONNECTION_FAILURE_CAUSES.find((known) => known === cause) ?? 'UNKNOWN';
}

/** What kind of failure a console run had, for the message shown. */
export type RunFailureKind =
  'queryFailed' | 'timeout' | 'connection' | 'invalid' | 'privileged' | 'tooLarge' | 'other';

export function runFailureKind(error: unknown): RunFailureKind {
  const code =
    error && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : '';
  if (code === DATA_SOURCE_ERROR_CODES.queryFailed) return 'queryFailed';
  if (code === DATA_SOURCE_ERROR_CODES.statementNotAllowed) return 'queryFailed';
  if (code === DATA_SOURCE_ERROR_CODES.privilegedRole) return 'privileged';
  if (code === DATA_SOURCE_ERROR_CODES.resultTooLarge) return 'tooLarge';
  if (code === DATA_SOURCE_ERROR_CODES.queryTimeout) return 'timeout';
  if (code === DATA_SOURCE_ERROR_CODES.connectionFailed) return 'connection';
  if (code === 'VALIDATION_ERROR') return 'invalid';
  return 'other';
}

/** A cell as the grid shows it: null stays null (shown as NULL), objects as JSON. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export interface HttpParamRow {
  name: string;
  value: string;
}

/** POST /query body of an HTTP source: a GET of `path` with the non-empty parameters. */
export function httpQueryBody(path: string, params: HttpParamRow[]) {
  const query: Record<string, string> = {};
  for (const param of params) {
    const name = param.name.trim();
    if (name) query[name] = param.value;
  }
  const trimmed = path.trim();
  return { path: trimmed === '' || trimmed.startsWith('/') ? trimmed : `/${trimmed}`, query };
}

export interface FileFilterRow {
  column: string;
  op: FileFilterOperator;
  value: string;
}

export interface FileSortRow {
  column: string;
  direction: SortOrder;
}

/** Operators that take no value. */
export const VALUELESS_OPERATORS: readonly FileFilterOperator[] = ['empty', 'notEmpty'];

/** POST /query body of a file source; rows without a column are left out. */
export function fileQueryBody(
  filters: FileFilterRow[],
  sort: FileSortRow[],
  page: number,
  pageSize: number,
) {
  return {
    filters: filters
      .filter((filter) => filter.column)
      .map((filter) =>
        VALUELESS_OPERATORS.includes(filter.op)
          ? { column: filter.column, op: filter.op }
          : { column: filter.column, op: filter.op, value: filter.value },
      ),
    sort: sort.filter((entry) => entry.column),
    page,
    pageSize,
  };
}
