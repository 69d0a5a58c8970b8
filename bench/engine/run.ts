// `npm run bench:engine`: runs per second of the agent engine (src/shared/engine) on a graph with
// no I/O, start → transform → condition → output, given as a ratio to a baseline measured in the
// same run on the same machine: the same four pure executors called one after the other by hand
// (what the steps cost without the engine). The ratio is what the engine's scheduling, events,
// time-outs and abort wiring leave of that.
//
// Environment:
//   BENCH_DURATION  seconds measured per target and round (two rounds; default 5)
//   BENCH_WARMUP    seconds of unmeasured warm-up per target (default 1)
//
// Writes bench/results/engine.json.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envNumber } from '../support/env.ts';
import { writeBenchResults } from '../support/results.ts';
import { pureExecutors } from '../../src/shared/engine/executors/index.ts';
import { runGraph } from '../../src/shared/engine/run-graph.ts';
import type { ExecutorContext, ExecutorIo } from '../../src/shared/engine/types.ts';
import type { NodeOfType } from '../../src/shared/schemas/agent-graph.ts';
import { branchingGraph } from '../support/graphs.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'engine.json');

const DURATION = envNumber('BENCH_DURATION', 5);
const WARMUP = envNumber('BENCH_WARMUP', 1);

const graph = branchingGraph({ templated: true });
const node = (id: string) => graph.nodes.find((n) => n.id === id)!;

const context = { run: { id: 'bench' }, org: { name: 'Acme' }, now: new Date().toISOString() };
const limits = { maxSteps: 100, runTimeoutMs: 60_000 };

/** The engine: one run of the graph, its events read. */
async function engineRun(n: number): Promise<unknown> {
  const handle = runGraph({ graph, inputs: { n }, executors: pureExecutors, limits, context });
  for await (const _ of handle.events) void _;
  const result = await handle.result;
  if (result.status !== 'succeeded') throw new Error(`run ${result.status}`);
  return result.output;
}

/** The baseline: the same executors, called in order by hand. */
async function directRun(n: number): Promise<unknown> {
  const io: ExecutorIo = { signal: new AbortController().signal, emitDelta: () => {} };
  const ctx: ExecutorContext = { inputs: { n }, nodes: {}, ...context };
  const start = await pureExecutors.start(node('start') as NodeOfType<'start'>, ctx, io);
  ctx.inputs = start.output as Record<string, unknown>;
  ctx.nodes = { start: start.output };
  const double = await pureExecutors.transform(node('double') as NodeOfType<'transform'>, ctx, io);
  ctx.nodes = { ...ctx.nodes, double: double.output };
  const size = await pureExecutors.condition(node('size') as NodeOfType<'condition'>, ctx, io);
  ctx.nodes = { ...ctx.nodes, size: size.output };
  const chosen = (size.output as { case: string }).case === 'big' ? 'big' : 'small';
  const reply = await pureExecutors.output(node(chosen) as NodeOfType<'output'>, ctx, io);
  return reply.output;
}

async function measure(name: string, run: (n: number) => Promise<unknown>) {
  const loop = async (ms: number) => {
    let count = 0;
    const started = performance.now();
    while (performance.now() - started < ms) {
      const output = await run(count % 20);
      if (typeof output !== 'string') throw new Error(`${name}: unexpected output`);
      count++;
    }
    return { count, ms: performance.now() - started };
  };
  if (WARMUP > 0) await loop(WARMUP * 1000);
  const { count, ms } = await loop(DURATION * 1000);
  const runsPerSecond = (count / ms) * 1000;
  console.log(`${name}: ${runsPerSecond.toFixed(0)} runs/s (${count} runs)`);
  return { name, runs: count, seconds: ms / 1000, runsPerSecond };
}

if ((await engineRun(12)) !== 'Big: 24 from Acme' || (await directRun(1)) !== 'Small: 2') {
  throw new Error('the benchmark graph does not answer as expected');
}
// Two alternating rounds, the better of each kept, so that neither side gains from going second.
const best = (a: Awaited<ReturnType<typeof measure>>, b: typeof a) =>
  a.runsPerSecond >= b.runsPerSecond ? a : b;
const baselineNames = 'baseline (executors called by hand)';
const round1 = [
  await measure(baselineNames, directRun),
  await measure('engine (runGraph)', engineRun),
];
const round2 = [
  await measure('engine (runGraph)', engineRun),
  await measure(baselineNames, directRun),
];
const baseline = best(round1[0]!, round2[1]!);
const engine = best(round1[1]!, round2[0]!);
const ratio = engine.runsPerSecond / baseline.runsPerSecond;
console.log(`engine ÷ baseline: ${ratio.toFixed(3)}`);

await writeBenchResults(RESULTS_FILE, {
  graph: 'start → transform → condition → output (no I/O)',
  durationSeconds: DURATION,
  warmupSeconds: WARMUP,
  ratios: 'ratio = engine runs/s ÷ baseline runs/s (the same executors called by hand)',
  results: [baseline, { ...engine, ratio }],
});
console.log(`wrote ${path.relative(ROOT, RESULTS_FILE)}`);
