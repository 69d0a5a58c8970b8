/**
 * The scheduler across processes (issue 18 §4): two real server processes on a fresh
 * PostgreSQL database, 200 schedules firing every second for a minute. Every fire gets exactly
 * one run; one process is killed (SIGKILL) half-way and no fire is lost: the other takes the
 * fires it had claimed or would have inserted.
 *
 * Part of the PostgreSQL suite only (vitest.config.ts selects *.pg.test.ts when
 * TEST_DATABASE_URL is set). SCHEDULES and SECONDS can be lowered for a quick look.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dataDirs, startScript, waitForOutput, type Run } from '../../../test/process.ts';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const APP_URL = 'http://localhost:3000';
const ADMIN = { email: 'admin@example.test', password: 'correct-horse-battery-staple' };
const SCHEDULES = Number(process.env.SCHEDULER_TEST_SCHEDULES ?? 200);
const SECONDS = Number(process.env.SCHEDULER_TEST_SECONDS ?? 60);

const dataDir = dataDirs('meridian-sched-');
const name = `meridian_sched_${randomBytes(5).toString('hex')}`;
const url = new URL(BASE_URL);
url.pathname = `/${name}`;
const databaseUrl = url.toString();

let servers: Array<{ run: Run; port: number; alive: boolean }> = [];
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

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function startServer(extra: Record<string, string> = {}) {
  const run = startScript('src/server/main.ts', {
    DATA_DIR: await dataDir(),
    PORT: '0',
    DATABASE_URL: databaseUrl,
    APP_URL,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'info',
    ...extra,
  });
  const [, port] = await waitForOutput(run, /\(port (\d+)/);
  return { run, port: Number(port), alive: true };
}

async function call(method: string, path: string, body?: unknown, headers = {}) {
  const response = await fetch(`http://127.0.0.1:${servers[0]!.port}${path}`, {
    method,
    headers: {
      origin: APP_URL,
      cookie,
      'x-organization-id': orgId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

/** A published agent: start(n) → transform → output (cheap runs). */
async function agent() {
  const created = await call('POST', '/api/v1/agents', { name: 'Every second' });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const graph = {
    schemaVersion: 1,
    nodes: [
      {
        id: 'start',
        type: 'start',
        position: { x: 0, y: 0 },
        data: { mode: 'fields', inputs: [{ name: 'n', type: 'number' }] },
      },
      {
        id: 'calc',
        type: 'transform',
        position: { x: 1, y: 0 },
        data: { expression: 'input.n + 1' },
      },
      { id: 'out', type: 'output', position: { x: 2, y: 0 }, data: { text: '{{ nodes.calc }}' } },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'calc' },
      { id: 'b', source: 'calc', target: 'out' },
    ],
  };
  expect(
    (await call('PUT', `/api/v1/agents/${id}/draft`, { graph }, { 'if-match': '1' })).status,
  ).toBe(200);
  expect((await call('POST', `/api/v1/agents/${id}/publish`, {})).status).toBe(201);
  return id;
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  servers = [
    await startServer({ SEED_ADMIN_EMAIL: ADMIN.email, SEED_ADMIN_PASSWORD: ADMIN.password }),
  ];
  servers.push(await startServer());
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
  const rows = await query<{ id: string }>(
    `select m.organization_id as id from members m join users u on u.id = m.user_id where u.email = $1`,
    [ADMIN.email],
  );
  orgId = rows[0]!.id;
}, 120_000);

afterAll(async () => {
  const alive = servers.filter((s) => s.alive).map((s) => s.run);
  for (const run of alive) run.signal('SIGTERM');
  await Promise.all(alive.map((run) => run.exited));
  await admin(`drop database if exists ${name} with (force)`);
}, 60_000);

describe('the scheduler on two processes', () => {
  it(`${SCHEDULES} schedules every second for ${SECONDS} s: each fire runs once, none lost when a process is killed`, async () => {
    const agentId = await agent();
    expect((await call('PUT', '/api/v1/agent-settings', { maxConcurrentRuns: 100 })).status).toBe(
      200,
    );
    // Fires from a whole second a little ahead (time to create the schedules) for SECONDS s.
    const start = new Date(Math.ceil((Date.now() + 15_000) / 1000) * 1000);
    const end = new Date(start.getTime() + (SECONDS - 1) * 1000);
    for (let i = 0; i < SCHEDULES; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, SCHEDULES - i) }, (_, k) =>
          call('POST', '/api/v1/schedules', {
            name: `S${i + k}`,
            agentId,
            kind: 'cron',
            cron: '* * * * * *',
            startsAt: start.toISOString(),
            endsAt: end.toISOString(),
            input: { n: i + k },
            catchUp: 'all',
            catchUpLimit: 100,
            overlap: 'allow',
          }),
        ),
      );
      expect(batch.map((b) => b.status)).toEqual(batch.map(() => 201));
    }
    expect(Date.now()).toBeLessThan(start.getTime());

    // Half-way, the second process dies without a word.
    await new Promise((r) => setTimeout(r, start.getTime() - Date.now() + (SECONDS * 1000) / 2));
    servers[1]!.run.signal('SIGKILL');
    servers[1]!.alive = false;
    await servers[1]!.run.exited;

    // Every fire has its run: the survivor reclaims what the dead process had claimed.
    const expected = SCHEDULES * SECONDS;
    // The runs are enqueued as fast as this machine allows; give it time to catch up.
    const until = end.getTime() + 300_000;
    let stats = { fires: 0, withRun: 0 };
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 1000));
      const [row] = await query<{ fires: number; with_run: number }>(
        `select count(*)::int as fires, count(run_id)::int as with_run from schedule_fires`,
      );
      stats = { fires: row!.fires, withRun: row!.with_run };
      if (Date.now() > end.getTime() && stats.withRun === expected) break;
    }
    expect(stats).toEqual({ fires: expected, withRun: expected });

    // Exactly one fire per schedule and second, each with its own run, and no other run.
    const [shape] = await query<{
      schedules: number;
      seconds: number;
      runs: number;
      skipped: number;
    }>(
      `select count(distinct schedule_id)::int as schedules, count(distinct fire_at)::int as seconds,
              count(distinct run_id)::int as runs, count(*) filter (where status <> 'enqueued')::int as skipped
       from schedule_fires`,
    );
    expect(shape).toEqual({ schedules: SCHEDULES, seconds: SECONDS, runs: expected, skipped: 0 });
    const [runs] = await query<{ n: number }>(
      `select count(*)::int as n from agent_runs where trigger = 'schedule'`,
    );
    expect(runs!.n).toBe(expected);
    const lateness = await query<{ p50: number; p99: number; max: number }>(
      `select percentile_cont(0.5) within group (order by ms) as p50,
              percentile_cont(0.99) within group (order by ms) as p99, max(ms) as max
       from (select extract(epoch from (fired_at - fire_at)) * 1000 as ms from schedule_fires) t`,
    );
    const [drained] = await query<{ seconds: number }>(
      `select extract(epoch from (max(fired_at) - $1::timestamptz))::float as seconds from schedule_fires`,
      [end.toISOString()],
    );
    console.info(`scheduler: the last fire was enqueued ${drained!.seconds} s after its time`);
    console.info(
      `scheduler, 2 processes (one killed at ${SECONDS / 2} s): ${expected} fires, lateness ms`,
      lateness[0],
    );
  }, 540_000);
});
