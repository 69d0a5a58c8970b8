import { describe, expect, it } from 'vitest';
import { runGraph } from './run-graph.ts';
import { baseOptions, delay, graph, runAll, scripted, trace } from './test-support.ts';
import type { RunEvent } from './types.ts';

const linear = graph(
  [
    ['start', 'start'],
    ['a', 'transform', { expression: '1' }],
    ['out', 'output'],
  ],
  [
    ['start', 'a'],
    ['a', 'out'],
  ],
);

describe('runGraph', () => {
  it('runs steps in dependency order and reports the output step as the result', async () => {
    const { events, result } = await runAll({
      graph: linear,
      executors: scripted({
        out: async (ctx) => ({ output: { seen: ctx.nodes }, usage: { inputTokens: 3 } }),
        a: async () => ({ output: 7, usage: { inputTokens: 1, outputTokens: 2 } }),
      }),
    });
    expect(trace(events)).toEqual([
      'run.started',
      'node.started:start',
      'node.finished:start',
      'node.started:a',
      'node.finished:a',
      'node.started:out',
      'node.finished:out',
      'run.finished',
    ]);
    expect(result.status).toBe('succeeded');
    expect(result.output).toEqual({ seen: { start: { id: 'start' }, a: 7 } });
    expect(result.usage).toEqual({ inputTokens: 4, outputTokens: 2 });
    const last = events.at(-1)!;
    expect(last).toMatchObject({ type: 'run.finished', status: 'succeeded', error: null });
  });

  it('runs independent branches at the same time and joins them', async () => {
    const g = graph(
      [
        ['start', 'start'],
        ['a', 'transform'],
        ['b', 'transform'],
        ['out', 'output'],
      ],
      [
        ['start', 'a'],
        ['start', 'b'],
        ['a', 'out'],
        ['b', 'out'],
      ],
    );
    let concurrent = 0;
    let peak = 0;
    const slow = async () => {
      peak = Math.max(peak, ++concurrent);
      await delay(20);
      concurrent--;
      return { output: 1 };
    };
    const { events, result } = await runAll({
      graph: g,
      executors: scripted({ a: slow, b: slow }),
    });
    expect(peak).toBe(2);
    const t = trace(events);
    expect(t.indexOf('node.started:out')).toBeGreaterThan(t.indexOf('node.finished:a'));
    expect(t.indexOf('node.started:out')).toBeGreaterThan(t.indexOf('node.finished:b'));
    expect(result.status).toBe('succeeded');
  });

  it('follows only the chosen branch of a condition and skips the others', async () => {
    const g = graph(
      [
        ['start', 'start'],
        ['c', 'condition', { cases: [{ id: 'big', expression: 'true' }] }],
        ['yes', 'transform'],
        ['no', 'transform'],
        ['no_more', 'transform'],
        ['out', 'output'],
      ],
      [
        ['start', 'c'],
        ['c', 'yes', 'big'],
        ['c', 'no', 'else'],
        ['no', 'no_more'],
        ['yes', 'out'],
        ['no_more', 'out'],
      ],
    );
    const run = async (chosen: string) =>
      trace(
        (
          await runAll({
            graph: g,
            executors: scripted({ c: async () => ({ output: { case: chosen } }) }),
          })
        ).events,
      ).filter((e) => e.startsWith('node.started'));
    expect(await run('big')).toEqual([
      'node.started:start',
      'node.started:c',
      'node.started:yes',
      'node.started:out',
    ]);
    expect(await run('else')).toEqual([
      'node.started:start',
      'node.started:c',
      'node.started:no',
      'node.started:no_more',
      'node.started:out',
    ]);
  });

  it('fails a step that takes longer than its time-out and aborts its signal', async () => {
    const g = graph(
      [
        ['start', 'start'],
        ['a', 'transform', { timeoutMs: 100 }],
        ['out', 'output'],
      ],
      [
        ['start', 'a'],
        ['a', 'out'],
      ],
    );
    let aborted = false;
    const { events, result } = await runAll({
      graph: g,
      executors: scripted({
        a: async (_ctx, io) => {
          io.signal.addEventListener('abort', () => (aborted = true));
          await delay(5_000, io.signal).catch(() => {});
          return { output: 'late' };
        },
      }),
    });
    expect(aborted).toBe(true);
    expect(events.find((e) => e.type === 'node.failed')).toMatchObject({
      nodeId: 'a',
      error: { code: 'timeout' },
      willRetry: false,
    });
    expect(result).toMatchObject({ status: 'failed', error: { code: 'node_failed', nodeId: 'a' } });
    expect(trace(events)).not.toContain('node.started:out');
  });

  it('retries with backoff and reports each attempt', async () => {
    const g = graph(
      [
        ['start', 'start'],
        ['a', 'transform', { retries: { max: 2, backoffMs: 100 } }],
        ['out', 'output'],
      ],
      [
        ['start', 'a'],
        ['a', 'out'],
      ],
    );
    const waits: number[] = [];
    let calls = 0;
    const { events, result } = await runAll({
      graph: g,
      sleep: async (ms) => void waits.push(ms),
      executors: scripted({
        a: async () => {
          if (++calls < 3) throw new Error(`flaky ${calls}`);
          return { output: 'ok' };
        },
      }),
    });
    expect(waits).toEqual([100, 200]);
    const mine = events.filter((e) => 'nodeId' in e && e.nodeId === 'a');
    expect(mine.map((e) => [e.type, 'attempt' in e ? e.attempt : 0])).toEqual([
      ['node.started', 1],
      ['node.failed', 1],
      ['node.started', 2],
      ['node.failed', 2],
      ['node.started', 3],
      ['node.finished', 3],
    ]);
    expect(mine[1]).toMatchObject({ willRetry: true, error: { message: 'flaky 1' } });
    expect(result.status).toBe('succeeded');
  });

  it('on error: fails the run, continues with an error value, or follows the error handle', async () => {
    const boom = scripted({
      a: async () => {
        throw new Error('boom');
      },
    });
    const make = (onError: string, edges: [string, string, string?][]) =>
      graph(
        [
          ['start', 'start'],
          ['a', 'transform', { onError }],
          ['out', 'output'],
          ['oops', 'output'],
        ],
        [['start', 'a'], ...edges],
      );

    const failed = await runAll({
      graph: make('fail', [
        ['a', 'out'],
        ['start', 'oops'],
      ]),
      executors: boom,
    });
    expect(failed.result).toMatchObject({ status: 'failed', output: null, error: { nodeId: 'a' } });
    expect(failed.result.error!.message).toContain('boom');

    const continued = await runAll({
      graph: make('continue', [
        ['a', 'out'],
        ['start', 'oops'],
      ]),
      executors: scripted({
        a: async () => {
          throw new Error('boom');
        },
        out: async (ctx) => ({ output: ctx.nodes.a }),
        oops: async () => {
          await delay(20);
          return { output: 'other' };
        },
      }),
    });
    expect(continued.result.status).toBe('succeeded');
    expect(continued.result.outputs.a).toEqual({ error: 'boom' });
    expect(continued.result.outputs.out).toEqual({ error: 'boom' });

    const handled = await runAll({
      graph: make('handle', [
        ['a', 'out'],
        ['a', 'oops', 'error'],
      ]),
      executors: boom,
    });
    const started = trace(handled.events).filter((e) => e.startsWith('node.started'));
    expect(started).toEqual(['node.started:start', 'node.started:a', 'node.started:oops']);
    expect(handled.result).toMatchObject({ status: 'succeeded', output: { id: 'oops' } });
  });

  it('stops at the step limit', async () => {
    const { result, events } = await runAll({
      graph: linear,
      limits: { maxSteps: 2, runTimeoutMs: 1000 },
    });
    expect(result).toMatchObject({ status: 'failed', error: { code: 'max_steps' }, steps: 2 });
    expect(trace(events)).not.toContain('node.started:out');
  });

  it('fails a run that takes longer than its time-out', async () => {
    const { result, events } = await runAll({
      graph: linear,
      limits: { maxSteps: 10, runTimeoutMs: 50 },
      executors: scripted({ a: (_ctx, io) => delay(5_000, io.signal).then(() => ({ output: 1 })) }),
    });
    expect(result).toMatchObject({ status: 'failed', error: { code: 'run_timeout' } });
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', status: 'failed' });
  });

  it('cancels: running executors get the signal and nothing starts afterwards', async () => {
    const controller = new AbortController();
    let sawAbort = false;
    const handle = runGraph({
      ...baseOptions,
      graph: linear,
      signal: controller.signal,
      executors: scripted({
        a: async (_ctx, io) => {
          setTimeout(() => controller.abort(), 10);
          await delay(5_000, io.signal).catch(() => (sawAbort = true));
          return { output: 1 };
        },
      }),
    });
    const events: RunEvent[] = [];
    for await (const event of handle.events) events.push(event);
    const result = await handle.result;
    await delay(10);
    expect(sawAbort).toBe(true);
    expect(result).toMatchObject({ status: 'cancelled', error: { code: 'cancelled' } });
    expect(trace(events)).toEqual([
      'run.started',
      'node.started:start',
      'node.finished:start',
      'node.started:a',
      'run.finished',
    ]);
  });

  it('a run cancelled before it begins runs nothing', async () => {
    const { events, result } = await runAll({ graph: linear, signal: AbortSignal.abort() });
    expect(trace(events)).toEqual(['run.started', 'run.finished']);
    expect(result.status).toBe('cancelled');
  });

  it('replays: steps with recorded outputs are reused, not executed', async () => {
    const executed: string[] = [];
    const record = (id: string) => async () => {
      executed.push(id);
      return { output: `${id}!` };
    };
    const { events, result } = await runAll({
      graph: linear,
      priorOutputs: { start: { message: 'hi' }, a: 'recorded' },
      executors: scripted({ start: record('start'), a: record('a'), out: record('out') }),
    });
    expect(executed).toEqual(['out']);
    expect(
      events
        .filter((e) => e.type === 'node.finished' && e.reused)
        .map((e) => 'nodeId' in e && e.nodeId),
    ).toEqual(['start', 'a']);
    expect(result.outputs).toMatchObject({ start: { message: 'hi' }, a: 'recorded', out: 'out!' });
    expect(result.steps).toBe(1);
  });

  it('streams deltas and reports a missing executor as a step failure', async () => {
    const { events } = await runAll({
      graph: linear,
      executors: scripted({
        a: async (_ctx, io) => {
          io.emitDelta('Hel');
          io.emitDelta('lo');
          return { output: 'Hello' };
        },
      }),
    });
    expect(events.filter((e) => e.type === 'node.delta').map((e) => 'text' in e && e.text)).toEqual(
      ['Hel', 'lo'],
    );
    const missing = await runAll({ graph: linear, executors: { start: scripted().start } });
    expect(missing.events.find((e) => e.type === 'node.failed')).toMatchObject({
      nodeId: 'a',
      error: { code: 'executor_missing' },
    });
  });

  it('gives later steps the start step’s checked inputs', async () => {
    let seen: unknown;
    await runAll({
      graph: linear,
      inputs: { n: '4' },
      executors: scripted({
        start: async () => ({ output: { n: 4 } }),
        a: async (ctx) => {
          seen = ctx.inputs;
          return { output: null };
        },
      }),
    });
    expect(seen).toEqual({ n: 4 });
  });
});
