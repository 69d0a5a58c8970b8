// `npm run bench:webhooks`: webhook → transform → output runs per second in one server process,
// on in-memory PGlite and on PostgreSQL, each as a ratio to the ceiling measured in the same run
// with the same client: a bare node:http server in a process of its own that reads the JSON body
// and answers it back. AGENTS.md's goal: at least 1,000 runs/s (n8n publishes 220/s).
//
// The real app (bench/support/app.ts: the product's services and HTTP server in a process of its
// own) gets, through its API, an agent start (n: number) → transform (n * 2) → output
// ({ value }), published, its webhook on. For BENCH_DURATION seconds, after BENCH_WARMUP seconds,
// BENCH_PARALLEL requests are in flight over keep-alive connections (undici's Pool); every answer
// is checked (200 and `{ value: 2n }` for the app, the same JSON back for the ceiling). Afterwards
// the agent's webhook runs are read through the runs API: their number must equal the number of
// 200 answers (warm-up and checks included), each answered run id stored, each succeeded.
// Beside each rate: the server process's CPU time per answer over the measured part (Linux),
// a steadier figure than the rate when other work shares the machine.
//
// Environment:
//   BENCH_DURATION      seconds measured per target (default 5)
//   BENCH_WARMUP        seconds of unmeasured load per target first (default 1)
//   BENCH_PARALLEL      requests in flight at once (default 16)
//   BENCH_DATABASE_URL  a PostgreSQL server to make a scratch database on (default
//                       postgres://postgres@127.0.0.1:5432/postgres); dropped at the end
//   BENCH_DATABASES     which to measure: `pglite,postgresql` (default), or one of them
//
// Exits non-zero when an answer was wrong or failed, or the stored runs do not match; a missed
// goal is a figure, not a failure. Writes bench/results/webhooks.json.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { benchApi, freePort, signedInUser, startBenchApp } from '../support/app.ts';
import { envNumber } from '../support/env.ts';
import { writeBenchResults } from '../support/results.ts';
import { scratchDatabase } from '../support/postgres.ts';
import { WEBHOOK_RUN_HEADER } from '../../src/shared/schemas/webhooks.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'webhooks.json');
const DURATION = envNumber('BENCH_DURATION', 5) || 5;
const WARMUP = envNumber('BENCH_WARMUP', 1);
const PARALLEL = Math.max(1, Math.floor(envNumber('BENCH_PARALLEL', 16)));
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgresql')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);
for (const database of DATABASES) {
  if (database !== 'pglite' && database !== 'postgresql')
    throw new Error(`BENCH_DATABASES: unknown database ${database}`);
}
const GOAL_RUNS_PER_SECOND = 1000;
const N8N_RUNS_PER_SECOND = 220;

// ---- the load: PARALLEL loops, each a request at a time, every answer checked ----

interface Target {
  origin: string;
  path: string;
  /** Null when the answer is right, else what was wrong; `runId` is the answered run. */
  check: (n: number, status: number, body: string, runId: string | null) => string | null;
}

interface Load {
  ok: number;
  wrong: number;
  errors: number;
  seconds: number;
  latencies: number[];
  problems: string[];
}

async function load(pool: Pool, target: Target, seconds: number, runIds: Set<string>) {
  const result: Load = { ok: 0, wrong: 0, errors: 0, seconds: 0, latencies: [], problems: [] };
  const note = (problem: string) => {
    if (result.problems.length < 10) result.problems.push(problem);
  };
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const n = next++ % 1000;
      const sent = performance.now();
      try {
        const res = await pool.request({
          path: target.path,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: `{"n":${n}}`,
        });
        const body = await res.body.text();
        const header = res.headers[WEBHOOK_RUN_HEADER.toLowerCase()];
        const runId = typeof header === 'string' ? header : null;
        if (res.statusCode === 200 && runId) runIds.add(runId);
        const problem = target.check(n, res.statusCode, body, runId);
        if (problem) {
          result.wrong++;
          note(problem);
        } else {
          result.ok++;
          result.latencies.push(performance.now() - sent);
        }
      } catch (error) {
        result.errors++;
        note(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, loop));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/**
 * The CPU time (user + system, ms) a process has used so far, from Linux's /proc (null
 * elsewhere). Per answer it is a steadier figure than answers per second on a machine whose
 * other work comes and goes: it counts what the server spends, not how long it waited for a core.
 */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command's name), in
    // clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Warm-up, then the measured load; the figures of the measured part. */
async function measure(name: string, target: Target, runIds = new Set<string>(), pid?: number) {
  const pool = new Pool(target.origin, { connections: PARALLEL, pipelining: 1 });
  try {
    const warm = WARMUP > 0 ? await load(pool, target, WARMUP, runIds) : null;
    const cpuBefore = cpuMsOf(pid);
    const run = await load(pool, target, DURATION, runIds);
    const cpuAfter = cpuMsOf(pid);
    const serverCpuMsPerAnswer =
      cpuBefore !== null && cpuAfter !== null && run.ok > 0
        ? (cpuAfter - cpuBefore) / run.ok
        : null;
    const sorted = run.latencies.sort((a, b) => a - b);
    const figures = {
      name,
      answers: run.ok,
      seconds: run.seconds,
      runsPerSecond: run.ok / run.seconds,
      latencyP50Ms: percentile(sorted, 50),
      latencyP99Ms: percentile(sorted, 99),
      wrongAnswers: run.wrong + (warm?.wrong ?? 0),
      errors: run.errors + (warm?.errors ?? 0),
      problems: [...(warm?.problems ?? []), ...run.problems].slice(0, 10),
      warmupAnswers: warm?.ok ?? 0,
      serverCpuMsPerAnswer,
    };
    const cpu =
      serverCpuMsPerAnswer === null
        ? ''
        : `, server CPU ${serverCpuMsPerAnswer.toFixed(3)} ms per answer`;
    console.log(
      `${name}: ${figures.runsPerSecond.toFixed(0)}/s (${run.ok} in ${run.seconds.toFixed(2)} s, ` +
        `p50 ${figures.latencyP50Ms.toFixed(2)} ms, p99 ${figures.latencyP99Ms.toFixed(2)} ms, ` +
        `${figures.wrongAnswers} wrong, ${figures.errors} errors${cpu})`,
    );
    for (const problem of figures.problems) console.error(`  ${problem}`);
    return figures;
  } finally {
    await pool.close();
  }
}

// ---- the ceiling: a bare node:http server answering the JSON it reads ----

const CEILING_SOURCE = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send({ ready: true }));
process.on('SIGTERM', () => { server.closeAllConnections(); server.close(() => process.exit(0)); });
`;

async function measureCeiling(label: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', CEILING_SOURCE], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ceiling server exited (${code})`)));
    child.once('message', () => resolve());
  });
  try {
    return await measure(
      `ceiling (node:http echo) ${label}`,
      {
        origin: `http://127.0.0.1:${port}`,
        path: '/',
        check: (n, status, body) =>
          status === 200 && body === `{"n":${n}}` ? null : `ceiling answered ${status}: ${body}`,
      },
      new Set(),
      child.pid,
    );
  } finally {
    child.removeAllListeners('exit');
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
}

// ---- the app: an agent with its webhook on, the load, the stored runs ----

const node = (id: string, type: string, x: number, data: object) => ({
  id,
  type,
  position: { x, y: 0 },
  data,
});
const GRAPH = {
  schemaVersion: 1,
  nodes: [
    node('start', 'start', 0, {
      mode: 'fields',
      inputs: [{ name: 'n', type: 'number', required: true }],
    }),
    node('double', 'transform', 280, { expression: 'input.n * 2' }),
    node('reply', 'output', 560, { mode: 'json', json: { value: '{{ nodes.double }}' } }),
  ],
  edges: [
    { id: 'a', source: 'start', target: 'double' },
    { id: 'b', source: 'double', target: 'reply' },
  ],
};

const appCheck = (n: number, status: number, body: string, runId: string | null) => {
  if (status !== 200) return `answered ${status}: ${body.slice(0, 300)}`;
  if (!runId) return `answered 200 without ${WEBHOOK_RUN_HEADER}`;
  let value: unknown;
  try {
    value = (JSON.parse(body) as { value?: unknown }).value;
  } catch {
    return `answered 200 with ${body.slice(0, 300)}`;
  }
  return value === n * 2 ? null : `n=${n} answered ${body.slice(0, 300)}`;
};

async function measureApp(database: 'pglite' | 'postgresql', databaseUrl: string) {
  const app = await startBenchApp({
    name: `webhooks-${database}`,
    env: { DATABASE_URL: databaseUrl, SCHEDULER: 'off' },
  });
  try {
    const user = await signedInUser(app, `webhooks-${database}`);
    const api = benchApi(app, user);
    const agent = await api<{ id: string; revision: number }>('POST', '/agents', {
      name: 'Bench webhook',
    });
    await api(
      'PUT',
      `/agents/${agent.id}/draft`,
      { graph: GRAPH },
      {
        'if-match': String(agent.revision),
      },
    );
    await api('POST', `/agents/${agent.id}/publish`, {});
    const hook = await api<{ url: string | null }>('POST', `/agents/${agent.id}/webhook`, {});
    if (!hook.url) throw new Error('enabling the webhook returned no URL');
    const url = new URL(hook.url);
    const runIds = new Set<string>();
    const figures = await measure(
      `webhook runs on ${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
      { origin: url.origin, path: url.pathname, check: appCheck },
      runIds,
      app.process.pid,
    );
    const stored = await storedRuns(api, agent.id, runIds);
    const answered200 = figures.warmupAnswers + figures.answers;
    const missing = [...runIds].filter((id) => !stored.ids.has(id)).length;
    const matches =
      stored.ids.size === answered200 &&
      runIds.size === answered200 &&
      missing === 0 &&
      stored.notSucceeded === 0;
    console.log(
      `  stored webhook runs (runs API): ${stored.ids.size}, 200 answers: ${answered200} ` +
        `(${figures.warmupAnswers} in the warm-up), answered run ids not stored: ${missing}, ` +
        `stored runs not succeeded: ${stored.notSucceeded}: ${matches ? 'match' : 'MISMATCH'}`,
    );
    if (stored.missedByListing > 0) {
      console.warn(
        `  warning: ${stored.missedByListing} stored runs were missing from the paged list ` +
          '(GET …/runs?cursor=) and found by id (GET …/runs/{runId})',
      );
    }
    return {
      ...figures,
      database,
      storedWebhookRuns: stored.ids.size,
      answered200,
      answeredRunIdsNotStored: missing,
      storedRunsNotSucceeded: stored.notSucceeded,
      storedRunsMissedByPagedList: stored.missedByListing,
      storedMatchesAnswers: matches,
    };
  } finally {
    await app.stop();
  }
}

/**
 * Every webhook run of the agent, through GET /api/v1/agents/{id}/runs page by page; an answered
 * run the pages left out is read by its id (GET …/runs/{runId}) and counted apart.
 */
async function storedRuns(
  api: ReturnType<typeof benchApi>,
  agentId: string,
  answered: ReadonlySet<string>,
) {
  const ids = new Set<string>();
  let notSucceeded = 0;
  let cursor: string | null = null;
  do {
    const query: string = `trigger=webhook&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: { items: { id: string; status: string }[]; nextCursor: string | null } = await api(
      'GET',
      `/agents/${agentId}/runs?${query}`,
      undefined,
    );
    for (const run of page.items) {
      if (ids.has(run.id)) continue;
      ids.add(run.id);
      if (run.status !== 'succeeded') notSucceeded++;
    }
    cursor = page.nextCursor;
  } while (cursor);
  let missedByListing = 0;
  for (const id of answered) {
    if (ids.has(id)) continue;
    const run = await api<{ id: string; status: string; trigger: string }>(
      'GET',
      `/agents/${agentId}/runs/${id}`,
      undefined,
    ).catch(() => null);
    if (run?.trigger !== 'webhook') continue;
    missedByListing++;
    ids.add(run.id);
    if (run.status !== 'succeeded') notSucceeded++;
  }
  return { ids, notSucceeded, missedByListing };
}

// ---- the run: ceiling and app, taking turns; each app figure beside the ceiling before it ----

console.log(
  `bench:webhooks: ${PARALLEL} in flight, ${WARMUP} s warm-up + ${DURATION} s per target; ` +
    `databases: ${DATABASES.join(', ')}`,
);
const results = [];
let failed = false;
for (const database of DATABASES) {
  const ceiling = await measureCeiling(`before ${database}`);
  const scratch =
    database === 'postgresql' ? await scratchDatabase(SERVER_URL, 'meridian_bench_webhooks') : null;
  const databaseUrl = scratch?.url ?? '';
  try {
    const app = await measureApp(database as 'pglite' | 'postgresql', databaseUrl);
    const ratio = app.runsPerSecond / ceiling.runsPerSecond;
    console.log(
      `  ${database}: ${app.runsPerSecond.toFixed(0)} runs/s = ${(ratio * 100).toFixed(1)} % of ` +
        `the ceiling (${ceiling.runsPerSecond.toFixed(0)}/s); goal ≥ ${GOAL_RUNS_PER_SECOND} ` +
        `runs/s: ${app.runsPerSecond >= GOAL_RUNS_PER_SECOND ? 'met' : 'not met'}`,
    );
    if (ceiling.wrongAnswers + ceiling.errors + app.wrongAnswers + app.errors > 0) failed = true;
    if (!app.storedMatchesAnswers) failed = true;
    results.push({
      database,
      ceiling,
      app,
      ratio,
      goalMet: app.runsPerSecond >= GOAL_RUNS_PER_SECOND,
    });
  } finally {
    await scratch?.drop();
  }
}

console.log('\nwebhook → transform → output, one process:');
for (const r of results) {
  const cpu = r.app.serverCpuMsPerAnswer;
  console.log(
    `  ${r.database.padEnd(10)} ${r.app.runsPerSecond.toFixed(0).padStart(6)} runs/s  ` +
      `ratio to ceiling ${r.ratio.toFixed(4)}  (ceiling ${r.ceiling.runsPerSecond.toFixed(0)}/s; ` +
      `goal ≥ ${GOAL_RUNS_PER_SECOND}/s ${r.goalMet ? 'met' : 'not met'}; n8n ${N8N_RUNS_PER_SECOND}/s)` +
      (cpu === null ? '' : `; server CPU ${cpu.toFixed(3)} ms per run`),
  );
}

await writeBenchResults(RESULTS_FILE, {
  path:
    'POST /api/hooks/{agentId}/{token} with {"n": n}: start (n: number) → transform (n * 2) → ' +
    'output { value }, published; each answer 200 with the run’s output, checked',
  ceiling: 'a bare node:http server in its own process reading the JSON body and answering it',
  client: `undici Pool, ${PARALLEL} keep-alive connections, one request at a time on each`,
  parallel: PARALLEL,
  warmupSeconds: WARMUP,
  durationSeconds: DURATION,
  goal: { runsPerSecond: GOAL_RUNS_PER_SECOND, n8nRunsPerSecond: N8N_RUNS_PER_SECOND },
  ratios: 'ratio = webhook runs/s ÷ the ceiling’s answers/s, measured just before it',
  note: 'the client, the app, the ceiling and PostgreSQL share the machine’s cores',
  results,
});
console.log(`wrote ${path.relative(ROOT, RESULTS_FILE)}`);
if (failed) {
  console.error('bench:webhooks: wrong answers, errors or a stored-run mismatch (see above)');
  process.exit(1);
}
