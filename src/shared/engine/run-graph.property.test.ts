/**
 * Property tests of the engine on random valid graphs: every node runs at most once, events
 * are well ordered, a node starts only after its parents settled, nothing starts after a cancel.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentGraph } from '../schemas/agent-graph.ts';
import { runGraph } from './run-graph.ts';
import { baseOptions, graph, scripted, type Behaviour } from './test-support.ts';
import type { RunEvent } from './types.ts';
import { validateGraph } from './validate.ts';

interface Plan {
  graph: AgentGraph;
  behaviours: Record<string, Behaviour>;
}

/** A random DAG: node 0 is the start, each later node has 1–3 earlier parents (so all reachable). */
const planArbitrary: fc.Arbitrary<Plan> = fc
  .array(
    fc.record({
      parents: fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 3 }),
      kind: fc.constantFrom('transform', 'transform', 'condition', 'output'),
      onError: fc.constantFrom('fail', 'continue', 'handle'),
      retries: fc.nat({ max: 2 }),
      fails: fc.constantFrom(0, 0, 0, 1, 9),
      ticks: fc.nat({ max: 6 }),
      chooses: fc.nat({ max: 2 }),
      handles: fc.array(fc.nat({ max: 3 }), { minLength: 3, maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((specs) => {
    const ids = ['start', ...specs.map((_, i) => `n${i}`)];
    const nodes: [string, string, object?][] = [['start', 'start']];
    const edges: [string, string, string?][] = [];
    const behaviours: Record<string, Behaviour> = {};
    const kinds = new Map<string, string>([['start', 'start']]);
    const onErrors = new Map<string, string>([['start', 'fail']]);
    specs.forEach((spec, i) => {
      const id = ids[i + 1]!;
      const data: Record<string, unknown> = {
        onError: spec.onError,
        retries: { max: spec.retries, backoffMs: 1 },
      };
      if (spec.kind === 'condition') {
        data.cases = [
          { id: 'a', expression: 'true' },
          { id: 'b', expression: 'true' },
        ];
      }
      if (spec.kind === 'transform') data.expression = '1';
      nodes.push([id, spec.kind, data]);
      kinds.set(id, spec.kind);
      onErrors.set(id, spec.onError);
      const parentIds = [...new Set(spec.parents.map((p) => ids[p % (i + 1)]!))];
      parentIds.forEach((parent, j) => {
        const parentKind = kinds.get(parent);
        const pick = spec.handles[j % 3]!;
        let handle: string | undefined;
        if (parentKind === 'condition') handle = ['a', 'b', 'else', 'a'][pick];
        else if (onErrors.get(parent) === 'handle' && pick === 3) handle = 'error';
        edges.push([parent, id, handle]);
      });
      let calls = 0;
      behaviours[id] = async () => {
        // A few microtasks, or a timer of 1–3 ms, so that siblings finish in varied orders.
        if (spec.ticks > 3) await new Promise((resolve) => setTimeout(resolve, spec.ticks - 3));
        else for (let t = 0; t < spec.ticks; t++) await Promise.resolve();
        if (calls++ < spec.fails) throw new Error(`fail ${calls}`);
        const output =
          spec.kind === 'condition' ? { case: ['a', 'b', 'else'][spec.chooses] } : calls;
        return { output };
      };
    });
    return { graph: graph(nodes, edges), behaviours };
  });

function checkOrder(plan: Plan, events: RunEvent[], abortedAt: number | null) {
  expect(events[0]?.type).toBe('run.started');
  expect(events.at(-1)?.type).toBe('run.finished');
  expect(events.filter((e) => e.type === 'run.started' || e.type === 'run.finished')).toHaveLength(
    2,
  );

  const parents = new Map<string, string[]>();
  for (const edge of plan.graph.edges) {
    parents.set(edge.target, [...(parents.get(edge.target) ?? []), edge.source]);
  }
  const started = new Map<string, number>(); // node → attempts started
  const settledAt = new Map<string, number>(); // node → index of its final event
  events.forEach((event, index) => {
    if (!('nodeId' in event)) return;
    const id = event.nodeId;
    expect(settledAt.has(id), `${id} has an event after it settled`).toBe(false);
    if (event.type === 'node.started') {
      expect(started.get(id) ?? 0).toBe(event.attempt - 1);
      started.set(id, event.attempt);
      if (abortedAt !== null) expect(index).toBeLessThan(abortedAt);
      for (const parent of parents.get(id) ?? []) {
        const parentSettled = settledAt.get(parent);
        const parentEverStarts = events.some(
          (e) => e.type === 'node.started' && 'nodeId' in e && e.nodeId === parent,
        );
        if (parentEverStarts) expect(parentSettled, `${parent} before ${id}`).toBeLessThan(index);
      }
    } else if (event.type === 'node.finished' || event.type === 'node.failed') {
      expect(started.get(id)).toBe(event.attempt);
      if (event.type === 'node.finished' || !event.willRetry) settledAt.set(id, index);
    }
  });
}

/** Whether each step ran exactly when a taken edge led to it (the start always runs). */
function checkBranches(plan: Plan, events: RunEvent[]) {
  const final = new Map<string, RunEvent>();
  for (const e of events) {
    if (e.type === 'node.finished' || (e.type === 'node.failed' && !e.willRetry))
      final.set(e.nodeId, e);
  }
  const onError = new Map(plan.graph.nodes.map((n) => [n.id, n.data.onError]));
  const taken = (source: string, handle: string | null | undefined) => {
    const e = final.get(source);
    if (!e) return false;
    if (e.type === 'node.failed') {
      const policy = onError.get(source);
      if (policy === 'handle') return handle === 'error';
      if (policy !== 'continue') return false;
      return e.nodeType === 'condition' ? handle === 'else' : handle !== 'error';
    }
    if (e.type !== 'node.finished') return false;
    const chosen = (e.output as { case?: string } | null)?.case;
    if (e.nodeType === 'condition') return handle === chosen;
    return handle !== 'error';
  };
  for (const node of plan.graph.nodes) {
    const ran = events.some((e) => e.type === 'node.started' && e.nodeId === node.id);
    const reached =
      node.type === 'start' ||
      plan.graph.edges.some(
        (edge) => edge.target === node.id && taken(edge.source, edge.sourceHandle),
      );
    expect(ran, `${node.id} ran: ${ran}, reached: ${reached}`).toBe(reached);
  }
}

describe('runGraph on random graphs', () => {
  it('generates valid graphs', () => {
    fc.assert(
      fc.property(planArbitrary, (plan) => {
        const problems = validateGraph(plan.graph).filter((p) => p.code !== 'no_output');
        expect(problems).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('runs each node at most once, in order, and ends with run.finished', async () => {
    await fc.assert(
      fc.asyncProperty(planArbitrary, async (plan) => {
        const handle = runGraph({
          ...baseOptions,
          graph: plan.graph,
          executors: scripted(plan.behaviours),
        });
        const events: RunEvent[] = [];
        for await (const event of handle.events) events.push(event);
        const result = await handle.result;
        checkOrder(plan, events, null);
        const finished = events.filter((e) => e.type === 'node.finished');
        expect(new Set(finished.map((e) => 'nodeId' in e && e.nodeId)).size).toBe(finished.length);
        const failedRun = events.some(
          (e) =>
            e.type === 'node.failed' &&
            !e.willRetry &&
            plan.graph.nodes.find((n) => n.id === e.nodeId)?.data.onError === 'fail',
        );
        expect(result.status).toBe(failedRun ? 'failed' : 'succeeded');
        if (result.status === 'succeeded') checkBranches(plan, events);
      }),
      { numRuns: 300 },
    );
  });

  it('starts nothing after a cancel', async () => {
    let cancelled = 0;
    await fc.assert(
      fc.asyncProperty(planArbitrary, fc.nat({ max: 30 }), async (plan, cancelAfter) => {
        const controller = new AbortController();
        const events: RunEvent[] = [];
        let abortedAt: number | null = null;
        const handle = runGraph({
          ...baseOptions,
          graph: plan.graph,
          signal: controller.signal,
          executors: scripted(plan.behaviours),
          onEvent: (event) => {
            events.push(event);
            if (events.length === cancelAfter + 1 && event.type !== 'run.finished') {
              queueMicrotask(() => {
                abortedAt = events.length;
                controller.abort();
              });
            }
          },
        });
        for await (const _ of handle.events) void _;
        const result = await handle.result;
        checkOrder(plan, events, abortedAt);
        if (result.status === 'cancelled') cancelled++;
        if (abortedAt !== null && result.status !== 'cancelled') {
          // The run had already finished its last step when the cancel arrived: at most its
          // run.finished comes after (it may even have come before the cancel did).
          expect(events.slice(abortedAt).filter((e) => e.type !== 'run.finished')).toEqual([]);
          expect(events.at(-1)?.type).toBe('run.finished');
        }
      }),
      { numRuns: 300 },
    );
    expect(cancelled).toBeGreaterThan(50);
  });
});
