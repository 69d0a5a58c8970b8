/**
 * The one place a schedule starts a run. Today the run starts in this process (runs.service
 * `startRun`); once the queue exists (src/server/jobs, `enqueueRun`) this becomes a one-line
 * swap, and the queue's concurrency limits apply to scheduled runs too.
 */
import type { RunResult } from '../../../../shared/engine/index.ts';
import { startRun, type RunDeps } from '../runs/runs.service.ts';

export interface ScheduledRun {
  organizationId: string;
  agentId: string;
  /** Who the run acts for (the schedule's author); null when they are gone. */
  callerId: string | null;
  input: Record<string, unknown>;
}

export interface EnqueuedRun {
  runId: string;
  /** Settles when the run has finished (null when the queue runs it elsewhere). */
  done: Promise<RunResult> | null;
}

/** Starts (or enqueues) one run of the agent's published version for a schedule. */
export async function enqueueScheduledRun(deps: RunDeps, run: ScheduledRun): Promise<EnqueuedRun> {
  const started = await startRun(
    deps,
    { organizationId: run.organizationId },
    { id: run.callerId, email: null },
    run.agentId,
    { input: run.input, draft: false, trigger: 'schedule' },
  );
  return { runId: started.runId, done: started.done };
}
