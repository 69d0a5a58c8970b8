// `npm run bench:queue`: async runs drained per second from the queue (pg-boss on PostgreSQL) by
// one `npm run worker` process and by two, each given as a ratio to the ceiling measured in the
// same run: the same runs started and stored in one process without the queue (startRun).
// The graph is `bench:runs`' (start → transform → condition → output, no I/O), so the figures
// say what the queue costs (claiming each run under the concurrency limits, its job).
//
// Environment:
//   BENCH_DATABASE_URL  a PostgreSQL server to make a scratch database on
//                       (default postgres://postgres@127.0.0.1:5432/test); dropped at the end
//   BENCH_QUEUE_RUNS    runs queued for each drain (default 2000)
//   BENCH_DURATION      seconds the ceiling is measured (default 5)
//   BENCH_PARALLEL      runs in flight at once for the ceiling (default 8)
//
// Writes bench/results/queue.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { envNumber } from '../support/env.ts';
import { writeBenchResults } from '../support/results.ts';
import { publishedBenchAgent } from '../support/published-agent.ts';
import { scratchDatabase } from '../support/postgres.ts';
import { loadConfig } from '../../src/server/config.ts';
import { startServices } from '../../src/server/bootstrap.ts';
import { createLogger } from '../../src/server/http/logger.ts';
import { startRun } from '../../src/server/modules/agents/runs/runs.service.ts';
import { enqueueRun } from '../../src/server/jobs/run-queue.ts';
import { branchingGraph } from '../support/graphs.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'queue.json');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Math.max(1, Math.floor(envNumber('BENCH_QUEUE_RUNS', 2000)));
const DURATION = envNumber('BENCH_DURATION', 5);
const PARALLEL = Math.max(1, Math.floor(envNumber('BENCH_PARALLEL', 8)));

const graph = branchingGraph();

const scratch = await scratchDatabase(BASE_URL, 'meridian_bench_queue');
const databaseUrl = scratch.url;

const env = async () => ({
  DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'meridian-bench-queue-')),
  DATABASE_URL: databaseUrl,
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  SCHEDULER: 'off',
  LOG_LEVEL: 'warn',
});
const config = loadConfig({ ...(await env()), NODE_ENV: 'production' });
const logger = createLogger('warn');
// This process queues and measures the ceiling; it works no queue itself.
const services = await startServices(config, { logger, worker: false });
const { db, mailer } = services.deps;
const deps = { db, config, mailer, logger };
const { org, agent } = await publishedBenchAgent(db, graph);
const scope = { organizationId: org.id };
const caller = { id: null, email: null };

/** The ceiling: runs started and stored in this process, `PARALLEL` at once. */
async function ceiling() {
  let count = 0;
  const started = performance.now();
  const ms = DURATION * 1000;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (performance.now() - started < ms) {
        const run = await startRun(deps, scope, caller, agent!.id, {
          input: { n: count % 20 },
          draft: false,
          trigger: 'api',
        });
        const result = await run.done;
        if (result.status !== 'succeeded') throw new Error(`run ${result.status}`);
        count++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const runsPerSecond = count / seconds;
  console.log(`ceiling (startRun, no queue): ${runsPerSecond.toFixed(0)} runs/s`);
  return {
    name: 'stored runs in one process, no queue (startRun)',
    runs: count,
    seconds,
    runsPerSecond,
  };
}

async function openRuns(client: pg.Client) {
  const rows = await client.query<{ n: number }>(
    `select count(*)::int as n from agent_runs where agent_id = $1 and status in ('queued', 'running')`,
    [agent!.id],
  );
  return rows.rows[0]!.n;
}

/** Queues RUNS runs, starts `workers` worker processes, and times the drain. */
async function drain(workers: number) {
  for (let i = 0; i < RUNS; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, RUNS - i) }, (_, k) =>
        enqueueRun(deps, scope, caller, agent!.id, { input: { n: (i + k) % 20 }, trigger: 'api' }),
      ),
    );
  }
  const workerEnv = await env();
  const started: ChildProcess[] = [];
  const readyAt: Promise<number>[] = [];
  for (let w = 0; w < workers; w++) {
    const child = spawn(process.execPath, [path.join(ROOT, 'src/server/worker.ts')], {
      env: { PATH: process.env.PATH ?? '', ...workerEnv, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    readyAt.push(
      new Promise((resolve, reject) => {
        let output = '';
        child.stdout!.on('data', (d) => {
          output += d;
          if (output.includes('worker ready')) resolve(performance.now());
        });
        child.stderr!.on('data', (d) => (output += d));
        child.on('exit', (code) => reject(new Error(`worker exited (${code}): ${output}`)));
      }),
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const first = await Promise.race(readyAt);
  await Promise.all(readyAt);
  while ((await openRuns(client)) > 0) await new Promise((r) => setTimeout(r, 50));
  const seconds = (performance.now() - first) / 1000;
  await client.end();
  for (const child of started) child.kill('SIGTERM');
  await Promise.all(started.map((child) => new Promise((r) => child.once('exit', r))));
  const runsPerSecond = RUNS / seconds;
  console.log(`${workers} worker(s): ${runsPerSecond.toFixed(0)} runs/s (${RUNS} runs drained)`);
  return {
    name: `drained by ${workers} worker process(es)`,
    workers,
    runs: RUNS,
    seconds,
    runsPerSecond,
  };
}

try {
  const top = await ceiling();
  const one = await drain(1);
  const two = await drain(2);
  await writeBenchResults(RESULTS_FILE, {
    graph: 'start → transform → condition → output (no I/O), every run and step stored',
    database: 'PostgreSQL (a scratch database on BENCH_DATABASE_URL)',
    ratios: 'ratio = drained runs/s ÷ the ceiling (stored runs/s in one process without the queue)',
    note: 'the machine also runs PostgreSQL; two workers share its cores with it and each other',
    results: [
      top,
      { ...one, ratio: one.runsPerSecond / top.runsPerSecond },
      { ...two, ratio: two.runsPerSecond / top.runsPerSecond },
    ],
  });
  console.log(`wrote ${path.relative(ROOT, RESULTS_FILE)}`);
} finally {
  await services.close();
  await scratch.drop();
}
