// `npm run bench`: HTTP throughput and latency of the real server, each figure given as a ratio
// to a bare node:http server (the ceiling) measured in the same run on the same machine.
//
// Environment:
//   BENCH_DURATION     seconds measured per target (default 10)
//   BENCH_CONNECTIONS  concurrent connections (default 10)
//   BENCH_WARMUP       seconds of unmeasured warm-up per target (default 1; 0 to skip)
//   DATABASE_URL       when set, the server runs on that PostgreSQL database instead of PGlite
//   BENCH_CUSTOMERS    customers seeded into the benchmark organisation (default 100000)
//   BENCH_PROJECTS     projects seeded into it (default 1000)
//   BENCH_ONLY         a regular expression: only the targets whose name matches are measured
//   BENCH_CPU_PROF     a directory: the server writes a V8 CPU profile of its run there
//
// The data is seeded the way people create it (bench/seed-crm.ts: projects through the projects
// service, customers through the CSV import, churn through the bulk status action), so the
// planner sees what the product leaves behind. Also measured: server start to healthy on a fresh
// data dir (spawn to the first 200 of /api/ready), and the server's memory at rest and after the
// load (VmRSS of /proc/<pid>/status; the V8 heap from a Node diagnostic report the server writes
// on SIGUSR2, `--report-on-signal`). With DATABASE_URL the benchmark's organisation, its members
// and their users are deleted again at the end.
//
// Writes bench/results/latest.json: every measurement, and `goals`, each figure of issue 13's
// table next to its goal (the JavaScript sizes come from bench/results/bundle.json, written by
// `npm run bench:bundle`, when it is there).
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  mkdir,
  mkdtemp,
  open,
  readFile,
  readdir,
  rm,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForVerificationLink } from '../e2e/support/mail.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { SERVER_ENV_DEFAULTS } from '../src/server/server-env.ts';
import { DEFAULT_CRM_SEED, removeSeed, seedCrm, type CrmSeed } from './seed-crm.ts';
import { goalRows, type Figures } from './goals.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'latest.json');
const BUNDLE_FILE = path.join(ROOT, 'bench', 'results', 'bundle.json');
/** How long the server idles after it is ready before its memory "at rest" is read. */
const REST_MS = 2_000;

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
}

const DURATION = positiveNumber('BENCH_DURATION', 10) || 10;
const CONNECTIONS = Math.max(1, Math.round(positiveNumber('BENCH_CONNECTIONS', 10)));
const WARMUP = positiveNumber('BENCH_WARMUP', 1);
const DATABASE = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
const CRM_SEED: CrmSeed = {
  ...DEFAULT_CRM_SEED,
  customers: Math.round(positiveNumber('BENCH_CUSTOMERS', DEFAULT_CRM_SEED.customers)),
  projects: Math.round(positiveNumber('BENCH_PROJECTS', DEFAULT_CRM_SEED.projects)),
};

/** The ceiling: the least a Node HTTP server can do, answering like /api/health does. */
const CEILING_SOURCE = `
const http = require('node:http');
const body = JSON.stringify({ status: 'ok' });
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

interface Target {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Measurement {
  name: string;
  method: string;
  url: string;
  requests: number;
  requestsPerSecond: number;
  latencyMeanMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

const log = (message: string) => console.log(`bench: ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port that was free a moment ago on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

class Child {
  exited = false;
  exitCode: number | null = null;
  readonly exit: Promise<void>;

  readonly name: string;
  readonly process: ChildProcess;

  constructor(name: string, process: ChildProcess) {
    this.name = name;
    this.process = process;
    this.exit = new Promise((resolve) => {
      process.once('exit', (code, signal) => {
        this.exited = true;
        this.exitCode = code ?? (signal ? 128 : null);
        resolve();
      });
    });
  }

  /** SIGTERM, then SIGKILL after 10 s. */
  async stop(): Promise<void> {
    if (this.exited) return;
    this.process.kill('SIGTERM');
    const killed = await Promise.race([
      this.exit.then(() => false),
      sleep(10_000).then(() => true),
    ]);
    if (killed && !this.exited) {
      log(`${this.name} did not stop within 10 s; killing it`);
      this.process.kill('SIGKILL');
      await this.exit;
    }
  }
}

/** Polls `url` until it answers 200, failing early when the child exits. */
async function waitUntilReady(
  child: Child,
  url: string,
  timeoutMs = 90_000,
  pollMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exited) throw new Error(`${child.name} exited (code ${child.exitCode}) before ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(pollMs);
  }
  throw new Error(`${child.name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

/** The name=value pairs of every Set-Cookie header, as one Cookie header. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!.trim())
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (response.status >= 200 && response.status < 400) return;
  const body = await response.text().catch(() => '');
  throw new Error(`${what} answered ${response.status}: ${body.slice(0, 500)}`);
}

/**
 * Creates a verified user with an organisation, signing in once (sign-in and sign-up are rate
 * limited per IP, with the counters kept in the database).
 */
async function createSession(
  baseUrl: string,
  mailDir: string,
): Promise<{ cookie: string; organizationId: string; userId: string; email: string }> {
  const email = `bench.${Date.now()}.${process.pid}@meridian.test`;
  const password = 'Bench-Passw0rd-2024!';
  const json = { 'content-type': 'application/json', origin: baseUrl };
  const since = Date.now() - 1_000;

  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Bench User', email, password }),
  });
  await expectOk(signUp, 'sign-up');

  const link = await waitForVerificationLink(email, { mailDir, since, timeoutMs: 10_000 });
  const verified = await fetch(link, { redirect: 'manual', headers: { origin: baseUrl } });
  await expectOk(verified, 'e-mail verification');

  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  await expectOk(signIn, 'sign-in');
  const cookie = cookieHeader(signIn);
  if (!cookie) throw new Error('sign-in set no session cookie');
  const { user } = (await signIn.json()) as { user?: { id?: string } };
  if (!user?.id) throw new Error('sign-in returned no user');

  const setup = await fetch(`${baseUrl}/api/functions/complete-user-setup`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ user_id: user?.id }),
  });
  await expectOk(setup, 'complete-user-setup');
  const result = (await setup.json()) as { success?: boolean; organization?: { id?: string } };
  const organizationId = result.organization?.id;
  if (!result.success || !organizationId) {
    throw new Error(`complete-user-setup returned no organisation: ${JSON.stringify(result)}`);
  }
  return { cookie, organizationId, userId: user.id, email };
}

interface Memory {
  /** VmRSS of the server process. */
  rssMb: number;
  /** VmHWM: the highest RSS so far. */
  peakRssMb: number;
  /** RssAnon: the anonymous part of the RSS (heaps, WASM memory), without mapped files. */
  rssAnonMb: number | null;
  /** From the server's diagnostic report: the V8 heap in use and reserved. */
  heapUsedMb: number | null;
  heapTotalMb: number | null;
}

const mb = (kB: number) => Math.round(kB / 102.4) / 10;

/** The server's memory, read from /proc and from a diagnostic report it writes on SIGUSR2. */
async function memoryOf(child: Child, reportDir: string): Promise<Memory | null> {
  const pid = child.process.pid;
  if (pid === undefined || child.exited) return null;
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null; // not Linux
  }
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? mb(Number(match[1])) : null;
  };
  const heap = await heapOf(child, reportDir);
  return {
    rssMb: field('VmRSS') ?? NaN,
    peakRssMb: field('VmHWM') ?? NaN,
    rssAnonMb: field('RssAnon'),
    heapUsedMb: heap ? mb(heap.usedMemory / 1024) : null,
    heapTotalMb: heap ? mb(heap.totalMemory / 1024) : null,
  };
}

/** Asks the server for a diagnostic report (SIGUSR2) and reads its javascriptHeap section. */
async function heapOf(
  child: Child,
  reportDir: string,
): Promise<{ usedMemory: number; totalMemory: number } | null> {
  const before = new Set(await readdir(reportDir).catch(() => [] as string[]));
  child.process.kill('SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 100) {
    await sleep(100);
    const fresh = (await readdir(reportDir).catch(() => [] as string[])).filter(
      (name) => name.endsWith('.json') && !before.has(name),
    );
    if (fresh.length === 0) continue;
    try {
      const file = path.join(reportDir, fresh[0]!);
      const report = JSON.parse(await readFile(file, 'utf8')) as {
        javascriptHeap?: { usedMemory: number; totalMemory: number };
      };
      await rm(file, { force: true });
      return report.javascriptHeap ?? null;
    } catch {
      // still being written
    }
  }
  return null;
}

/** How the server sends the web app's entry script: its encoding and caching headers. */
async function assetDelivery(baseUrl: string) {
  const page = await fetch(`${baseUrl}/login`, { headers: { 'accept-encoding': 'br, gzip' } });
  const html = await page.text();
  const src = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (!page.ok || !src) return null;
  const script = await fetch(new URL(src, baseUrl), {
    headers: { 'accept-encoding': 'br, gzip' },
  });
  const body = new Uint8Array(await script.arrayBuffer());
  return {
    script: src,
    contentEncoding: script.headers.get('content-encoding'),
    cacheControl: script.headers.get('cache-control'),
    htmlCacheControl: page.headers.get('cache-control'),
    // fetch decodes; the length on the wire is the header's when it is sent.
    wireBytes: Number(script.headers.get('content-length') ?? NaN),
    decodedBytes: body.byteLength,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function cannon(target: Target, seconds: number, onLatency?: (ms: number) => void) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method,
        headers: target.headers,
        body: target.body,
        connections: CONNECTIONS,
        duration: seconds,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onLatency) {
      instance.on('response', (_client, statusCode: number, _bytes, responseTime: number) => {
        if (statusCode >= 200 && statusCode < 300) onLatency(responseTime);
      });
    }
  });
}

/** Measures one target; latencies are kept at full (sub-millisecond) precision. */
async function measure(target: Target): Promise<Measurement> {
  if (WARMUP > 0) await cannon(target, WARMUP);
  const latencies: number[] = [];
  const result = await cannon(target, DURATION, (ms) => latencies.push(ms));
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((sum, ms) => sum + ms, 0) / (latencies.length || 1);
  return {
    name: target.name,
    method: target.method,
    url: target.url,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyMeanMs: mean,
    latencyP50Ms: percentile(latencies, 50),
    latencyP99Ms: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function printTable(rows: (Measurement & { rpsRatio: number; p50Ratio: number })[]): void {
  const header = [
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'req/s vs ceiling',
    'p50 vs ceiling',
    'non-2xx',
  ];
  const lines = rows.map((row) => [
    row.name,
    row.requestsPerSecond.toFixed(0),
    row.latencyP50Ms.toFixed(2),
    row.latencyP99Ms.toFixed(2),
    `${(row.rpsRatio * 100).toFixed(1)} %`,
    `${row.p50Ratio.toFixed(2)} x`,
    String(row.non2xx + row.errors + row.timeouts),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((l) => l[i]!.length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(format(line));
  console.log('');
}

async function main(): Promise<number> {
  const children: Child[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-bench-'));
  const logFile = path.join(dataDir, 'server.log');
  const reportDir = path.join(dataDir, 'reports');
  await mkdir(reportDir, { recursive: true });
  let logHandle: FileHandle | undefined;
  let ok = false;
  let seeded: { organizationId: string } | undefined;

  const stopAll = async () => {
    await Promise.all(children.map((child) => child.stop()));
  };
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping`);
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const [ceilingPort, serverPort] = [await freePort(), await freePort()];
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;
    const baseUrl = `http://127.0.0.1:${serverPort}`;

    log(`starting the ceiling (bare node:http) on ${ceilingUrl}`);
    const ceiling = new Child(
      'ceiling',
      spawn(process.execPath, ['-e', CEILING_SOURCE], {
        env: { PATH: process.env.PATH, PORT: String(ceilingPort) },
        stdio: 'inherit',
      }),
    );
    children.push(ceiling);
    await waitUntilReady(ceiling, ceilingUrl);

    log(`starting the server on ${baseUrl} (${DATABASE}, fresh DATA_DIR ${dataDir})`);
    const serverLog = await open(logFile, 'a');
    logHandle = serverLog;
    const startServer = () => {
      const child = new Child(
        'server',
        spawn(
          process.execPath,
          [
            // A diagnostic report (with the V8 heap) on SIGUSR2, read by memoryOf.
            '--report-on-signal',
            '--report-signal=SIGUSR2',
            `--report-directory=${reportDir}`,
            ...(process.env.BENCH_CPU_PROF
              ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
              : []),
            'src/server/main.ts',
          ],
          {
            cwd: ROOT,
            // As `npm start`'s supervisor starts it.
            env: {
              ...SERVER_ENV_DEFAULTS,
              ...process.env,
              PORT: String(serverPort),
              DATA_DIR: dataDir,
              APP_URL: baseUrl,
            },
            stdio: ['ignore', serverLog.fd, serverLog.fd],
          },
        ),
      );
      children.push(child);
      return child;
    };
    /** Spawns the server and waits for /api/ready; returns it with the seconds this took. */
    const startTimed = async () => {
      const started = performance.now();
      const child = startServer();
      await waitUntilReady(child, `${baseUrl}/api/ready`, 90_000, 25);
      return { child, seconds: (performance.now() - started) / 1000 };
    };
    // `npm start` makes the saved initdb that a new embedded database starts from before it
    // starts the server (scripts/build-if-changed.mjs); the start is measured the same way.
    if (DATABASE === 'pglite') {
      spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'pglite-template.mjs')], {
        cwd: ROOT,
        stdio: 'inherit',
      });
    }
    const fresh = await startTimed();
    let server = fresh.child;
    log(`the server was ready in ${fresh.seconds.toFixed(2)} s`);
    await sleep(REST_MS);
    const memoryFresh = await memoryOf(server, reportDir);
    log(`at rest: ${JSON.stringify(memoryFresh)}`);

    log('creating a verified user with an organisation');
    const session = await createSession(baseUrl, path.join(dataDir, 'mail'));
    const { cookie, organizationId } = session;
    const authed = { cookie, 'x-organization-id': organizationId, origin: baseUrl };
    const delivery = await assetDelivery(baseUrl).catch(() => null);

    // The embedded database belongs to one process: the server stops while the bench seeds.
    log(
      `seeding ${CRM_SEED.projects} projects and ${CRM_SEED.customers} customers (CSV import) ` +
        'into the organisation',
    );
    await server.stop();
    const seedStarted = Date.now();
    const database = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
    seeded = { organizationId };
    try {
      await seedCrm(
        database.db,
        organizationId,
        { id: session.userId, email: session.email, ip: '127.0.0.1' },
        CRM_SEED,
        (message) => log(`  ${message}`),
      );
    } finally {
      await database.close();
    }
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s; restarting the server`);
    const restart = await startTimed();
    server = restart.child;
    await sleep(REST_MS);
    const memorySeeded = await memoryOf(server, reportDir);
    log(`restarted in ${restart.seconds.toFixed(2)} s; at rest: ${JSON.stringify(memorySeeded)}`);

    const targets: Target[] = [
      { name: 'ceiling (node:http)', method: 'GET', url: `${ceilingUrl}/` },
      { name: 'GET /api/health', method: 'GET', url: `${baseUrl}/api/health` },
      { name: 'GET /api/v1/me', method: 'GET', url: `${baseUrl}/api/v1/me`, headers: authed },
      {
        name: 'POST /api/v1/help-requests',
        method: 'POST',
        url: `${baseUrl}/api/v1/help-requests`,
        headers: { ...authed, 'content-type': 'application/json' },
        body: JSON.stringify({
          url: 'http://localhost/projects/p1',
          issue_description: 'Benchmark help request text',
        }),
      },
      {
        name: `GET /api/v1/projects (${CRM_SEED.projects} projects)`,
        method: 'GET',
        url: `${baseUrl}/api/v1/projects?pageSize=20`,
        headers: authed,
      },
      {
        name: 'GET /api/v1/projects?search=',
        method: 'GET',
        url: `${baseUrl}/api/v1/projects?pageSize=20&search=project%2012`,
        headers: authed,
      },
      {
        name: `GET /api/v1/customers (${CRM_SEED.customers} customers)`,
        method: 'GET',
        url: `${baseUrl}/api/v1/customers?pageSize=20`,
        headers: authed,
      },
      {
        name: 'GET /api/v1/customers?page=20',
        method: 'GET',
        url: `${baseUrl}/api/v1/customers?pageSize=20&page=20`,
        headers: authed,
      },
      {
        // A last name: matches a tenth of the customers.
        name: 'GET /api/v1/customers?search=',
        method: 'GET',
        url: `${baseUrl}/api/v1/customers?pageSize=20&search=hopper`,
        headers: authed,
      },
      {
        name: 'GET /api/v1/dashboard/crm',
        method: 'GET',
        url: `${baseUrl}/api/v1/dashboard/crm`,
        headers: authed,
      },
    ];

    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    if (only)
      targets.splice(1, targets.length, ...targets.slice(1).filter((t) => only.test(t.name)));

    // Each target must answer 2xx before it is measured.
    for (const target of targets.slice(1)) {
      const response = await fetch(target.url, {
        method: target.method,
        headers: target.headers,
        body: target.body,
      });
      await expectOk(response, `${target.method} ${target.url}`);
      if (response.status >= 300) throw new Error(`${target.name} answered ${response.status}`);
    }

    log(
      `measuring ${targets.length} targets, ${CONNECTIONS} connections, ` +
        `${WARMUP} s warm-up + ${DURATION} s each`,
    );
    const measurements: Measurement[] = [];
    for (const target of targets) {
      log(`  ${target.name}`);
      measurements.push(await measure(target));
      if (server.exited) throw new Error(`the server exited (code ${server.exitCode})`);
    }
    const memoryAfter = await memoryOf(server, reportDir);
    log(`after the load: ${JSON.stringify(memoryAfter)}`);

    const base = measurements[0]!;
    const rows = measurements.map((row) => ({
      ...row,
      rpsRatio: row.requestsPerSecond / base.requestsPerSecond,
      p50Ratio: row.latencyP50Ms / base.latencyP50Ms,
      p99Ratio: row.latencyP99Ms / base.latencyP99Ms,
    }));
    printTable(rows);

    const byName = (prefix: string) => rows.find((row) => row.name.startsWith(prefix));
    const bundle = await readFile(BUNDLE_FILE, 'utf8')
      .then((text) => JSON.parse(text) as Figures['bundle'])
      .catch(() => null);
    const figures: Figures = {
      health: byName('GET /api/health'),
      me: byName('GET /api/v1/me'),
      helpRequests: byName('POST /api/v1/help-requests'),
      projects: byName('GET /api/v1/projects ('),
      customers: byName('GET /api/v1/customers ('),
      customersSearch: byName('GET /api/v1/customers?search='),
      dashboard: byName('GET /api/v1/dashboard/crm'),
      bundle,
      delivery,
      memoryAtRest: memoryFresh,
      startSeconds: fresh.seconds,
      database: DATABASE,
    };
    const goals = goalRows(figures);
    console.log('issue 13 goals:');
    for (const goal of goals) {
      console.log(
        `  ${goal.met === null ? '  ?' : goal.met ? ' ok' : 'MISS'}  ${goal.figure}: ${goal.value} (goal ${goal.goal})`,
      );
    }

    await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverage: os.loadavg(),
      database: DATABASE,
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      durationSeconds: DURATION,
      seed: { ...CRM_SEED, via: 'projects service, CSV import, bulk status', seconds: seedSeconds },
      goals,
      startup: {
        freshDataDirSeconds: fresh.seconds,
        seededRestartSeconds: restart.seconds,
      },
      memory: {
        note: `VmRSS/VmHWM/RssAnon of /proc/<pid>/status; heap from a diagnostic report; at rest = ${REST_MS / 1000} s after ready`,
        atRestFresh: memoryFresh,
        atRestSeeded: memorySeeded,
        afterBenchmark: memoryAfter,
      },
      assetDelivery: delivery,
      ratios:
        'rpsRatio = target req/s ÷ ceiling req/s; p50Ratio and p99Ratio = target latency ÷ ceiling latency',
      results: rows,
    };
    // The goals of the last run on the other database stay in the file next to this run's.
    const earlier = await readFile(RESULTS_FILE, 'utf8')
      .then((text) => JSON.parse(text) as Record<string, unknown>)
      .catch(() => null);
    const otherDatabase =
      earlier && earlier.database !== DATABASE
        ? { database: earlier.database, date: earlier.date, goals: earlier.goals }
        : (earlier?.otherDatabase ?? null);
    await writeFile(RESULTS_FILE, `${JSON.stringify({ ...report, otherDatabase }, null, 2)}\n`);
    log(`wrote ${path.relative(ROOT, RESULTS_FILE)}`);

    const failed = rows.filter((row) => row.non2xx + row.errors + row.timeouts > 0);
    for (const row of failed) {
      console.error(
        `bench: ${row.name} had ${row.non2xx} non-2xx answers, ${row.errors} errors and ` +
          `${row.timeouts} timeouts: its figures are not a valid measurement`,
      );
    }
    ok = failed.length === 0;
    return ok ? 0 : 1;
  } finally {
    await stopAll();
    await logHandle?.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (seeded && process.env.DATABASE_URL) {
      // A shared PostgreSQL database: the benchmark's organisation and users go again.
      const database = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: null });
      try {
        await removeSeed(database.db, seeded.organizationId);
        log('removed the benchmark organisation and its users from the database');
      } catch (error) {
        console.error(`bench: clean-up failed: ${String(error)}`);
      } finally {
        await database.close();
      }
    }
    if (!ok) {
      const serverLog = await readFile(logFile, 'utf8').catch(() => '');
      if (serverLog) {
        console.error(`bench: last lines of the server log (${logFile}):`);
        console.error(serverLog.split('\n').slice(-30).join('\n'));
      }
    } else {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
