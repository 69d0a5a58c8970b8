/**
 * What every connector offers (PostgreSQL, MySQL/MariaDB, HTTP API, uploaded file):
 *
 * - `testConnection`: connects (10 s time-out by default) and answers ok or a classified cause;
 *   it never throws for a failed connection.
 * - `listSchema`: tables and columns, or the inferred columns of a file.
 * - `runQuery`: one read-only request; results as columns + rows, capped at `rowCap` rows with
 *   `truncated` telling that there were more.
 *
 * `listSchema` and `runQuery` throw `ConnectorError`: `connection` (the system could not be
 * reached or refused us; the API answers 502 CONNECTION_FAILED), `query` (the system refused the
 * request, e.g. a SQL error or a write in the read-only transaction; 422 QUERY_FAILED) or
 * `timeout` (the statement ran longer than allowed; 422 QUERY_TIMEOUT), `invalid` (the request
 * itself is wrong, e.g. a filter on a column the file does not have; 400 VALIDATION_ERROR),
 * `refused` (not a read statement, see sql-guard.ts; 400 STATEMENT_NOT_ALLOWED), `privileged`
 * (the source's role can reach the database server's files or programs and no admin accepted
 * that; 403 PRIVILEGED_ROLE) or `tooLarge` (the answer could not be read within the memory a query
 * may use; 422 RESULT_TOO_LARGE).
 */
import type {
  ConnectionFailureCause,
  ConnectionTestResult,
  DataSourceSchemaResult,
  QueryResult,
} from '../../../../shared/schemas/data-sources.ts';

export type ConnectorErrorKind =
  'connection' | 'query' | 'timeout' | 'invalid' | 'refused' | 'privileged' | 'tooLarge';

export class ConnectorError extends Error {
  readonly kind: ConnectorErrorKind;
  /** For `connection` errors: why. */
  readonly failure: ConnectionFailureCause | null;

  constructor(
    kind: ConnectorErrorKind,
    message: string,
    failure: ConnectionFailureCause | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.kind = kind;
    this.failure = failure;
    this.name = 'ConnectorError';
  }
}

export interface TimeoutOptions {
  /** How long to wait for a connection (and, for a test, its answer). Default 10 s. */
  connectTimeoutMs?: number;
}

export interface QueryOptions extends TimeoutOptions {
  /** At most this many rows come back; `truncated` says when there were more. */
  rowCap: number;
  /** PostgreSQL: run even when the role may reach the server's files or programs. */
  allowPrivilegedRole?: boolean;
  /** The statement (or HTTP request) is cancelled after this long. Default 30 s. */
  queryTimeoutMs?: number;
  /** For a CSV export: files ignore their paging and give every row up to rowCap. */
  exportAll?: boolean;
}

export interface Connector<Query> {
  testConnection(options?: TimeoutOptions): Promise<ConnectionTestResult>;
  listSchema(options?: TimeoutOptions): Promise<DataSourceSchemaResult>;
  runQuery(query: Query, options: QueryOptions): Promise<QueryResult>;
}

/** A failed test, from a classified connection error. */
export function failedTest(error: ConnectorError, started: number): ConnectionTestResult {
  return {
    ok: false,
    cause: error.failure ?? 'UNKNOWN',
    message: error.message,
    durationMs: Math.round(performance.now() - started),
    serverVersion: null,
  };
}
