/**
 * The engine (AGENTS.md, "The engine"): runs a validated graph's steps in dependency order,
 * independent branches at the same time, only the chosen branch after a condition; per step a
 * time-out, retries with backoff and an on-error policy; for the run a step cap, a time-out and
 * cancellation. Emits the run's events as an async iterable and resolves the final result.
 *
 * Isomorphic: no Node API (timers and AbortController exist in browsers and Node alike).
 */
import {
  ELSE_HANDLE,
  ERROR_HANDLE,
  type AgentEdge,
  type AgentNode,
} from '../schemas/agent-graph.ts';
import type {
  ExecutorContext,
  RunError,
  RunEvent,
  RunGraphOptions,
  RunHandle,
  RunResult,
  RunStatus,
  StepError,
  Usage,
} from './types.ts';

/** A push queue read as an async iterable (one reader). */
function channel<T>() {
  const queue: T[] = [];
  let waiting: ((r: IteratorResult<T>) => void) | null = null;
  let closed = false;
  return {
    push(value: T) {
      if (closed) return;
      if (waiting) {
        const resolve = waiting;
        waiting = null;
        resolve({ value, done: false });
      } else queue.push(value);
    },
    close() {
      closed = true;
      if (waiting) waiting({ value: undefined, done: true });
      waiting = null;
    },
    iterable: {
      [Symbol.asyncIterator]: (): AsyncIterator<T> => ({
        next: () => {
          if (queue.length) return Promise.resolve({ value: queue.shift()!, done: false });
          if (closed) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve) => (waiting = resolve));
        },
      }),
    } as AsyncIterable<T>,
  };
}

export const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

class StepFailure extends Error {
  readonly code: StepError['code'];
  constructor(message: string, code: StepError['code']) {
    super(message);
    this.code = code;
  }
}

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Step failed';

const addUsage = (total: Usage, add: Partial<Usage> | undefined): Usage => {
  if (!add) return total;
  const sum: Usage = {
    inputTokens: total.inputTokens + (add.inputTokens ?? 0),
    outputTokens: total.outputTokens + (add.outputTokens ?? 0),
  };
  if (total.cost !== undefined || add.cost !== undefined) {
    sum.cost = (total.cost ?? 0) + (add.cost ?? 0);
  }
  return sum;
};

const zeroUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0 });

type NodeState =
  | { status: 'pending' }
  | { status: 'running' }
  /** Finished (or failed with `continue`/`handle`); `handle` is the outgoing handle it took. */
  | { status: 'done'; handle: string | null }
  | { status: 'skipped' }
  | { status: 'failed' };

/** Runs a graph. Never throws: problems end the run with status `failed`. */
export function runGraph(options: RunGraphOptions): RunHandle {
  const events = channel<RunEvent>();
  let open = true;
  const emit = (event: RunEvent) => {
    if (!open) return;
    if (event.type === 'run.finished') open = false;
    options.onEvent?.(event);
    events.push(event);
  };
  const result = execute(options, emit).finally(() => events.close());
  return { events: events.iterable, result };
}

async function execute(
  options: RunGraphOptions,
  emit: (event: RunEvent) => void,
): Promise<RunResult> {
  const { graph, executors, limits, context } = options;
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const startedAt = clock();
  const controller = new AbortController();
  const signal = controller.signal;

  let stopped: { status: RunStatus; error: RunError | null } | null = null;
  let wake: () => void = () => {};
  const woken = new Promise<void>((resolve) => (wake = resolve));
  const stop = (status: RunStatus, error: RunError | null) => {
    if (stopped) return;
    stopped = { status, error };
    controller.abort(error?.message ?? status);
    wake();
  };

  const onCancel = () => stop('cancelled', { code: 'cancelled', message: 'The run was cancelled' });
  if (options.signal?.aborted) onCancel();
  else options.signal?.addEventListener('abort', onCancel, { once: true });
  const runTimer = setTimeout(
    () =>
      stop('failed', {
        code: 'run_timeout',
        message: `The run took longer than ${limits.runTimeoutMs} ms`,
      }),
    limits.runTimeoutMs,
  );

  const incoming = new Map<string, AgentEdge[]>();
  for (const node of graph.nodes) incoming.set(node.id, []);
  for (const edge of graph.edges) incoming.get(edge.target)?.push(edge);

  const states = new Map<string, NodeState>(graph.nodes.map((n) => [n.id, { status: 'pending' }]));
  const outputs: Record<string, unknown> = {};
  let inputs: Record<string, unknown> = options.inputs;
  let usage = zeroUsage();
  let finalOutput: unknown = null;
  let steps = 0;
  const running = new Set<Promise<void>>();

  /** Whether an edge carries the run on: its source finished and took the edge's handle. */
  const edgeLive = (edge: AgentEdge): boolean | null => {
    const state = states.get(edge.source);
    if (!state || state.status === 'skipped' || state.status === 'failed') return false;
    if (state.status !== 'done') return null; // not settled yet
    const handle = edge.sourceHandle ?? null;
    if (state.handle === ERROR_HANDLE) return handle === ERROR_HANDLE;
    if (handle === ERROR_HANDLE) return false;
    return state.handle === null || handle === state.handle;
  };

  const finish = (node: AgentNode, output: unknown, handle: string | null) => {
    outputs[node.id] = output;
    states.set(node.id, { status: 'done', handle });
    if (node.type === 'start' && handle !== ERROR_HANDLE && isRecord(output)) inputs = output;
    if (node.type === 'output' && handle !== ERROR_HANDLE) finalOutput = output;
  };

  const takenHandle = (node: AgentNode, output: unknown): string | null => {
    if (node.type !== 'condition') return null;
    const chosen = isRecord(output) ? output.case : undefined;
    return typeof chosen === 'string' ? chosen : ELSE_HANDLE;
  };

  const snapshot = (): ExecutorContext => ({
    inputs,
    nodes: { ...outputs },
    run: context.run,
    org: context.org,
    now: context.now,
  });

  const attemptOnce = async (node: AgentNode, ctx: ExecutorContext) => {
    const executor = executors[node.type] as
      | ((
          n: AgentNode,
          c: ExecutorContext,
          io: unknown,
        ) => ReturnType<NonNullable<typeof executors.start>>)
      | undefined;
    if (!executor)
      throw new StepFailure(`No executor for steps of type ${node.type}`, 'executor_missing');
    const timeoutMs = node.data.timeoutMs ?? limits.nodeTimeoutMs;
    const step = new AbortController();
    const abortStep = () => step.abort(signal.reason);
    signal.addEventListener('abort', abortStep, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const work = executor(node, ctx, {
        signal: step.signal,
        emitDelta: (text: string) => {
          if (!step.signal.aborted) emit({ type: 'node.delta', nodeId: node.id, text });
        },
      });
      if (timeoutMs === undefined) return await work;
      work.catch(() => {}); // a late failure after the time-out is not unhandled
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const failure = new StepFailure(`The step took longer than ${timeoutMs} ms`, 'timeout');
          step.abort(failure);
          reject(failure);
        }, timeoutMs);
      });
      return await Promise.race([work, expired]);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', abortStep);
    }
  };

  const runNode = async (node: AgentNode) => {
    const retries = node.data.retries;
    const maxAttempts = 1 + (retries?.max ?? 0);
    const ctx = snapshot();
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (signal.aborted) return;
      emit({ type: 'node.started', nodeId: node.id, nodeType: node.type, attempt });
      const began = clock();
      try {
        const { output, usage: used } = await attemptOnce(node, ctx);
        if (signal.aborted) return;
        const stepUsage = addUsage(zeroUsage(), used);
        usage = addUsage(usage, stepUsage);
        finish(node, output, takenHandle(node, output));
        emit({
          type: 'node.finished',
          nodeId: node.id,
          nodeType: node.type,
          output,
          usage: stepUsage,
          durationMs: clock() - began,
          attempt,
        });
        return;
      } catch (error) {
        if (signal.aborted) return;
        const willRetry = attempt < maxAttempts;
        const stepError: StepError = {
          message: errorMessage(error),
          code: error instanceof StepFailure ? error.code : 'error',
        };
        emit({
          type: 'node.failed',
          nodeId: node.id,
          nodeType: node.type,
          error: stepError,
          attempt,
          willRetry,
          durationMs: clock() - began,
        });
        if (willRetry) {
          const wait = (retries?.backoffMs ?? 0) * 2 ** (attempt - 1);
          if (wait > 0) await sleep(wait, signal).catch(() => {});
          continue;
        }
        const policy = node.data.onError;
        if (policy === 'continue') {
          // A condition that failed goes on through `else`; other steps through their output.
          const output = { error: stepError.message };
          finish(node, output, takenHandle(node, output));
        } else if (policy === 'handle') finish(node, { error: stepError.message }, ERROR_HANDLE);
        else {
          states.set(node.id, { status: 'failed' });
          stop('failed', {
            code: 'node_failed',
            nodeId: node.id,
            message: `Step ${node.id} failed: ${stepError.message}`,
          });
        }
      }
    }
  };

  /** Starts every ready step, skips every step no live edge reaches; repeats until stable. */
  const schedule = () => {
    let changed = true;
    while (changed && !stopped) {
      changed = false;
      for (const node of graph.nodes) {
        if (states.get(node.id)!.status !== 'pending') continue;
        const edges = incoming.get(node.id)!;
        const live = edges.map(edgeLive);
        if (live.includes(null)) continue;
        changed = true;
        if (edges.length > 0 && !live.includes(true)) {
          states.set(node.id, { status: 'skipped' });
          continue;
        }
        if (options.priorOutputs && Object.hasOwn(options.priorOutputs, node.id)) {
          const output = options.priorOutputs[node.id];
          emit({
            type: 'node.started',
            nodeId: node.id,
            nodeType: node.type,
            attempt: 1,
            reused: true,
          });
          finish(node, output, takenHandle(node, output));
          emit({
            type: 'node.finished',
            nodeId: node.id,
            nodeType: node.type,
            output,
            usage: zeroUsage(),
            durationMs: 0,
            attempt: 1,
            reused: true,
          });
          continue;
        }
        if (steps >= limits.maxSteps) {
          stop('failed', {
            code: 'max_steps',
            nodeId: node.id,
            message: `The run reached its limit of ${limits.maxSteps} steps`,
          });
          return;
        }
        steps++;
        states.set(node.id, { status: 'running' });
        const task: Promise<void> = runNode(node)
          .catch((error: unknown) =>
            stop('failed', { code: 'engine_error', nodeId: node.id, message: errorMessage(error) }),
          )
          .finally(() => running.delete(task));
        running.add(task);
      }
    }
  };

  emit({ type: 'run.started', at: startedAt });
  try {
    schedule();
    while (running.size > 0 && !stopped) {
      await Promise.race([...running, woken]);
      schedule();
    }
  } catch (error) {
    stop('failed', { code: 'engine_error', message: errorMessage(error) });
  } finally {
    clearTimeout(runTimer);
    options.signal?.removeEventListener('abort', onCancel);
  }

  const end = (stopped as { status: RunStatus; error: RunError | null } | null) ?? {
    status: 'succeeded' as const,
    error: null,
  };
  const output = end.status === 'succeeded' ? finalOutput : null;
  emit({
    type: 'run.finished',
    status: end.status,
    output,
    usage,
    error: end.error,
    durationMs: clock() - startedAt,
  });
  return { status: end.status, output, usage, error: end.error, outputs, steps };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
