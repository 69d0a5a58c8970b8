/**
 * PostgreSQL connector (node-postgres). One connection per call, closed afterwards.
 *
 * A console query runs as ONE statement (extended protocol: a second statement is refused by the
 * server) inside `BEGIN READ ONLY` with `SET LOCAL statement_timeout`, and is always rolled back.
 * Rows are fetched through a portal limited to rowCap + 1 rows, so a `select *` of a huge table
 * never loads more than that. The read-only transaction is a safety net, not a sandbox: connect
 * with a user that may only read (functions with side effects are the user's to grant or not).
 */
import pg from 'pg';
import type {
  ConnectionTestResult,
  DataSourceSchemaResult,
  PostgresConfig,
  QueryResult,
  SchemaTable,
  SqlQuery,
} from '../../../../shared/schemas/data-sources.ts';
import {
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
} from '../../../../shared/schemas/data-sources.ts';
import { connectionError, detailOf, networkCause, withDeadline, type Target } from './failures.ts';
import { elapsed, toCell } from './values.ts';
import {
  ConnectorError,
  failedTest,
  type Connector,
  type QueryOptions,
  type TimeoutOptions,
} from './types.ts';

export interface PostgresSettings {
  config: PostgresConfig;
  password: string | null;
}

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

const target = (config: PostgresConfig): Target => ({
  host: config.host,
  port: config.port,
  database: config.database,
  user: config.user,
});

function sslOption(config: PostgresConfig): pg.ClientConfig['ssl'] {
  if (config.ssl === 'disable') return false;
  if (config.ssl === 'require') return { rejectUnauthorized: false };
  return { rejectUnauthorized: true, servername: config.host };
}

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
    return connectionError('AUTHENTICATION_FAILED', target(config));
  if (state === '3D000') return connectionError('DATABASE_NOT_FOUND', target(config));
  const cause = networkCause(error);
  if (cause) return connectionError(cause, target(config), { timeoutMs, detail: detailOf(error) });
  return connectionError('UNKNOWN', target(config), { detail: detailOf(error) });
}

/** Classifies an error of the console's statement. */
function queryFailure(error: unknown, config: PostgresConfig, queryTimeoutMs: number) {
  if (error instanceof ConnectorError) return error;
  const state = sqlState(error);
  if (state === '57014') {
    return new ConnectorError(
      'timeout',
      `The query ran longer than ${queryTimeoutMs / 1000} s and was cancelled.`,
    );
  }
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

/** A query that stops after `rowCap + 1` rows instead of fetching the rest of the portal. */
class CappedQuery extends pg.Query {
  truncated = false;

  constructor(text: string, rowCap: number) {
    // rowMode and rows are runtime options of node-postgres that its typings do not list.
    super({
      text,
      rowMode: 'array',
      queryMode: 'extended',
      rows: rowCap + 1,
      types,
    } as pg.QueryConfig);
  }

  /** The portal has more rows: keep what we have and end the exchange (the rollback closes it). */
  handlePortalSuspended(connection: { sync(): void }) {
    this.truncated = true;
    connection.sync();
  }
}

type RawResult = { fields: { name: string; dataTypeID: number }[]; rows: unknown[][] };

function runCapped(client: pg.Client, text: string, rowCap: number) {
  return new Promise<{ result: RawResult; truncated: boolean }>((resolve, reject) => {
    const query = new CappedQuery(text, rowCap);
    query.on('error', reject);
    query.on('end', (result: RawResult) => resolve({ result, truncated: query.truncated }));
    void client.query(query);
  });
}

export function postgresConnector(settings: PostgresSettings): Connector<SqlQuery> {
  const { config } = settings;

  async function open(connectTimeoutMs: number): Promise<pg.Client> {
    const client = new pg.Client({
      host: config.host,
      port: config.port,
      database: config.database,
      user: config.user,
      // Never undefined: node-postgres would fall back to PGPASSWORD or ~/.pgpass of this server.
      password: settings.password ?? '',
      ssl: sslOption(config),
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
        () => connectionError('TIMEOUT', target(config), { timeoutMs: connectTimeoutMs }),
      );
    } catch (error) {
      destroy(client);
      throw connectFailure(error, config, connectTimeoutMs);
    }
    return client;
  }

  return {
    async testConnection(options: TimeoutOptions = {}): Promise<ConnectionTestResult> {
      const timeoutMs = options.connectTimeoutMs ?? DATA_SOURCE_LIMITS.testTimeoutMs;
      const started = performance.now();
      let client: pg.Client | undefined;
      try {
        client = await open(timeoutMs);
        const opened = client;
        const { rows } = await withDeadline(
          opened.query<{ version: string }>('select version() as version'),
          Math.max(1, timeoutMs - elapsed(started)),
          () => destroy(opened),
          () => connectionError('TIMEOUT', target(config), { timeoutMs }),
        );
        const version = rows[0]?.version.split(' on ')[0] ?? null;
        return {
          ok: true,
          cause: null,
          message: `Connected to ${version ?? 'PostgreSQL'}.`,
          durationMs: elapsed(started),
          serverVersion: version,
        };
      } catch (error) {
        return failedTest(connectFailure(error, config, timeoutMs), started);
      } finally {
        await close(client);
      }
    },

    async listSchema(options: TimeoutOptions = {}): Promise<DataSourceSchemaResult> {
      const timeoutMs = options.connectTimeoutMs ?? DATA_SOURCE_LIMITS.testTimeoutMs;
      const client = await open(timeoutMs);
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
      const connectTimeoutMs = options.connectTimeoutMs ?? DATA_SOURCE_LIMITS.testTimeoutMs;
      const queryTimeoutMs = Math.round(
        options.queryTimeoutMs ?? DATA_SOURCE_LIMITS.queryTimeoutMs,
      );
      const client = await open(connectTimeoutMs);
      const started = performance.now();
      try {
        const { result, truncated } = await withDeadline(
          (async () => {
            await client.query('begin transaction read only');
            await client.query(`set local statement_timeout = ${queryTimeoutMs}`);
            const capped = await runCapped(client, query.sql, options.rowCap);
            return capped;
          })(),
          // The server cancels the statement; this only guards against a server that stops answering.
          queryTimeoutMs + 5000,
          () => destroy(client),
          () =>
            new ConnectorError(
              'timeout',
              `The query ran longer than ${queryTimeoutMs / 1000} s and was cancelled.`,
            ),
        );
        const typeNames = await typeNamesOf(
          client,
          result.fields.map((field) => field.dataTypeID),
        );
        await client.query('rollback');
        const rows = result.rows.slice(0, options.rowCap).map((row) => row.map(toCell));
        return {
          columns: result.fields.map((field) => ({
            name: field.name,
            type: typeNames.get(field.dataTypeID) ?? String(field.dataTypeID),
          })),
          rows,
          rowCount: rows.length,
          truncated: truncated || result.rows.length > options.rowCap,
          durationMs: elapsed(started),
        };
      } catch (error) {
        throw queryFailure(error, config, queryTimeoutMs);
      } finally {
        await close(client);
      }
    },
  };
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
  if (!client) return;
  await withDeadline(
    client.end(),
    2000,
    () => destroy(client),
    () => new Error('close'),
  ).catch(() => destroy(client));
}
