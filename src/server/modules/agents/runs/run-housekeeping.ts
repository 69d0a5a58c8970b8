/**
 * Keeping the run history in bounds: runs older than their organisation's retention (30 days
 * unless set) are deleted in batches, so that no single statement holds locks for long; runs
 * that have been "running" for longer than a run may last (their process ended) are closed as
 * failed. Safe to run from any number of processes at once.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { Logger } from '../../../http/logger.ts';
import { queryRows } from '../../../db/raw-rows.ts';
import { RUN_LIMITS, RUN_RETENTION_DAYS } from '../../../../shared/schemas/runs.ts';

const PRUNE_BATCH = 1000;
const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/** Deletes expired runs (their steps go with them); returns how many. */
export async function pruneRuns(db: Database, now = new Date(), batch = PRUNE_BATCH) {
  let deleted = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from agent_runs where id in (
            select r.id from agent_runs r
            left join agent_settings s on s.organization_id = r.organization_id
            where r.created_at < ${now.toISOString()}::timestamptz
              - make_interval(days => coalesce(s.run_retention_days, ${RUN_RETENTION_DAYS.default}))
            limit ${batch})
          returning id`,
    );
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}

/** Closes runs left "running" past the longest a run may last; returns how many. */
export async function closeStaleRuns(db: Database, now = new Date()) {
  const limitMs = RUN_LIMITS.runTimeoutMs * 2;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update agent_runs set status = 'failed', finished_at = ${now.toISOString()}::timestamptz,
          error = 'The server stopped during the run'
        where status in ('running', 'queued')
          and started_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${limitMs / 1000})
        returning id`,
  );
  return rows.length;
}

/** Runs the housekeeping now and every hour; returns the function that stops it. */
export function startRunHousekeeping(db: Database, logger: Logger): () => void {
  const work = async () => {
    try {
      const pruned = await pruneRuns(db);
      const closed = await closeStaleRuns(db);
      if (pruned || closed) logger.info({ pruned, closed }, 'run housekeeping');
    } catch (error) {
      logger.warn({ err: error }, 'run housekeeping failed');
    }
  };
  const first = setTimeout(work, 30_000);
  const timer = setInterval(work, HOUSEKEEPING_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
