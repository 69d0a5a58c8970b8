/**
 * The run API's side of starting runs (AGENTS.md, "Triggers"): the published graph with the
 * input checked against its start step before anything runs, a wait for the result bounded by
 * `?wait=`, and the one place an asynchronous start happens (`startAsyncRun`), so that it can
 * move to the queue.
 */
import { enqueueRun } from '../../../jobs/run-queue.ts';
import type { Context } from 'hono';
import { InputError, startExecutor } from '../../../../shared/engine/executors/index.ts';
import type { NodeOfType } from '../../../../shared/schemas/agent-graph.ts';
import { RUN_WAIT_SECONDS, type RunTrigger } from '../../../../shared/schemas/runs.ts';
import type { AppEnv } from '../../../http/context.ts';
import { httpError } from '../../../http/errors.ts';
import type { OrgScope } from '../../../http/records.ts';
import {
  graphFor,
  type RunCaller,
  type RunDeps,
  type RunnableGraph,
  type StartedRun,
} from '../runs/runs.service.ts';

/** Who starts a run: the signed-in user, or nobody for an API key (the run's caller is empty). */
export function runCallerOf(c: Context<AppEnv>): RunCaller {
  const auth = c.get('auth');
  return auth ? { id: auth.user.id, email: auth.user.email } : { id: null, email: null };
}

/**
 * The published graph of the agent, its input checked against the start step's declared
 * inputs (400 VALIDATION_ERROR naming the input, before any run exists).
 */
export async function publishedWithInput(
  deps: RunDeps,
  scope: OrgScope,
  agentId: string,
  input: Record<string, unknown>,
): Promise<RunnableGraph> {
  const runnable = await graphFor(deps, scope, agentId, false);
  const start = runnable.graph.nodes.find((n) => n.type === 'start') as
    NodeOfType<'start'> | undefined;
  if (start) {
    try {
      await startExecutor(start, { inputs: input } as never, {} as never);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      throw httpError('VALIDATION_ERROR', error.message, { input: [error.message] });
    }
  }
  return runnable;
}

/**
 * Starts a run that the caller does not wait for: through the queue (src/server/jobs), under the
 * organisation's and agent's concurrency limits, in whichever process works it.
 */
export async function startAsyncRun(
  deps: RunDeps,
  scope: OrgScope,
  caller: RunCaller,
  agentId: string,
  options: { input: Record<string, unknown>; trigger: RunTrigger },
): Promise<{ runId: string }> {
  return enqueueRun(deps, scope, caller, agentId, {
    input: options.input,
    trigger: options.trigger,
  });
}

/** Waits for a started run up to `seconds`: its result, or null if it goes on. */
export async function waitForRun(started: StartedRun, seconds = RUN_WAIT_SECONDS.default) {
  if (seconds <= 0) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), seconds * 1000);
  });
  const result = await Promise.race([started.done, timeout]);
  clearTimeout(timer);
  return result;
}
