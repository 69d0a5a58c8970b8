/**
 * Many processes on one PostgreSQL (issue 17 §4): two server processes and one `npm run worker`
 * on a fresh database. A run started through one server is followed live, with its events,
 * through the other; a session made on one works on the other; 1,000 queued runs each execute
 * exactly once, shared by every process that works the queue.
 *
 * Part of the PostgreSQL suite only (vitest.config.ts selects *.pg.test.ts when
 * TEST_DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dataDirs, startScript, waitForOutput, type Run } from './test/process.ts';
import { loadConfig } from './config.ts';
import { startServices, type Services } from './bootstrap.ts';
import { createLogger } from './http/logger.ts';
import { enqueueRun } from './jobs/run-queue.ts';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const APP_URL = 'http://localhost:3000';
const ADMIN = { email: 'admin@example.test', password: 'correct-horse-battery-staple' };
const RUNS = 1000;

const dataDir = dataDirs('meridian-mp-');
const name = `meridian_mp_${randomBytes(5).toString('hex')}`;
const url = new URL(BASE_URL);
url.pathname = `/${name}`;
const databaseUrl = url.toString();

let servers: Array<{ run: Run; port: number }> = [];
let worker: Run;
let services: Services | undefined;
let slow: http.Server;
let slowPort = 0;
let cookie = '';
let orgId = '';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const env = async () => ({
  DATA_DIR: await dataDir(),
  PORT: '0',
  DATABASE_URL: databaseUrl,
  APP_URL,
  APP_SECRET: 'test-secret-test-secret-test-secret-0123',
  OUTBOUND_HTTP_NETWORKS: 'loopback,public',
  SCHEDULER: 'off',
  LOG_LEVEL: 'warn',
});

async function startServer(extra: Record<string, string> = {}) {
  const run = startScript('src/server/main.ts', { ...(await env()), LOG_LEVEL: 'info', ...extra });
  const [, port] = await waitForOutput(run, /\(port (\d+)/);
  return { run, port: Number(port) };
}

/** A request to server `n` as the signed-in admin. */
async function call(n: number, method: string, path: string, body?: unknown) {
  const response = await fetch(`http://127.0.0.1:${servers[n]!.port}${path}`, {
    method,
    headers: {
      origin: APP_URL,
      cookie,
      'x-organization-id': orgId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

/** An agent: start(n) → [http GET of the slow server →] transform → output, published. */
async function agent(withSlowStep: boolean) {
  const nodes: unknown[] = [
    {
      id: 'start',
      type: 'start',
      position: { x: 0, y: 0 },
      data: { mode: 'fields', inputs: [{ name: 'n', type: 'number', required: true }] },
    },
    {
      id: 'calc',
      type: 'transform',
      position: { x: 2, y: 0 },
      data: { expression: 'input.n + 1' },
    },
    { id: 'out', type: 'output', position: { x: 3, y: 0 }, data: { text: '{{ nodes.calc }}' } },
  ];
  const edges = [{ id: 'b', source: 'calc', target: 'out' }];
  if (withSlowStep) {
    nodes.push({
      id: 'wait',
      type: 'http_request',
      position: { x: 1, y: 0 },
      data: { method: 'GET', url: `http://127.0.0.1:${slowPort}/slow` },
    });
    edges.push(
      { id: 'a', source: 'start', target: 'wait' },
      { id: 'c', source: 'wait', target: 'calc' },
    );
  } else {
    edges.push({ id: 'a', source: 'start', target: 'calc' });
  }
  const created = await call(0, 'POST', '/api/v1/agents', { name: `MP ${Math.random()}` });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const graph = { schemaVersion: 1, nodes, edges };
  const saved = await fetch(`http://127.0.0.1:${servers[0]!.port}/api/v1/agents/${id}/draft`, {
    method: 'PUT',
    headers: {
      origin: APP_URL,
      cookie,
      'x-organization-id': orgId,
      'content-type': 'application/json',
      'if-match': '1',
    },
    body: JSON.stringify({ graph }),
  });
  expect(saved.status).toBe(200);
  expect((await call(0, 'POST', `/api/v1/agents/${id}/publish`, {})).status).toBe(201);
  return id;
}

/** The server-sent events of a stream until `run.finished` (or the time limit). */
async function readEvents(response: Response, ms = 30_000) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: string[] = [];
  let buffer = '';
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (const match of buffer.matchAll(/^event: (.+)$/gm)) events.push(match[1]!);
    buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
    if (events.includes('run.finished')) break;
  }
  await reader.cancel().catch(() => {});
  return events;
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  slow = http.createServer((_req, res) => {
    setTimeout(() => res.end(JSON.stringify({ ok: true })), 1500);
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  slowPort = (slow.address() as AddressInfo).port;
  // The first server migrates and seeds; the others start on the migrated database.
  servers = [
    await startServer({ SEED_ADMIN_EMAIL: ADMIN.email, SEED_ADMIN_PASSWORD: ADMIN.password }),
  ];
  const [second, startedWorker] = await Promise.all([
    startServer(),
    (async () => {
      const run = startScript('src/server/worker.ts', { ...(await env()), LOG_LEVEL: 'info' });
      await waitForOutput(run, /worker ready/);
      return run;
    })(),
  ]);
  servers.push(second);
  worker = startedWorker;

  const signIn = await fetch(`http://127.0.0.1:${servers[0]!.port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: APP_URL, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(signIn.status).toBe(200);
  cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = await client.query<{ id: string }>(
    `select m.organization_id as id from members m join users u on u.id = m.user_id where u.email = $1`,
    [ADMIN.email],
  );
  await client.end();
  orgId = rows.rows[0]!.id;
}, 120_000);

afterAll(async () => {
  await services?.close();
  const stopping = [...servers.map((s) => s.run), worker].filter(Boolean);
  for (const run of stopping) run.signal('SIGTERM');
  await Promise.all(stopping.map((run) => run.exited));
  await new Promise((resolve) => slow?.close(resolve));
  await admin(`drop database if exists ${name} with (force)`);
}, 60_000);

describe('two servers and a worker on one PostgreSQL', () => {
  it('shares the session, and a run started on one is followed live on the other', async () => {
    // The session made on server 0 works on server 1.
    expect((await call(1, 'GET', '/api/v1/agents')).status).toBe(200);
    const agentId = await agent(true);
    // Server 0 runs it itself (?wait=0 answers at once); server 1 follows it.
    const started = await call(0, 'POST', `/api/v1/agents/${agentId}/runs?wait=0`, {
      input: { n: 1 },
    });
    expect(started.status).toBe(202);
    const runId = started.json.id as string;
    const stream = await fetch(
      `http://127.0.0.1:${servers[1]!.port}/api/v1/agents/${agentId}/runs/${runId}/events`,
      { headers: { origin: APP_URL, cookie, 'x-organization-id': orgId } },
    );
    expect(stream.status).toBe(200);
    const events = await readEvents(stream);
    // Live: the slow step started and ended while server 1 listened (a replay has no node.started).
    expect(events).toContain('node.started');
    expect(events.filter((e) => e === 'node.finished').length).toBeGreaterThanOrEqual(3);
    expect(events.at(-1)).toBe('run.finished');
    const run = await call(1, 'GET', `/api/v1/agents/${agentId}/runs/${runId}`);
    expect(run.json.status).toBe('succeeded');
    expect(String(run.json.output)).toBe('2');
  }, 60_000);

  it('cancels through one server a run that the other executes', async () => {
    const agentId = await agent(true);
    const started = await call(0, 'POST', `/api/v1/agents/${agentId}/runs?wait=0`, {
      input: { n: 1 },
    });
    expect(started.status).toBe(202);
    const runId = started.json.id as string;
    const cancelled = await call(1, 'POST', `/api/v1/agents/${agentId}/runs/${runId}/cancel`, {});
    expect(cancelled.status).toBe(202);
    expect(cancelled.json.status).toBe('cancelled');
    // Server 0 stops the run (its slow step is aborted) and stores it cancelled, not succeeded.
    await new Promise((r) => setTimeout(r, 2500));
    const run = await call(0, 'GET', `/api/v1/agents/${agentId}/runs/${runId}`);
    expect(run.json.status).toBe('cancelled');
    expect(run.json.steps.some((s: { nodeId: string }) => s.nodeId === 'out')).toBe(false);
  }, 30_000);

  it(`runs ${RUNS} queued runs, each exactly once, across the processes`, async () => {
    const agentId = await agent(false);
    expect(
      (await call(1, 'PUT', '/api/v1/agent-settings', { maxConcurrentRuns: 100 })).status,
    ).toBe(200);
    const config = loadConfig({ ...(await env()), NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    services = await startServices(config, { logger: createLogger('silent'), worker: false });
    const deps = services.deps;
    const scope = { organizationId: orgId };
    const ids: string[] = [];
    for (let i = 0; i < RUNS; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, RUNS - i) }, (_, k) =>
          enqueueRun(deps, scope, { id: null, email: null }, agentId, {
            input: { n: i + k },
            trigger: 'api',
          }),
        ),
      );
      ids.push(...batch.map((b) => b.runId));
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const until = Date.now() + 90_000;
      let left = RUNS;
      while (left > 0 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 500));
        const open = await client.query<{ n: number }>(
          `select count(*)::int as n from agent_runs where agent_id = $1 and status in ('queued', 'running')`,
          [agentId],
        );
        left = open.rows[0]!.n;
      }
      expect(left).toBe(0);
      const statuses = await client.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from agent_runs where agent_id = $1 group by status`,
        [agentId],
      );
      expect(statuses.rows).toEqual([{ status: 'succeeded', n: RUNS }]);
      // Once each: three steps per run, no more (a second execution would add three).
      const steps = await client.query<{ runs: number; most: number; least: number }>(
        `select count(*)::int as runs, max(n)::int as most, min(n)::int as least from (
           select count(s.id) as n from agent_runs r left join agent_run_steps s on s.run_id = r.id
           where r.agent_id = $1 group by r.id) t`,
        [agentId],
      );
      expect(steps.rows[0]).toEqual({ runs: RUNS, most: 3, least: 3 });
      const outputs = await client.query<{ output: unknown; input: { n: number } }>(
        `select output, input from agent_runs where agent_id = $1`,
        [agentId],
      );
      const wrong = outputs.rows.filter((r) => String(r.output) !== String(r.input.n + 1));
      expect(wrong.slice(0, 3)).toEqual([]);
      expect(new Set(ids).size).toBe(RUNS);
    } finally {
      await client.end();
    }
  }, 150_000);
});
