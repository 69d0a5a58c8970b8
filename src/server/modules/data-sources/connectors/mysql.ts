/**
 * MySQL / MariaDB connector (mysql2). One connection per call, closed afterwards, to the address
 * the outbound policy checked (src/server/net/outbound.ts).
 *
 * A console query must pass the statement allow-list (sql-guard.ts: no compound statements, no
 * `SET STATEMENT … FOR`, no executable comments), then runs as ONE statement (multipleStatements
 * stays off) after
 * `SET SESSION TRANSACTION READ ONLY` and inside `START TRANSACTION READ ONLY`, with a statement
 * time-out (`max_statement_time` on MariaDB, `max_execution_time` on MySQL). The session setting
 * matters: DDL commits the open transaction implicitly and would otherwise run outside it. Rows
 * are streamed and the connection is dropped after rowCap + 1 rows or `resultMaxBytes` of cells;
 * past the deadline the statement is killed on the server (`KILL QUERY`). `LOAD DATA LOCAL` is
 * refused (the LOCAL_FILES flag is off), so a server cannot read files of this machine.
 */
import net from 'node:net';
import type mysql from 'mysql2';
import type {
  ConnectionTestResult,
  DataSourceSchemaResult,
  MysqlConfig,
  QueryResult,
} from '../../../../shared/schemas/data-sources.ts';
import type { SqlQuery } from '../../../../shared/schemas/data-source-queries.ts';
import { DATA_SOURCE_LIMITS } from '../../../../shared/schemas/data-sources.ts';
import { connectionError, withDeadline } from './failures.ts';
import { groupColumns } from './postgres.ts';
import { CappedRows } from './values.ts';
import { checkMysqlStatement } from './sql-guard.ts';
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
import { ConnectorError, type Connector, type QueryOptions, type TimeoutOptions } from './types.ts';

export type MysqlSettings = DatabaseSettings<MysqlConfig>;

const SCHEMA_MAX_COLUMNS = 20_000;

const AUTH_ERRORS = new Set([
  'ER_ACCESS_DENIED_ERROR',
  'ER_DBACCESS_DENIED_ERROR',
  'ER_ACCESS_DENIED_NO_PASSWORD_ERROR',
  'ER_NOT_SUPPORTED_AUTH_MODE',
  'ER_PASSWORD_NO_MATCH',
]);
/** Statement time-out: MariaDB (1969, max_statement_time) and MySQL (3024, max_execution_time). */
const TIMEOUT_ERRNOS = new Set([1969, 3024]);

const TYPE_NAMES: Record<number, string> = {
  0: 'decimal',
  1: 'tinyint',
  2: 'smallint',
  3: 'int',
  4: 'float',
  5: 'double',
  6: 'null',
  7: 'timestamp',
  8: 'bigint',
  9: 'mediumint',
  10: 'date',
  11: 'time',
  12: 'datetime',
  13: 'year',
  15: 'varchar',
  16: 'bit',
  245: 'json',
  246: 'decimal',
  247: 'enum',
  248: 'set',
  253: 'varchar',
  254: 'char',
  255: 'geometry',
};
const BINARY_CHARSET = 63;

function typeName(field: mysql.FieldPacket): string {
  if (field.extendedFormat === 'json') return 'json';
  if (field.extendedTypeName) return field.extendedTypeName;
  const type = field.columnType ?? field.type ?? -1;
  if (type >= 249 && type <= 252) return field.characterSet === BINARY_CHARSET ? 'blob' : 'text';
  if ((type === 253 || type === 254) && field.characterSet === BINARY_CHARSET) return 'varbinary';
  return TYPE_NAMES[type] ?? String(type);
}

type MysqlError = Error & {
  code?: string;
  errno?: number;
  sqlState?: string;
  sqlMessage?: string;
  fatal?: boolean;
};

function connectFailure(error: unknown, config: MysqlConfig, timeoutMs: number): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const e = error as MysqlError;
  if (e?.code && AUTH_ERRORS.has(e.code)) {
    return connectionError('AUTHENTICATION_FAILED', databaseTarget(config));
  }
  if (e?.code === 'ER_BAD_DB_ERROR') {
    return connectionError('DATABASE_NOT_FOUND', databaseTarget(config));
  }
  return otherConnectFailure(error, config, timeoutMs, e?.sqlMessage);
}

function queryFailure(error: unknown, config: MysqlConfig, queryTimeoutMs: number): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const e = error as MysqlError;
  if ((e?.errno && TIMEOUT_ERRNOS.has(e.errno)) || e?.code === 'PROTOCOL_SEQUENCE_TIMEOUT') {
    return queryTimedOut(queryTimeoutMs);
  }
  if (e?.sqlState && !e.fatal) return new ConnectorError('query', e.sqlMessage ?? e.message);
  return connectFailure(error, config, queryTimeoutMs);
}

/** TLS of the first attempt: 'prefer' tries it unchecked, as 'require' does (then see open). */
function sslOption(config: MysqlConfig): mysql.SslOptions | undefined {
  if (config.ssl === 'disable') return undefined;
  if (config.ssl === 'require' || config.ssl === 'prefer') return { rejectUnauthorized: false };
  return { rejectUnauthorized: true };
}

/** The server's handshake offers no TLS (mysql2's HANDSHAKE_NO_SSL_SUPPORT). */
const noTlsOnServer = (error: unknown) =>
  (error as MysqlError | undefined)?.code === 'HANDSHAKE_NO_SSL_SUPPORT';

/** Opening, closing and classifying connections of one MySQL data source. */
function driverFor(settings: MysqlSettings): DatabaseDriver<mysql.Connection> {
  const driver: DatabaseDriver<mysql.Connection> = {
    open: (connectTimeoutMs) =>
      openAllowed(settings, connectTimeoutMs, {
        connect: (address, ssl, timeoutMs) => connect(settings, address, ssl, timeoutMs),
        ssl: sslOption(settings.config),
        noSsl: undefined,
        noTlsOnServer,
        connectFailure: driver.connectFailure,
      }),
    close,
    destroy: drop,
    connectFailure: (error, timeoutMs) => connectFailure(error, settings.config, timeoutMs),
  };
  return driver;
}

/** Each connection's socket (under its TLS, if any), for `drop`. */
const sockets = new WeakMap<mysql.Connection, net.Socket>();

/**
 * Drops a connection now. mysql2's `destroy()` only half-closes the socket (`end()`): a server
 * still writing rows that nobody reads (a result cut at its cap) would wait for its
 * `net_write_timeout` (60 s by default), holding the statement's locks on the tables. Destroying
 * the socket makes its write fail at once, and the server ends the statement and rolls back.
 */
function drop(connection: mysql.Connection) {
  connection.destroy();
  sockets.get(connection)?.destroy();
}

async function connect(
  settings: MysqlSettings,
  address: string,
  ssl: mysql.SslOptions | undefined,
  connectTimeoutMs: number,
): Promise<mysql.Connection> {
  const { config } = settings;
  // Loaded on the first MySQL connection: most servers never open one.
  const { createConnection } = (await import('mysql2')).default;
  let socket: net.Socket | undefined;
  const connection = createConnection({
    // The driver keeps the host name (TLS server name); the socket goes to the checked address.
    stream: () => (socket = net.connect(config.port, address)),
    host: config.host,
    port: config.port,
    user: config.user,
    password: settings.password ?? '',
    database: config.database,
    ssl,
    connectTimeout: connectTimeoutMs,
    charset: 'utf8mb4',
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    multipleStatements: false,
    flags: ['-LOCAL_FILES'],
    rowsAsArray: true,
  });
  if (socket) sockets.set(connection, socket);
  // A connection that dies later reports through the pending call; keep the process alive.
  connection.on('error', () => undefined);
  const connected = new Promise<mysql.Connection>((resolve, reject) => {
    connection.connect((error) => (error ? reject(error) : resolve(connection)));
  });
  return withDeadline(
    connected,
    connectTimeoutMs + 1000,
    () => drop(connection),
    () => connectionError('TIMEOUT', databaseTarget(config), { timeoutMs: connectTimeoutMs }),
  ).catch((error: unknown) => {
    drop(connection);
    throw error;
  });
}

function run<T>(connection: mysql.Connection, sql: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    connection.query({ sql, rowsAsArray: false }, (error, rows) =>
      error ? reject(error) : resolve(rows as T),
    );
  });
}

async function close(connection: mysql.Connection) {
  await closeWithin(new Promise<void>((resolve) => connection.end(() => resolve())), () =>
    drop(connection),
  );
}

type Capped = {
  fields: mysql.FieldPacket[];
  rows: unknown[][];
  truncatedBy: 'rows' | 'bytes' | undefined;
};

/**
 * Streams the statement's first result set, converting cells as they come and stopping after
 * rowCap + 1 rows or the byte cap.
 */
function streamCapped(connection: mysql.Connection, sql: string, rowCap: number) {
  return new Promise<Capped>((resolve, reject) => {
    let fields: mysql.FieldPacket[] = [];
    const result = new CappedRows(rowCap, DATA_SOURCE_LIMITS.resultMaxBytes);
    let settled = false;
    const query = connection.query({ sql, rowsAsArray: true });
    query.on('fields', (received: mysql.FieldPacket[], index?: number) => {
      if (!index) fields = received;
    });
    query.on('result', (raw: unknown, index?: number) => {
      if (settled || (index ?? 0) > 0 || !Array.isArray(raw)) return;
      if (result.add(raw)) return;
      // Full: stop reading; the caller drops the connection.
      settled = true;
      connection.pause();
      resolve({ fields, rows: result.rows, truncatedBy: result.truncatedBy });
    });
    query.on('error', (error: Error) => {
      if (!settled) reject(error);
      settled = true;
    });
    query.on('end', () => {
      if (!settled) resolve({ fields, rows: result.rows, truncatedBy: undefined });
      settled = true;
    });
  });
}

export function mysqlConnector(settings: MysqlSettings): Connector<SqlQuery> {
  const { config } = settings;
  const driver = driverFor(settings);

  return {
    testConnection: (options: TimeoutOptions = {}): Promise<ConnectionTestResult> =>
      testDatabase(
        config,
        options,
        driver,
        async (connection) =>
          (await run<{ version: string }[]>(connection, 'select version() as version'))[0]?.version,
        async (_, version) => ({
          version: version ? `${/mariadb/i.test(version) ? 'MariaDB' : 'MySQL'} ${version}` : null,
          product: 'MySQL',
        }),
      ),

    async listSchema(options: TimeoutOptions = {}): Promise<DataSourceSchemaResult> {
      const connection = await driver.open(
        options.connectTimeoutMs ?? DATA_SOURCE_LIMITS.testTimeoutMs,
      );
      try {
        const rows = await run<
          {
            schema: string;
            table: string;
            kind: string;
            column: string;
            type: string;
            nullable: string;
          }[]
        >(
          connection,
          `select c.TABLE_SCHEMA as \`schema\`, c.TABLE_NAME as \`table\`,
                  case when t.TABLE_TYPE = 'VIEW' then 'view' else 'table' end as kind,
                  c.COLUMN_NAME as \`column\`, c.COLUMN_TYPE as type, c.IS_NULLABLE as nullable
             from information_schema.COLUMNS c
             join information_schema.TABLES t
               on t.TABLE_SCHEMA = c.TABLE_SCHEMA and t.TABLE_NAME = c.TABLE_NAME
            where c.TABLE_SCHEMA = database()
            order by c.TABLE_NAME, c.ORDINAL_POSITION
            limit ${SCHEMA_MAX_COLUMNS + 1}`,
        );
        return groupColumns(rows, rows.length > SCHEMA_MAX_COLUMNS);
      } catch (error) {
        throw queryFailure(error, config, DATA_SOURCE_LIMITS.queryTimeoutMs);
      } finally {
        await close(connection);
      }
    },

    async runQuery(query: SqlQuery, options: QueryOptions): Promise<QueryResult> {
      const queryTimeoutMs = Math.round(
        options.queryTimeoutMs ?? DATA_SOURCE_LIMITS.queryTimeoutMs,
      );
      const connection = await driver.open(
        options.connectTimeoutMs ?? DATA_SOURCE_LIMITS.testTimeoutMs,
      );
      const started = performance.now();
      let dropped = false;
      try {
        const [{ version }] = await run<[{ version: string }]>(
          connection,
          'select version() as version',
        );
        const mariadb = /mariadb/i.test(version);
        await checkMysqlStatement(query.sql, mariadb ? 'MariaDB' : 'MySQL');
        await run(connection, 'set session transaction read only');
        await run(
          connection,
          mariadb
            ? `set session max_statement_time = ${queryTimeoutMs / 1000}`
            : `set session max_execution_time = ${queryTimeoutMs}`,
        );
        await run(connection, 'start transaction read only');
        const result = await withDeadline(
          streamCapped(connection, query.sql, options.rowCap),
          // The server stops the statement itself; this is for one that escaped its time-out:
          // it is killed on the server, then the connection is dropped.
          queryTimeoutMs + 2000,
          () => {
            dropped = true;
            void killOnServer(connection.threadId).finally(() => drop(connection));
          },
          () => queryTimedOut(queryTimeoutMs),
        );
        dropped = result.truncatedBy !== undefined;
        if (!dropped) await run(connection, 'rollback');
        const columns = result.fields.map((field) => ({ name: field.name, type: typeName(field) }));
        return cappedResult(columns, result, started);
      } catch (error) {
        throw queryFailure(error, config, queryTimeoutMs);
      } finally {
        // A paused stream cannot be rolled back politely; closing the connection rolls it back.
        if (dropped) drop(connection);
        else await close(connection);
      }
    },
  };

  /** `KILL QUERY` from a second connection (a user may kill its own statements). */
  async function killOnServer(threadId: number | null) {
    if (!threadId) return;
    let killer: mysql.Connection | undefined;
    try {
      killer = await driver.open(DATA_SOURCE_LIMITS.testTimeoutMs);
      await run(killer, `kill query ${Number(threadId)}`);
    } catch {
      // The statement ends with its connection anyway.
    } finally {
      if (killer) await close(killer);
    }
  }
}
