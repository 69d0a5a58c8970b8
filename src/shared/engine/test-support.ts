/** Graph and executor helpers for the engine's tests. */
import { agentGraphSchema, type AgentGraph } from '../schemas/agent-graph.ts';
import { runGraph } from './run-graph.ts';
import type {
  Executor,
  ExecutorContext,
  ExecutorIo,
  ExecutorResult,
  RunEvent,
  RunGraphOptions,
} from './types.ts';

/** A graph from short node and edge lists (data parsed with the schema's defaults). */
export function graph(
  nodes: [id: string, type: string, data?: object][],
  edges: [source: string, target: string, handle?: string][],
): AgentGraph {
  return agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: nodes.map(([id, type, data = {}]) => ({ id, type, position: { x: 0, y: 0 }, data })),
    edges: edges.map(([source, target, sourceHandle], i) => ({
      id: `e${i}`,
      source,
      target,
      sourceHandle,
    })),
  });
}

export type Behaviour = (ctx: ExecutorContext, io: ExecutorIo) => Promise<ExecutorResult>;

/**
 * One executor for every node type: runs the behaviour given for the node's id, else returns
 * `{ id }` (conditions return `{ case }` from their first case unless told otherwise).
 */
export function scripted(behaviours: Record<string, Behaviour> = {}): RunGraphOptions['executors'] {
  const run: Executor = async (node, ctx, io) => {
    const behaviour = behaviours[node.id];
    if (behaviour) return behaviour(ctx, io);
    return { output: { id: node.id } };
  };
  return {
    start: run,
    llm: run,
    datasource_query: run,
    http_request: run,
    transform: run,
    condition: run,
    send_email: run,
    output: run,
  } as RunGraphOptions['executors'];
}

export const baseOptions = {
  inputs: {},
  limits: { maxSteps: 100, runTimeoutMs: 10_000 },
  context: { run: { id: 'r1' }, org: { name: 'Acme' }, now: '2026-01-01T00:00:00.000Z' },
  sleep: async () => {},
} satisfies Partial<RunGraphOptions>;

/** Runs to the end and gathers every event. */
export async function runAll(options: Partial<RunGraphOptions> & Pick<RunGraphOptions, 'graph'>) {
  const handle = runGraph({ ...baseOptions, executors: scripted(), ...options });
  const events: RunEvent[] = [];
  for await (const event of handle.events) events.push(event);
  const result = await handle.result;
  return { events, result };
}

/** `node.started`/`node.finished`/… as `type:nodeId` strings, in order. */
export const trace = (events: RunEvent[]) =>
  events.map((e) => ('nodeId' in e ? `${e.type}:${e.nodeId}` : e.type));

export const delay = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
