import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { withPreparedStatements } from './pglite-prepared.ts';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.ts';
import { isNewCluster, readTemplate } from './pglite-template.ts';
import { queryCounterLogger } from './query-counter.ts';
import {
  listenPglite,
  listenPostgres,
  type ChannelListener,
  type Unsubscribe,
} from './notifications.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** True when the database answers and every checked-in migration is applied. */
  isReady(): Promise<boolean>;
  /** LISTEN on a channel (PostgreSQL: a dedicated connection that reconnects). */
  listen(channel: string, listener: ChannelListener): Promise<Unsubscribe>;
  /** What the job queue connects with: the PostgreSQL URL, or the PGlite instance itself. */
  queueConnection: { url: string } | { pglite: PGlite };
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

/**
 * PGlite's shared buffers live in its WebAssembly memory and are all touched when it starts: at
 * PostgreSQL's default (128 MB) they were most of the server's memory at rest. The data files
 * stay in the operating system's page cache either way, so a smaller pool costs a copy on a
 * miss, not a disk read.
 */
const PGLITE_MEMORY_SETTINGS = ['-c', 'shared_buffers=32MB', '-c', 'wal_buffers=1MB'];

/** PostgreSQL when a URL is given; otherwise PGlite in `dataDir/pglite` (or in memory when dataDir is null). */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /** Told about an error on an idle PostgreSQL connection (the pool has already dropped it). */
  onIdleConnectionError?: (error: Error) => void;
}): DatabaseHandle {
  const migrationsFolder = MIGRATIONS_DIR;
  const expectedMigrations = readMigrationFiles({ migrationsFolder }).length;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, pg_terminate_backend, a dropped test
    // database) is already discarded by the pool and the next query opens a new one; without
    // a listener its 'error' event would crash the process.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = drizzlePg(pool, { schema, logger: queryCounterLogger }) as unknown as Database;
    const databaseUrl = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      isReady: () => migrationsApplied(db, expectedMigrations),
      listen: (channel, listener) =>
        listenPostgres(databaseUrl, channel, listener, (error) =>
          options.onIdleConnectionError?.(error),
        ),
      queueConnection: { url: databaseUrl },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const template = isNewCluster(dir) ? readTemplate() : undefined;
  // pg_trgm: the migrations create trigram indexes for the list search boxes.
  const client = new PGlite({
    dataDir: dir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
    loadDataDir: template,
  });
  const db = drizzlePglite(withPreparedStatements(client), {
    schema,
    logger: queryCounterLogger,
  }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    isReady: () => migrationsApplied(db, expectedMigrations),
    listen: (channel, listener) => listenPglite(client, channel, listener),
    queueConnection: { pglite: client },
    close: () => client.close(),
  };
}

async function migrationsApplied(db: Database, expected: number): Promise<boolean> {
  try {
    const result = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const rows = (result as unknown as { rows: { count: number }[] }).rows;
    return (rows[0]?.count ?? 0) >= expected;
  } catch {
    return false;
  }
}
