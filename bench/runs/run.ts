// `npm run bench:runs`: agent runs per second when every run is stored (the run, each step
// redacted and capped, the result) on the embedded database (PGlite), for the graph of
// `bench:engine` (start → transform → condition → output, no I/O). Given as a ratio to the
// engine alone in the same run on the same machine, so the figure is what storing costs.
// AGENTS.md's goal: at least 1,000 stored runs/s on a 2-core machine (n8n publishes 220/s).
//
// Environment:
//   BENCH_DURATION  seconds measured per target and round (two rounds; default 5)
//   BENCH_WARMUP    seconds of unmeasured warm-up per target (default 1)
//   BENCH_PARALLEL  runs in flight at once for the stored target (default 8)
//
// Writes bench/results/runs.json.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envNumber } from '../support/env.ts';
import { writeBenchResults } from '../support/results.ts';
import { loadConfig } from '../../src/server/config.ts';
import { startServices } from '../../src/server/bootstrap.ts';
import { createLogger } from '../../src/server/http/logger.ts';
import { agents, organization } from '../../src/server/db/schema/index.ts';
import { startRun } from '../../src/server/modules/agents/runs/runs.service.ts';
import { pureExecutors } from '../../src/shared/engine/executors/index.ts';
import { runGraph } from '../../src/shared/engine/run-graph.ts';
import { branchingGraph } from '../support/graphs.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'runs.json');

const DURATION = envNumber('BENCH_DURATION', 5);
const WARMUP = envNumber('BENCH_WARMUP', 1);
const PARALLEL = Math.max(1, Math.floor(envNumber('BENCH_PARALLEL', 8)));

const graph = branchingGraph();

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-bench-runs-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
});
const logger = createLogger('warn');
const services = await startServices(config, { logger, inMemory: true });
const { db, mailer } = services.deps;
const [org] = await db
  .insert(organization)
  .values({ name: 'Bench', slug: `bench-${Date.now()}` })
  .returning();
const scope = { organizationId: org!.id };
const [agent] = await db
  .insert(agents)
  .values({ organizationId: org!.id, name: 'Bench', slug: 'bench', draft: graph })
  .returning();
const deps = { db, config, mailer, logger };
const caller = { id: null, email: null };

/** The engine alone: one run, its events read. */
async function engineRun(n: number) {
  const handle = runGraph({
    graph,
    inputs: { n },
    executors: pureExecutors,
    limits: { maxSteps: 100, runTimeoutMs: 60_000 },
    context: { run: {}, org: { name: 'Bench' }, now: new Date().toISOString() },
  });
  for await (const _ of handle.events) void _;
  const result = await handle.result;
  if (result.status !== 'succeeded') throw new Error(`engine run ${result.status}`);
}

/** A stored run of the draft, as the test console starts it, until it is stored. */
async function storedRun(n: number) {
  const started = await startRun(deps, scope, caller, agent!.id, {
    input: { n },
    draft: true,
    trigger: 'test',
  });
  const result = await started.done;
  if (result.status !== 'succeeded') throw new Error(`stored run ${result.status}`);
}

async function measure(name: string, run: (n: number) => Promise<void>, parallel: number) {
  const loop = async (ms: number) => {
    let count = 0;
    const started = performance.now();
    const worker = async () => {
      while (performance.now() - started < ms) {
        await run(count % 20);
        count++;
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return { count, ms: performance.now() - started };
  };
  if (WARMUP > 0) await loop(WARMUP * 1000);
  const { count, ms } = await loop(DURATION * 1000);
  const runsPerSecond = (count / ms) * 1000;
  console.log(`${name}: ${runsPerSecond.toFixed(0)} runs/s (${count} runs, ${parallel} at once)`);
  return { name, runs: count, seconds: ms / 1000, parallel, runsPerSecond };
}

const best = (a: Awaited<ReturnType<typeof measure>>, b: typeof a) =>
  a.runsPerSecond >= b.runsPerSecond ? a : b;
const ENGINE = 'engine alone (runGraph, nothing stored)';
const STORED = 'stored runs on PGlite (startRun)';
const round1 = [await measure(ENGINE, engineRun, 1), await measure(STORED, storedRun, PARALLEL)];
const round2 = [await measure(STORED, storedRun, PARALLEL), await measure(ENGINE, engineRun, 1)];
const engine = best(round1[0]!, round2[1]!);
const stored = best(round1[1]!, round2[0]!);
const ratio = stored.runsPerSecond / engine.runsPerSecond;
console.log(`stored ÷ engine: ${ratio.toFixed(4)} (goal: 1,000 stored runs/s)`);
await services.close();

await writeBenchResults(RESULTS_FILE, {
  graph: 'start → transform → condition → output (no I/O), every run and step stored',
  durationSeconds: DURATION,
  warmupSeconds: WARMUP,
  ratios: 'ratio = stored runs/s ÷ engine runs/s (the same graph, nothing stored)',
  goal: { storedRunsPerSecond: 1000 },
  results: [engine, { ...stored, ratio }],
});
console.log(`wrote ${path.relative(ROOT, RESULTS_FILE)}`);
