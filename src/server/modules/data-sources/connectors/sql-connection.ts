/**
 * What the database connectors (postgres.ts, mysql.ts) share around their driver: the target of
 * the messages, opening a connection to the address the outbound policy checked (with libpq's
 * 'prefer' TLS fallback), the connection test, closing within a deadline and the capped result.
 */
import type {
  ConnectionTestResult,
  DatabaseConfig,
  QueryResult,
} from '../../../../shared/schemas/data-sources.ts';
import { DATA_SOURCE_LIMITS } from '../../../../shared/schemas/data-sources.ts';
import { resolveAllowed, type OutboundPolicy } from '../../../net/outbound.ts';
import { connectionError, detailOf, networkCause, withDeadline, type Target } from './failures.ts';
import { ConnectorError, failedTest, type TimeoutOptions } from './types.ts';
import { elapsed } from './values.ts';

/** What a database connector is made with: the settings, the decrypted password, the policy. */
export interface DatabaseSettings<Config extends DatabaseConfig> {
  config: Config;
  password: string | null;
  policy: OutboundPolicy;
}

export const databaseTarget = (config: DatabaseConfig): Target => ({
  host: config.host,
  port: config.port,
  database: config.database,
  user: config.user,
});

/** The statement ran past its time-out and was stopped. */
export const queryTimedOut = (queryTimeoutMs: number) =>
  new ConnectorError(
    'timeout',
    `The query ran longer than ${queryTimeoutMs / 1000} s and was cancelled.`,
  );

/** A failure to connect that the driver's own codes did not explain: the network's, or UNKNOWN. */
export function otherConnectFailure(
  error: unknown,
  config: DatabaseConfig,
  timeoutMs: number,
  unknownDetail = detailOf(error),
): ConnectorError {
  const cause = networkCause(error);
  if (cause) {
    return connectionError(cause, databaseTarget(config), { timeoutMs, detail: detailOf(error) });
  }
  return connectionError('UNKNOWN', databaseTarget(config), { detail: unknownDetail });
}

/** One database driver as the shared steps use it. */
export interface DatabaseDriver<C> {
  /** A connection (through the outbound policy), or a classified ConnectorError. */
  open(connectTimeoutMs: number): Promise<C>;
  /** A polite end (see closeWithin). */
  close(connection: C): Promise<void>;
  /** Drops the socket: for a server that stopped answering. */
  destroy(connection: C): void;
  /** Classifies a failure to connect (or a lost connection). */
  connectFailure(error: unknown, timeoutMs: number): ConnectorError;
}

/** How a driver connects to a checked address with one TLS option, and tells a server without TLS. */
export interface TlsConnect<C, Ssl> {
  connect(address: string, ssl: Ssl, connectTimeoutMs: number): Promise<C>;
  /** The TLS option of the first attempt, and the one without TLS. */
  ssl: Ssl;
  noSsl: Ssl;
  noTlsOnServer(error: unknown): boolean;
}

/**
 * Resolves the host through the outbound policy, then connects to that address; with 'prefer'
 * (as libpq and the mysql client), a server that offers no TLS is used without it.
 */
export async function openAllowed<C, Ssl>(
  settings: { config: DatabaseConfig; policy: OutboundPolicy },
  connectTimeoutMs: number,
  driver: TlsConnect<C, Ssl> & Pick<DatabaseDriver<C>, 'connectFailure'>,
): Promise<C> {
  const { config } = settings;
  let address: string;
  try {
    ({ address } = await resolveAllowed(settings.policy, 'database', config.host));
  } catch (error) {
    throw driver.connectFailure(error, connectTimeoutMs);
  }
  try {
    try {
      return await driver.connect(address, driver.ssl, connectTimeoutMs);
    } catch (error) {
      if (config.ssl !== 'prefer' || !driver.noTlsOnServer(error)) throw error;
      return await driver.connect(address, driver.noSsl, connectTimeoutMs);
    }
  } catch (error) {
    throw driver.connectFailure(error, connectTimeoutMs);
  }
}

/** What a connection test tells besides success: the server's version, and more per driver. */
export interface ServerFacts {
  /** `PostgreSQL 16.2`, `MariaDB 11.4…`; null when the server did not say. */
  version: string | null;
  /** Named in the message when the version is unknown. */
  product: string;
  privilegedRole?: boolean;
}

/**
 * Connects and asks the server's version (both within the time-out), then what `facts` makes of
 * it; a failure is a failed test, never an exception.
 */
export async function testDatabase<C>(
  config: DatabaseConfig,
  options: TimeoutOptions,
  driver: DatabaseDriver<C>,
  askVersion: (connection: C) => Promise<string | undefined>,
  facts: (connection: C, version: string | undefined) => Promise<ServerFacts>,
): Promise<ConnectionTestResult> {
  const timeoutMs = options.connectTimeoutMs ?? DATA_SOURCE_LIMITS.testTimeoutMs;
  const started = performance.now();
  let connection: C | undefined;
  try {
    connection = await driver.open(timeoutMs);
    const opened = connection;
    const version = await withDeadline(
      askVersion(opened),
      Math.max(1, timeoutMs - elapsed(started)),
      () => driver.destroy(opened),
      () => connectionError('TIMEOUT', databaseTarget(config), { timeoutMs }),
    );
    const server = await facts(opened, version);
    return {
      ok: true,
      cause: null,
      message: `Connected to ${server.version ?? server.product}.`,
      durationMs: elapsed(started),
      serverVersion: server.version,
      ...(server.privilegedRole === undefined ? {} : { privilegedRole: server.privilegedRole }),
    };
  } catch (error) {
    return failedTest(driver.connectFailure(error, timeoutMs), started);
  } finally {
    if (connection !== undefined) await driver.close(connection);
  }
}

/** Ends a connection politely, or drops its socket when that takes over 2 s or fails. */
export async function closeWithin(end: Promise<unknown>, destroy: () => void): Promise<void> {
  await withDeadline(end, 2000, destroy, () => new Error('close')).catch(() => destroy());
}

/** The answer of a console query from its columns and capped rows. */
export function cappedResult(
  columns: QueryResult['columns'],
  capped: { rows: unknown[][]; truncatedBy: 'rows' | 'bytes' | undefined },
  started: number,
): QueryResult {
  return {
    columns,
    rows: capped.rows,
    rowCount: capped.rows.length,
    truncated: capped.truncatedBy !== undefined,
    ...(capped.truncatedBy ? { truncatedBy: capped.truncatedBy } : {}),
    durationMs: elapsed(started),
  };
}
