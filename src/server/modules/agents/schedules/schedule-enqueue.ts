/**
 * The one place a schedule starts a run: through the run queue (src/server/jobs), so the
 * organisation's and agent's concurrency limits and budgets apply, and any process's worker
 * runs it. Its failure notice and retries are the schedule's own (schedule-firing.ts).
 */
import { enqueueRun } from '../../../jobs/run-queue.ts';
import type { RunDeps } from '../runs/runs.service.ts';

export interface ScheduledRun {
  organizationId: string;
  agentId: string;
  /** Who the run acts for (the schedule's author); null when they are gone. */
  callerId: string | null;
  input: Record<string, unknown>;
  /** The run's id: a fire's first run takes the fire's id, so a process that died after
   * enqueueing it but before recording it leaves a run the next claimer finds. */
  runId?: string;
}

/** Enqueues one run of the agent's published version for a schedule; answers its id. */
export async function enqueueScheduledRun(
  deps: RunDeps,
  run: ScheduledRun,
): Promise<{ runId: string }> {
  return enqueueRun(
    deps,
    { organizationId: run.organizationId },
    { id: run.callerId, email: null },
    run.agentId,
    { input: run.input, trigger: 'schedule', notifyOnFailure: false, runId: run.runId },
  );
}
