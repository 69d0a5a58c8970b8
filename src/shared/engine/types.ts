/**
 * The engine's shapes (AGENTS.md, "The engine"): executors, the run context and the events a run
 * emits (also the SSE event names).
 *
 * Isomorphic: no Node API.
 */
import type { AgentGraph, AgentNode, NodeType } from '../schemas/agent-graph.ts';

/** Tokens (and, once priced, cost) spent by a step or a run. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cost?: number;
}

/** What the engine hands an executor: the run's inputs and the outputs of the steps so far. */
export interface ExecutorContext {
  inputs: Record<string, unknown>;
  nodes: Record<string, unknown>;
  run: Record<string, unknown>;
  org: Record<string, unknown>;
  now: string;
}

export interface ExecutorIo {
  /** Aborted when the run is cancelled or times out, or the step times out. */
  signal: AbortSignal;
  /** Streams text (model tokens) as `node.delta` events. */
  emitDelta: (text: string) => void;
}

export interface ExecutorResult {
  output: unknown;
  usage?: Partial<Usage>;
}

export type Executor<N extends AgentNode = AgentNode> = (
  node: N,
  ctx: ExecutorContext,
  io: ExecutorIo,
) => Promise<ExecutorResult>;

export type Executors = { [T in NodeType]?: Executor<Extract<AgentNode, { type: T }>> };

/** Why a run did not succeed. `node_failed` names the step. */
export interface RunError {
  code: 'node_failed' | 'run_timeout' | 'max_steps' | 'cancelled' | 'engine_error';
  message: string;
  nodeId?: string;
}

export interface StepError {
  message: string;
  /** `timeout` when the step ran out of time, `executor_missing`, else `error`. */
  code: 'timeout' | 'executor_missing' | 'error';
}

export type RunStatus = 'succeeded' | 'failed' | 'cancelled';

export type RunEvent =
  | { type: 'run.started'; at: number }
  | { type: 'node.started'; nodeId: string; nodeType: NodeType; attempt: number; reused?: true }
  | { type: 'node.delta'; nodeId: string; text: string }
  | {
      type: 'node.finished';
      nodeId: string;
      nodeType: NodeType;
      output: unknown;
      usage: Usage;
      durationMs: number;
      attempt: number;
      reused?: true;
    }
  | {
      type: 'node.failed';
      nodeId: string;
      nodeType: NodeType;
      error: StepError;
      attempt: number;
      willRetry: boolean;
      durationMs: number;
    }
  | {
      type: 'run.finished';
      status: RunStatus;
      output: unknown;
      usage: Usage;
      error: RunError | null;
      durationMs: number;
    };

export interface RunResult {
  status: RunStatus;
  /** The output of the `output` step that finished last (null when none ran). */
  output: unknown;
  usage: Usage;
  error: RunError | null;
  /** Every finished step's output by node id (for replays and step logs). */
  outputs: Record<string, unknown>;
  /** Steps executed (reused ones excluded). */
  steps: number;
}

export interface RunGraphOptions {
  graph: AgentGraph;
  inputs: Record<string, unknown>;
  executors: Executors;
  signal?: AbortSignal;
  limits: { maxSteps: number; runTimeoutMs: number; nodeTimeoutMs?: number };
  context: { run: Record<string, unknown>; org: Record<string, unknown>; now: string };
  /** Recorded outputs (node id → output) of a past run: those steps are not executed again. */
  priorOutputs?: Record<string, unknown>;
  /** Waits between retries; injectable for tests. Resolves early (or rejects) on abort. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Milliseconds clock for durations; injectable for tests. */
  clock?: () => number;
  /** Called synchronously with every event, before it reaches the iterable. */
  onEvent?: (event: RunEvent) => void;
}

export interface RunHandle {
  events: AsyncIterable<RunEvent>;
  result: Promise<RunResult>;
}
