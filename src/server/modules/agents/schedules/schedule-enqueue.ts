/**
 * The one place a schedule starts a run: through the run queue (src/server/jobs), so the
 * organisation's and agent's concurrency limits and budgets apply, and any process's worker
 * runs it. Its failure notice and retries are the schedule's own (schedule-firing.ts).
 */
import { enqueueRuns, type Enqueued, type RunRequest } from '../../../jobs/run-queue.ts';
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

const requestOf = (run: ScheduledRun): RunRequest => ({
  scope: { organizationId: run.organizationId },
  caller: { id: run.callerId, email: null },
  agentId: run.agentId,
  input: run.input,
  trigger: 'schedule',
  notifyOnFailure: false,
  runId: run.runId,
});

/** Enqueues runs of agents' published versions for schedules, in one go; answers each one's id
 * or why it was refused. */
export function enqueueScheduledRuns(deps: RunDeps, runs: ScheduledRun[]): Promise<Enqueued[]> {
  return enqueueRuns(deps, runs.map(requestOf));
}
