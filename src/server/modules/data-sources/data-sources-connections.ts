/**
 * Connections to the external systems of data sources: 'Test connection', the schema, the query
 * console and its CSV export, and accepting a privileged PostgreSQL role.
 *
 * Errors (documented decision): a connector never makes a 500.
 * - The external system cannot be reached or refuses our credentials: 502 CONNECTION_FAILED,
 *   the message says why and `fields.cause[0]` names the cause (NAME_NOT_FOUND,
 *   CONNECTION_REFUSED, AUTHENTICATION_FAILED, TLS, TIMEOUT, DATABASE_NOT_FOUND, UNREACHABLE,
 *   HTTP_ERROR, UNKNOWN). 502 because we act as a gateway to a system that failed, not because
 *   the request was wrong; 'Test connection' itself answers 200 with `ok: false` and the cause.
 * - The system refused the statement (SQL error, a write in the read-only transaction): 422
 *   QUERY_FAILED with the system's message; a statement over its time limit: 422 QUERY_TIMEOUT.
 * - The request is wrong for the source (unknown file column, bad filter value): 400.
 * A statement outside the allow-list is a 400 STATEMENT_NOT_ALLOWED; a PostgreSQL role that may
 * reach the server's files or programs a 403 PRIVILEGED_ROLE for everyone but organisation admins
 * until an admin accepts it; an answer too large to read a 422 RESULT_TOO_LARGE.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dataSources } from '../../db/schema/index.ts';
import type { AuditActor } from '../../audit/record.ts';
import { httpError, type HttpError } from '../../http/errors.ts';
import { toCsv } from '../../http/csv.ts';
import type { OrgScope } from '../../http/records.ts';
import {
  DATA_SOURCE_ERROR_CODES,
  DATA_SOURCE_LIMITS,
  type ConfiguredDataSourceType,
  type ConnectionTestResult,
  type DataSourceDetailDto,
  type DataSourceSchemaResult,
  type QueryResult,
} from '../../../shared/schemas/data-sources.ts';
import { connectorFor, ConnectorError, type AnyConnector } from './connectors/index.ts';
import { destinationOf, secretFor, unseal } from './data-sources-secrets.ts';
import {
  auditDataSource,
  findDataSource,
  getDataSource,
  parseConfig,
  type DataSourceDeps,
  type DataSourceRow,
} from './data-sources.service.ts';

/** Maps a connector failure to the API error (see the module comment). */
export function connectorHttpError(error: unknown): unknown {
  if (!(error instanceof ConnectorError)) return error;
  const codes = DATA_SOURCE_ERROR_CODES;
  const errors: Record<ConnectorError['kind'], () => HttpError> = {
    connection: () =>
      httpError(codes.connectionFailed, error.message, { cause: [error.failure ?? 'UNKNOWN'] }),
    timeout: () => httpError(codes.queryTimeout, error.message),
    invalid: () => httpError('VALIDATION_ERROR', error.message),
    query: () => httpError(codes.queryFailed, error.message),
    refused: () => httpError(codes.statementNotAllowed, error.message, { sql: [error.message] }),
    privileged: () => httpError(codes.privilegedRole, error.message),
    tooLarge: () => httpError(codes.resultTooLarge, error.message),
  };
  return errors[error.kind]();
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw connectorHttpError(error);
  }
}

function connectorOf(deps: DataSourceDeps, row: DataSourceRow): AnyConnector {
  return connectorFor(
    deps.db,
    { id: row.id, type: row.type, config: row.config, secret: unseal(deps, row) },
    deps.config.outbound,
  );
}

/** 'Test connection' of settings not saved yet. */
export function testSettings(
  deps: DataSourceDeps,
  settings: { type: ConfiguredDataSourceType; config: unknown; secret?: string | undefined },
): Promise<ConnectionTestResult> {
  return connectorFor(
    deps.db,
    {
      id: randomUUID(),
      type: settings.type,
      config: settings.config,
      secret: settings.secret ?? null,
    },
    deps.config.outbound,
  ).testConnection();
}

/**
 * 'Test connection' of a saved source, optionally with edited settings: the stored secret is
 * used only for the stored destination. Audited, with the destination tested.
 */
export async function testDataSource(
  deps: DataSourceDeps,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  overrides: { config?: Record<string, unknown>; secret?: string | null } = {},
): Promise<ConnectionTestResult> {
  const row = await findDataSource(deps.db, scope, id);
  const edited = overrides.config !== undefined || overrides.secret !== undefined;
  let config: unknown = row.config;
  let result: ConnectionTestResult;
  if (row.type === 'file' || !edited) {
    result = await connectorOf(deps, row).testConnection();
  } else {
    if (overrides.config) config = parseConfig(row.type, overrides.config);
    const secret = secretFor(deps, row, config, overrides.secret);
    result = await connectorFor(
      deps.db,
      { id, type: row.type, config, secret },
      deps.config.outbound,
    ).testConnection();
  }
  await auditDataSource(deps.db, scope, actor, id, 'data_source.test', {
    after: {
      dataSource: row.name,
      destination: destinationOf(row.type, config) || null,
      edited,
      ok: result.ok,
      cause: result.cause,
    },
  });
  return result;
}

/** An organisation admin accepts that a PostgreSQL source's role is privileged (audited). */
export async function acceptPrivilegedRole(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
): Promise<DataSourceDetailDto> {
  await db.transaction(async (tx) => {
    const row = await findDataSource(tx, scope, id);
    if (row.type !== 'postgres') {
      throw httpError('VALIDATION_ERROR', 'Only PostgreSQL sources have roles to accept');
    }
    await tx
      .update(dataSources)
      .set({ privilegedRoleAcceptedAt: new Date(), privilegedRoleAcceptedBy: actor.id })
      .where(eq(dataSources.id, id));
    await auditDataSource(tx, scope, actor, id, 'data_source.privileged_role.accept', {
      after: { dataSource: row.name },
    });
  });
  return getDataSource(db, scope, id);
}

/** Tables and columns (databases) or inferred columns (files). */
export async function readDataSourceSchema(
  deps: DataSourceDeps,
  scope: OrgScope,
  id: string,
): Promise<DataSourceSchemaResult> {
  const row = await findDataSource(deps.db, scope, id);
  return mapped(() => connectorOf(deps, row).listSchema());
}

export type QueryOptions = { exporting?: boolean; organizationAdmin?: boolean };

/** Runs the console's request; `exporting` raises the row cap to the export's. */
export async function queryDataSource(
  deps: DataSourceDeps,
  scope: OrgScope,
  id: string,
  input: Record<string, unknown>,
  options: QueryOptions = {},
): Promise<{ name: string; result: QueryResult }> {
  const row = await findDataSource(deps.db, scope, id);
  const rowCap = options.exporting ? DATA_SOURCE_LIMITS.exportRowCap : DATA_SOURCE_LIMITS.rowCap;
  const connector = connectorOf(deps, row);
  const result = await mapped(() =>
    connector.runQuery(input, {
      rowCap,
      exportAll: Boolean(options.exporting),
      allowPrivilegedRole:
        Boolean(options.organizationAdmin) || row.privilegedRoleAcceptedAt !== null,
    }),
  );
  return { name: row.name, result };
}

/** The console's request as a CSV file: its name (from the source's), text and truncation. */
export async function queryDataSourceCsv(
  deps: DataSourceDeps,
  scope: OrgScope,
  id: string,
  input: Record<string, unknown>,
  options: Omit<QueryOptions, 'exporting'> = {},
): Promise<{ fileName: string; csv: string; truncated: boolean }> {
  const { name, result } = await queryDataSource(deps, scope, id, input, {
    ...options,
    exporting: true,
  });
  const fileName = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'query';
  const header = result.columns.map((column) => column.name);
  return { fileName, csv: toCsv(header, result.rows), truncated: result.truncated };
}
