// `npm run bench:scheduler`: 10,000 enabled schedules (every minute, spread over the minute:
// about 167 fires a second) fired by one scheduler process, then by two. For each fire, its
// lateness (the run enqueued, minus the fire time): p50 and p99 (goal p99 ≤ 1 s); duplicates
// (runs beyond one per fire; goal 0) and lost fires (due fires without a run).
//
// Environment:
//   BENCH_DATABASE_URL   a PostgreSQL server to make a scratch database on
//                        (default postgres://postgres@127.0.0.1:5432/test); dropped at the end
//   BENCH_SCHEDULES      enabled schedules (default 10000)
//   BENCH_DURATION       seconds each phase is measured (default 60)
//
// Writes bench/results/scheduler.json.
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
import { agentGraphSchema } from '../../src/shared/schemas/agent-graph.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'scheduler.json');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEDULES = Math.max(1, Math.floor(envNumber('BENCH_SCHEDULES', 10_000)));
const DURATION = Math.max(5, envNumber('BENCH_DURATION', 60));

const graph = agentGraphSchema.parse({
  schemaVersion: 1,
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { inputs: [] } },
    { id: 'out', type: 'output', position: { x: 200, y: 0 }, data: { text: 'tick' } },
  ],
  edges: [{ id: 'e1', source: 'start', target: 'out' }],
});

const scratch = await scratchDatabase(BASE_URL, 'meridian_bench_sched');
const databaseUrl = scratch.url;

const env = async () => ({
  DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'meridian-bench-sched-')),
  DATABASE_URL: databaseUrl,
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  LOG_LEVEL: 'warn',
});
const config = loadConfig({ ...(await env()), NODE_ENV: 'production', SCHEDULER: 'off' });
const services = await startServices(config, { logger: createLogger('warn'), worker: false });
const { db } = services.deps;
const { org, agent } = await publishedBenchAgent(db, graph);
await onDb(
  `insert into schedules (organization_id, agent_id, name, kind, interval_seconds, enabled, overlap, catch_up)
   select $1, $2, 'S' || g, 'interval', 60, false, 'allow', 'all' from generate_series(1, $3) g`,
  [org!.id, agent!.id, SCHEDULES],
);

async function onDb<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function startProcess(): Promise<ChildProcess> {
  return env().then(
    (processEnv) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(ROOT, 'bench/scheduler/process.ts')], {
          env: { PATH: process.env.PATH ?? '', ...processEnv },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout!.on('data', (d) => {
          output += d;
          if (output.includes('scheduler ready')) resolve(child);
        });
        child.stderr!.on('data', (d) => (output += d));
        child.on('exit', (code) => reject(new Error(`scheduler exited (${code}): ${output}`)));
      }),
  );
}

/** One phase: fires spread over each minute from a few seconds ahead, for DURATION seconds. */
async function phase(processes: number) {
  await onDb(`delete from schedule_fires`);
  await onDb(`delete from agent_runs`);
  const children = await Promise.all(Array.from({ length: processes }, startProcess));
  const start = Math.ceil((Date.now() + 3_000) / 1000) * 1000;
  const end = start + DURATION * 1000;
  // Schedule i fires at start + (i mod 60) s, then every minute, until the end of the phase.
  await onDb(
    `update schedules s set enabled = true,
       starts_at = to_timestamp($1 / 1000.0) + make_interval(secs => v.k % 60),
       ends_at = to_timestamp(($2::bigint - 1) / 1000.0),
       next_fire_at = to_timestamp($1 / 1000.0) + make_interval(secs => v.k % 60)
     from (select id, row_number() over (order by id) as k from schedules) v where v.id = s.id`,
    [start, end],
  );
  // Then until every due fire has its run (a process behind catches up), at most a minute more.
  let expected = 0;
  for (let k = 1; k <= SCHEDULES; k++) {
    for (let at = k % 60; at < DURATION; at += 60) expected++;
  }
  await new Promise((r) => setTimeout(r, end - Date.now()));
  for (let waited = 0; waited < 60_000; waited += 1000) {
    const [done] = await onDb<{ n: number }>(`select count(run_id)::int as n from schedule_fires`);
    if (done!.n >= expected) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  await onDb(`update schedules set enabled = false`);
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((r) => child.once('exit', r))));
  const [row] = await onDb<{
    fires: number;
    with_run: number;
    runs: number;
    p50: number;
    p99: number;
    max: number;
  }>(
    `select (select count(*) from schedule_fires)::int as fires,
            (select count(distinct run_id) from schedule_fires)::int as with_run,
            (select count(*) from agent_runs where trigger = 'schedule')::int as runs,
            percentile_cont(0.5) within group (order by ms) as p50,
            percentile_cont(0.99) within group (order by ms) as p99,
            max(ms) as max
     from (select extract(epoch from (r.created_at - f.fire_at)) * 1000 as ms
           from schedule_fires f join agent_runs r on r.id = f.run_id) t`,
  );
  const result = {
    name: `${processes} scheduler process(es)`,
    processes,
    schedules: SCHEDULES,
    seconds: DURATION,
    fires: row!.fires,
    firesExpected: expected,
    lost: Math.max(0, expected - row!.with_run),
    duplicates: row!.runs - row!.with_run,
    latenessMs: { p50: Number(row!.p50), p99: Number(row!.p99), max: Number(row!.max) },
  };
  console.log(
    `${processes} process(es): ${row!.fires} fires, lateness p50 ${result.latenessMs.p50.toFixed(0)} ms, p99 ${result.latenessMs.p99.toFixed(0)} ms, duplicates ${result.duplicates}, lost ${result.lost}`,
  );
  return result;
}

try {
  const one = await phase(1);
  const two = await phase(2);
  await writeBenchResults(RESULTS_FILE, {
    workload: `${SCHEDULES} interval schedules (every minute, spread over the minute), ${DURATION} s per phase`,
    database: 'PostgreSQL (a scratch database on BENCH_DATABASE_URL)',
    lateness: 'the run enqueued (agent_runs.created_at) minus the fire time; goal p99 ≤ 1000 ms',
    note: 'no run worker: the runs stay queued, so the figures measure firing only',
    results: [one, two],
  });
  console.log(`wrote ${path.relative(ROOT, RESULTS_FILE)}`);
} finally {
  await services.close();
  await scratch.drop();
}
