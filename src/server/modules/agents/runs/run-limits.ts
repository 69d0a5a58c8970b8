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

const ids = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::uuid[]`;

/**
 * Moves queued runs of one organisation to `running` while it and their agents are under their
 * limits, in the order given, in one transaction (one lock, one count, one update for a whole
 * batch). A run with `takeOver` is also claimed when an attempt whose process ended left it
 * `running` (a retried job): its partial step log goes, it runs again from the start.
 */
export async function claimQueuedRuns(
  db: Database,
  organizationId: string,
  runs: ReadonlyArray<{ id: string; takeOver?: boolean }>,
): Promise<Map<string, Claim>> {
  const claims = new Map<string, Claim>(runs.map((r) => [r.id, { outcome: 'gone' } as Claim]));
  if (runs.length === 0) return claims;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`agent-runs:${organizationId}`}, 0))`,
    );
    const rows = await queryRows<{
      id: string;
      agent_id: string;
      status: string;
      version: number | null;
      agent_limit: number | null;
    }>(
      tx,
      sql`select r.id, r.agent_id, r.status, r.version, a.max_concurrent_runs as agent_limit
          from agent_runs r join agents a on a.id = r.agent_id
          where r.organization_id = ${organizationId} and r.id = any(${ids(runs.map((r) => r.id))})`,
    );
    const [limits] = await queryRows<{ org_limit: number }>(
      tx,
      sql`select coalesce((select max_concurrent_runs from agent_settings
                           where organization_id = ${organizationId}), ${DEFAULT_MAX_CONCURRENT_RUNS}) as org_limit`,
    );
    const counts = await queryRows<{ agent_id: string; n: number }>(
      tx,
      sql`select agent_id, count(*)::int as n from agent_runs
          where organization_id = ${organizationId} and status = 'running' group by agent_id`,
    );
    const running = new Map(counts.map((c) => [c.agent_id, c.n]));
    let orgRunning = counts.reduce((sum, c) => sum + c.n, 0);
    const orgLimit = limits?.org_limit ?? DEFAULT_MAX_CONCURRENT_RUNS;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const claimed: string[] = [];
    const restarted: string[] = [];
    for (const run of runs) {
      const row = byId.get(run.id);
      if (!row) continue;
      if (row.status === 'running' && run.takeOver) {
        restarted.push(row.id);
        claims.set(row.id, { outcome: 'claimed', version: row.version });
        continue;
      }
      if (row.status !== 'queued') continue;
      const agentRunning = running.get(row.agent_id) ?? 0;
      if (orgRunning >= orgLimit || (row.agent_limit !== null && agentRunning >= row.agent_limit)) {
        claims.set(row.id, { outcome: 'full' });
        continue;
      }
      orgRunning += 1;
      running.set(row.agent_id, agentRunning + 1);
      claimed.push(row.id);
      claims.set(row.id, { outcome: 'claimed', version: row.version });
    }
    if (restarted.length > 0) {
      await tx.execute(sql`delete from agent_run_steps where run_id = any(${ids(restarted)})`);
    }
    if (claimed.length > 0) {
      await tx.execute(
        sql`update agent_runs set status = 'running', started_at = now()
            where id = any(${ids(claimed)}) and status = 'queued'`,
      );
    }
    return claims;
  });
}

/** One run's claim (see claimQueuedRuns). */
export async function claimQueuedRun(
  db: Database,
  run: { id: string; organizationId: string; agentId: string },
  takeOver = false,
): Promise<Claim> {
  const claims = await claimQueuedRuns(db, run.organizationId, [{ id: run.id, takeOver }]);
  return claims.get(run.id) ?? { outcome: 'gone' };
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
