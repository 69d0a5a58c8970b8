/**
 * Concurrency limits of queued runs (AGENTS.md, "Queue and processes"): at most
 * `agent_settings.max_concurrent_runs` runs of an organisation (default 10) and
 * `agents.max_concurrent_runs` of one agent execute at once. The running runs are counted in the
 * database under a per-organisation advisory lock, so the limits hold across processes; a run
 * over a limit stays queued.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/raw-rows.ts';

export const DEFAULT_MAX_CONCURRENT_RUNS = 10;

export type Claim =
  /** The run is now `running` here. */
  | { outcome: 'claimed'; version: number | null }
  /** A limit is reached: the run stays queued. */
  | { outcome: 'full' }
  /** Not queued any more (cancelled, or another attempt ran it): nothing to do. */
  | { outcome: 'gone' };

/**
 * Moves a queued run to `running` when its organisation and agent are under their limits.
 * `takeOver` also claims a run left `running` by an attempt whose process ended (a retried job).
 */
export async function claimQueuedRun(
  db: Database,
  run: { id: string; organizationId: string; agentId: string },
  takeOver = false,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`agent-runs:${run.organizationId}`}, 0))`,
    );
    const [row] = await queryRows<{
      status: string;
      version: number | null;
      org_limit: number;
      agent_limit: number | null;
      org_running: number;
      agent_running: number;
    }>(
      tx,
      sql`select r.status, r.version,
            coalesce((select s.max_concurrent_runs from agent_settings s
                      where s.organization_id = r.organization_id), ${DEFAULT_MAX_CONCURRENT_RUNS}) as org_limit,
            (select a.max_concurrent_runs from agents a where a.id = r.agent_id) as agent_limit,
            (select count(*)::int from agent_runs o
              where o.organization_id = r.organization_id and o.status = 'running') as org_running,
            (select count(*)::int from agent_runs o
              where o.organization_id = r.organization_id and o.agent_id = r.agent_id
                and o.status = 'running') as agent_running
          from agent_runs r
          where r.id = ${run.id} and r.organization_id = ${run.organizationId}`,
    );
    if (!row) return { outcome: 'gone' } as const;
    if (row.status === 'running' && takeOver) {
      // The earlier attempt's process ended mid-run: its partial step log goes, the run restarts.
      await tx.execute(sql`delete from agent_run_steps where run_id = ${run.id}`);
      return { outcome: 'claimed', version: row.version } as const;
    }
    if (row.status !== 'queued') return { outcome: 'gone' } as const;
    const full =
      row.org_running >= row.org_limit ||
      (row.agent_limit !== null && row.agent_running >= row.agent_limit);
    if (full) return { outcome: 'full' } as const;
    await tx.execute(
      sql`update agent_runs set status = 'running', started_at = now()
          where id = ${run.id} and status = 'queued'`,
    );
    return { outcome: 'claimed', version: row.version } as const;
  });
}

/** Puts a claimed run back in the queue (its attempt failed before it started; a retry follows). */
export async function releaseRun(db: Database, runId: string) {
  await db.execute(
    sql`update agent_runs set status = 'queued', started_at = null
        where id = ${runId} and status = 'running'`,
  );
}

/** Closes a claimed run that could not start (say, its agent was unpublished meanwhile). */
export async function failClaimedRun(db: Database, runId: string, message: string) {
  await db.execute(
    sql`update agent_runs set status = 'failed', error = ${message}, finished_at = now()
        where id = ${runId} and status in ('running', 'queued')`,
  );
}
