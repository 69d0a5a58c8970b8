/**
 * PostgreSQL connector (node-postgres). One connection per call, closed afterwards, to the
 * address the outbound policy checked (src/server/net/outbound.ts).
 *
 * A console query must pass the statement allow-list (sql-guard.ts), then runs as ONE statement
 * (extended protocol) inside `BEGIN READ ONLY` with `SET LOCAL statement_timeout`, and is always
 * rolled back. Rows are read through a cursor in batches until rowCap + 1 rows or
 * `resultMaxBytes` of cells, so a huge table or huge values never load whole; past the deadline
 * the statement is cancelled on the server (`pg_cancel_backend`). A role that is a superuser or
 * may reach the server's files or programs is refused unless `allowPrivilegedRole`
 * (see docs/data-sources.md for a read-only role).
 */
import pg from 'pg';
import Cursor from 'pg-cursor';
import type {
  ConnectionTestResult,
  DataSourceSchemaResult,
  PostgresConfig,
  QueryResult,
  SchemaTable,
} from '../../../../shared/schemas/data-sources.ts';
import type { SqlQuery } from '../../../../shared/schemas/data-source-queries.ts';
import {
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
} from '../../../../shared/schemas/data-sources.ts';
import { connectionError, withDeadline } from './failures.ts';
import { CappedRows, rowBytes } from './values.ts';
import { checkPostgresStatement } from './sql-guard.ts';
import {
  cappedResult,
  closeWithin,
  databaseTarget,
  openAllowed,
  otherConnectFailure,
  queryTimedOut,
  testDatabase,
  type DatabaseDriver,
  type DatabaseSettings,
} from './sql-connection.ts';
import { pinnedSocket } from '../../../net/outbound.ts';
import { ConnectorError, type Connector, type QueryOptions, type TimeoutOptions } from './types.ts';

export type PostgresSettings = DatabaseSettings<PostgresConfig>;

/** True when the session's role is a superuser or may reach the server's files or programs. */
const PRIVILEGED_ROLE_SQL = `select coalesce((select rolsuper from pg_catalog.pg_roles where rolname = current_user), false)
  or coalesce((select bool_or(pg_has_role(current_user, oid, 'member')) from pg_catalog.pg_roles
     where rolname in ('pg_execute_server_program', 'pg_read_server_files', 'pg_write_server_files')), false)
  as privileged`;

export async function isPrivilegedRole(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ privileged: boolean }>(PRIVILEGED_ROLE_SQL);
  return rows[0]?.privileged === true;
}

/** Rows read from the cursor at a time: as many as fit in this many bytes, 1 to 100. */
const BATCH_BYTES = 2 * 1024 * 1024;

const SCHEMA_MAX_COLUMNS = 20_000;
const SCHEMA_MAX_TABLES = 1000;

// Values as PostgreSQL writes them (dates, numerics, arrays stay text: exact, no time zone
// surprises); only booleans, small numbers and JSON are turned into their JSON equivalents.
const PARSERS: Record<number, (value: string) => unknown> = {
  16: (v) => v === 't',
  20: (v) => v, // int8: text, may not fit a double
  21: Number,
  23: Number,
  26: Number,
  700: Number,
  701: Number,
  114: (v) => JSON.parse(v),
  3802: (v) => JSON.parse(v),
};
const asText = (value: string) => value;
const types = {
  getTypeParser: (oid: number, format?: string) =>
    format === 'binary' ? asText : (PARSERS[oid] ?? asText),
} as unknown as pg.CustomTypesConfig;

/** TLS of the first attempt: 'prefer' tries it unchecked, as 'require' does (then see open). */
function sslOption(config: PostgresConfig): pg.ClientConfig['ssl'] {
  if (config.ssl === 'disable') return false;
  if (config.ssl === 'require' || config.ssl === 'prefer') return { rejectUnauthorized: false };
  return { rejectUnauthorized: true, servername: config.host };
}

/** The server answered that it has no TLS (node-postgres' message for libpq's 'N'). */
const noTlsOnServer = (error: unknown) =>
  error instanceof Error && /does not support SSL/i.test(error.message);

/** A PostgreSQL error code (SQLSTATE) when the server sent one. */
const sqlState = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
    ? (error as { code: string }).code
    : null;

/** Classifies a failure to connect (or a lost connection). */
function connectFailure(error: unknown, config: PostgresConfig, timeoutMs: number) {
  if (error instanceof ConnectorError) return error;
  const state = sqlState(error);
  if (state === '28P01' || state === '28000')
    return connectionError('AUTHENTICATION_FAILED', databaseTarget(config));
  if (state === '3D000') return connectionError('DATABASE_NOT_FOUND', databaseTarget(config));
  return otherConnectFailure(error, config, timeoutMs);
}

/** Classifies an error of the console's statement. */
function queryFailure(error: unknown, config: PostgresConfig, queryTimeoutMs: number) {
  if (error instanceof ConnectorError) return error;
  const state = sqlState(error);
  if (state === '57014') return queryTimedOut(queryTimeoutMs);
  if (state && !state.startsWith('08') && !state.startsWith('28') && !state.startsWith('57P')) {
    const { message, position } = error as { message: string; position?: string };
    if (/multiple commands/.test(message)) {
      return new ConnectorError('query', DATA_SOURCE_MESSAGES.oneStatement);
    }
    return new ConnectorError(
      'query',
      position ? `${message} (at character ${position})` : message,
    );
  }
  return connectFailure(error, config, queryTimeoutMs);
}

type Field = { name: string; dataTypeID: number };

/**
 * Reads the cursor until rowCap + 1 rows or the byte cap. The first batch is one row; later
 * batches hold about BATCH_BYTES, so huge rows are read one at a time.
 */
async function readCapped(client: pg.Client, text: string, rowCap: number) {
  const cursor = client.query(new Cursor(text, undefined, { rowMode: 'array', types }));
  const result = new CappedRows(rowCap, DATA_SOURCE_LIMITS.resultMaxBytes);
  let batchRows = 1;
  for (;;) {
    const batch = (await cursor.read(batchRows)) as unknown as unknown[][];
    if (batch.length === 0) break;
    if (!batch.every((row) => result.add(row))) break;
    const largest = Math.max(...batch.map(rowBytes), 1);
    batchRows = Math.min(100, Math.max(1, Math.floor(BATCH_BYTES / largest)));
  }
  const fields = (cursor as unknown as { _result: { fields: Field[] } })._result.fields;
  // Frees the connection for the next statements (an unfinished portal is closed).
  await cursor.close();
  return { fields, rows: result.rows, truncatedBy: result.truncatedBy };
}

export function postgresConnector(settings: PostgresSettings): Connector<SqlQuery> {
  const { config } = settings;

  async function connect(
    address: string,
    ssl: pg.ClientConfig['ssl'],
    connectTimeoutMs: number,
  ): Promise<pg.Client> {
    const client = new pg.Client({
      // The driver keeps the host name (TLS server name and certificate check); the socket goes
      // to the address the policy checked.
      stream: () => pinnedSocket(address),
      host: config.host,
      port: config.port,
      database: config.database,
      user: config.user,
      // Never undefined: node-postgres would fall back to PGPASSWORD or ~/.pgpass of this server.
      password: settings.password ?? '',
      ssl,
      connectionTimeoutMillis: connectTimeoutMs,
      application_name: 'meridian',
      types,
    });
    // A dropped connection emits 'error' on the client; the pending call reports it.
    client.on('error', () => undefined);
    try {
      await withDeadline(
        client.connect(),
        connectTimeoutMs + 1000,
        () => destroy(client),
        () => connectionError('TIMEOUT', databaseTarget(config), { timeoutMs: connectTimeoutMs }),
      );
    } catch (error) {
      destroy(client);
      throw error;
    }
    return client;
  }

  const driver: DatabaseDriver<pg.Client> = {
    open: (connectTimeoutMs) =>
      openAllowed(settings, connectTimeoutMs, {
        connect,
        ssl: sslOption(config),
        noSsl: false,
        noTlsOnServer,
        connectFailure: driver.connectFailure,
      }),
    close,
    destroy,
    connectFailure: (error, timeoutMs) => connectFailure(error, config, timeoutMs),
  };

  return {
    testConnection: (options: TimeoutOptions = {}): Promise<ConnectionTestResult> =>
      testDatabase(
        config,
        options,
        driver,
        async (client) =>
          (await client.query<{ version: string }>('select version() as version')).rows[0]?.version,
        async (client, raw) => ({
          version: raw?.split(' on ')[0] ?? null,
          product: 'PostgreSQL',
          privilegedRole: await isPrivilegedRole(client),
        }),
      ),

    async listSchema(options: TimeoutOptions = {}): Promise<DataSourceSchemaResult> {
      const timeoutMs = options.connectTimeoutMs ?? DATA_SOURCE_LIMITS.testTimeoutMs;
      const client = await driver.open(timeoutMs);
      try {
        await client.query('begin read only');
        await client.query(`set local statement_timeout = ${DATA_SOURCE_LIMITS.queryTimeoutMs}`);
        const { rows } = await client.query<{
          schema: string;
          table: string;
          kind: string;
          column: string;
          type: string;
          nullable: boolean;
        }>(
          `select n.nspname as schema, c.relname as table, c.relkind as kind,
                  a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
                  not a.attnotnull as nullable
             from pg_catalog.pg_class c
             join pg_catalog.pg_namespace n on n.oid = c.relnamespace
             join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
            where c.relkind in ('r', 'p', 'v', 'm', 'f')
              and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
              and has_schema_privilege(n.oid, 'USAGE')
            order by n.nspname, c.relname, a.attnum
            limit ${SCHEMA_MAX_COLUMNS + 1}`,
        );
        await client.query('rollback');
        return groupColumns(
          rows.map((row) => ({
            ...row,
            kind: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table',
          })),
          rows.length > SCHEMA_MAX_COLUMNS,
        );
      } catch (error) {
        throw queryFailure(error, config, DATA_SOURCE_LIMITS.queryTimeoutMs);
      } finally {
        await close(client);
      }
    },

    async runQuery(query: SqlQuery, options: QueryOptions): Promise<QueryResult> {
      await checkPostgresStatement(query.sql);
      const connectTimeoutMs = options.connectTimeoutMs ?? DATA_SOURCE_LIMITS.testTimeoutMs;
      const queryTimeoutMs = Math.round(
        options.queryTimeoutMs ?? DATA_SOURCE_LIMITS.queryTimeoutMs,
      );
      const client = await driver.open(connectTimeoutMs);
      const started = performance.now();
      try {
        if (!options.allowPrivilegedRole && (await isPrivilegedRole(client))) {
          throw new ConnectorError('privileged', DATA_SOURCE_MESSAGES.privilegedRole);
        }
        const result = await withDeadline(
          (async () => {
            await client.query('begin transaction read only');
            await client.query(`set local statement_timeout = ${queryTimeoutMs}`);
            return readCapped(client, query.sql, options.rowCap);
          })(),
          // The server cancels the statement itself; this is for a statement that escaped its
          // time-out: it is cancelled on the server, then the connection is dropped.
          queryTimeoutMs + 2000,
          () => void cancelOnServer(client).finally(() => destroy(client)),
          () => queryTimedOut(queryTimeoutMs),
        );
        const typeNames = await typeNamesOf(
          client,
          result.fields.map((field) => field.dataTypeID),
        );
        await client.query('rollback');
        const columns = result.fields.map((field) => ({
          name: field.name,
          type: typeNames.get(field.dataTypeID) ?? String(field.dataTypeID),
        }));
        return cappedResult(columns, result, started);
      } catch (error) {
        throw queryFailure(error, config, queryTimeoutMs);
      } finally {
        await close(client);
      }
    },
  };

  /** Cancels the client's running statement from a second connection. */
  async function cancelOnServer(client: pg.Client) {
    const pid = (client as unknown as { processID?: number }).processID;
    if (!pid) return;
    let canceller: pg.Client | undefined;
    try {
      canceller = await driver.open(DATA_SOURCE_LIMITS.testTimeoutMs);
      await canceller.query('select pg_cancel_backend($1)', [pid]);
    } catch {
      // The statement ends with its connection anyway.
    } finally {
      await close(canceller);
    }
  }
}

/** `int4`, `text`, `timestamp with time zone`… for the result's columns. */
async function typeNamesOf(client: pg.Client, oids: number[]): Promise<Map<number, string>> {
  if (!oids.length) return new Map();
  const { rows } = await client.query<{ oid: number; name: string }>(
    'select oid::int as oid, format_type(oid, null) as name from pg_catalog.pg_type where oid = any($1::oid[])',
    [[...new Set(oids)]],
  );
  return new Map(rows.map((row) => [Number(row.oid), row.name]));
}

/** Rows of (schema, table, column) in order, grouped into tables; at most SCHEMA_MAX_TABLES. */
export function groupColumns(
  rows: {
    schema: string | null;
    table: string;
    kind: string;
    column: string;
    type: string;
    nullable: boolean | number | string;
  }[],
  truncated: boolean,
): DataSourceSchemaResult {
  const tables: SchemaTable[] = [];
  let current: SchemaTable | undefined;
  for (const row of rows.slice(0, SCHEMA_MAX_COLUMNS)) {
    if (!current || current.schema !== row.schema || current.name !== row.table) {
      if (tables.length === SCHEMA_MAX_TABLES) return { tables, truncated: true };
      current = {
        schema: row.schema,
        name: row.table,
        kind: row.kind === 'view' ? 'view' : 'table',
        columns: [],
      };
      tables.push(current);
    }
    current.columns.push({
      name: row.column,
      type: row.type,
      nullable: row.nullable === true || row.nullable === 1 || row.nullable === 'YES',
    });
  }
  return { tables, truncated };
}

function destroy(client: pg.Client) {
  // The socket, not a polite end: used when the server stopped answering.
  (
    client as unknown as { connection?: { stream?: { destroy(): void } } }
  ).connection?.stream?.destroy();
}

async function close(client: pg.Client | undefined) {
  if (client) await closeWithin(client.end(), () => destroy(client));
}
