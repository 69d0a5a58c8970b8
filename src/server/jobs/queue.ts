/**
 * The job queue (AGENTS.md, "Queue and processes"): pg-boss 12 on the server's database —
 * PostgreSQL through its own small pool, or the embedded PGlite through its adapter. Workers are
 * woken by LISTEN/NOTIFY when a job is sent and poll as a backstop.
 *
 * On PGlite (one process) pg-boss starts at the first job, or at once when an earlier start left
 * its schema behind (jobs may wait there); a process that never queues pays nothing. On
 * PostgreSQL it starts with the process: another process may send jobs at any time.
 */
import { PgBoss, fromPglite, type ConstructorOptions, type SendOptions } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';
import type { Logger } from '../http/logger.ts';
import { queryRows } from '../db/raw-rows.ts';

const SCHEMA = 'pgboss';

export interface JobQueue {
  /** Starts pg-boss once (later calls wait for the same start) and creates `queue` if needed. */
  ready(queue: string, options?: QueueSettings): Promise<PgBoss>;
  /** True once pg-boss has started in this process. */
  readonly started: boolean;
  stop(): Promise<void>;
}

export interface QueueSettings {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  deleteAfterSeconds?: number;
}

export type { SendOptions };

/** Whether an earlier start installed pg-boss in this database (jobs may be waiting there). */
export async function queueInstalled(database: DatabaseHandle): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    database.db,
    sql`select to_regclass(${`${SCHEMA}.job`}) is not null as found`,
  );
  return rows[0]?.found ?? false;
}

export function createJobQueue(database: DatabaseHandle, logger: Logger): JobQueue {
  const connection = database.queueConnection;
  const base: ConstructorOptions = {
    schema: SCHEMA,
    schedule: false,
    useListenNotify: true,
    // The pg-boss monitor's warnings (slow queries, big queues) go to our log, not stderr.
    warningQueueSize: 100_000,
  };
  const options: ConstructorOptions =
    'url' in connection
      ? { ...base, connectionString: connection.url, max: 4, application_name: 'meridian-queue' }
      : { ...base, db: fromPglite(connection.pglite), backend: 'pglite' };

  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  const queues = new Map<string, Promise<void>>();

  const start = () => {
    starting ??= (async () => {
      const next = new PgBoss(options);
      next.on('error', (error) => logger.warn({ err: error }, 'queue: pg-boss error'));
      next.on('warning', (warning) => logger.info({ warning }, 'queue: pg-boss warning'));
      await next.start();
      boss = next;
      return next;
    })();
    starting.catch(() => (starting = null));
    return starting;
  };

  return {
    get started() {
      return boss !== null;
    },
    async ready(queue, settings = {}) {
      const started = await start();
      let created = queues.get(queue);
      if (!created) {
        created = (async () => {
          if (!(await started.getQueue(queue))) {
            await started.createQueue(queue, { ...settings, notify: true }).catch(async (error) => {
              // Another process created it at the same moment.
              if (!(await started.getQueue(queue))) throw error;
            });
          }
        })();
        queues.set(queue, created);
        created.catch(() => queues.delete(queue));
      }
      await created;
      return started;
    },
    async stop() {
      const current = starting ? await starting.catch(() => null) : null;
      starting = null;
      boss = null;
      queues.clear();
      await current?.stop({ graceful: true, timeout: 5_000, close: true });
    },
  };
}
