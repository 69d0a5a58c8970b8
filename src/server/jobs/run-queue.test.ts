/**
 * The run queue on the test server's database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * enqueue and execute, a failed attempt retried, the organisation's and an agent's concurrency
 * limits, the monthly budget's refusal and its one notification, run.failed notifications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../test/harness.ts';
import { waitFor } from '../test/wait-for.ts';
import {
  agentRuns,
  agentRunSteps,
  member,
  notificationPreferences,
  notifications,
} from '../db/schema/index.ts';
import { agentGraphSchema, type AgentGraph } from '../../shared/schemas/agent-graph.ts';
import { enqueueRun, runWorkerOptions } from './run-queue.ts';
import { HttpError } from '../http/errors.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let orgId: string;

/** start(n) → transform (`expression`) → output. */
function graph(expression = 'input.n * 2'): AgentGraph {
  return agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      {
        id: 'start',
        type: 'start',
        position: { x: 0, y: 0 },
        data: { mode: 'fields', inputs: [{ name: 'n', type: 'number', required: true }] },
      },
      { id: 'calc', type: 'transform', position: { x: 1, y: 0 }, data: { expression } },
      { id: 'out', type: 'output', position: { x: 2, y: 0 }, data: { text: '{{ nodes.calc }}' } },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'calc' },
      { id: 'b', source: 'calc', target: 'out' },
    ],
  });
}

async function publishedAgent(expression?: string) {
  const created = await admin.client.post('/api/v1/agents', { name: `Queued ${Math.random()}` });
  const id = created.json.id as string;
  const saved = await admin.client.request(
    'PUT',
    `/api/v1/agents/${id}/draft`,
    { graph: graph(expression) },
    { 'If-Match': '1' },
  );
  expect(saved.status).toBe(200);
  expect((await admin.client.post(`/api/v1/agents/${id}/publish`, {})).status).toBe(201);
  return id;
}

const caller = () => ({ id: admin.userId, email: admin.email });
const enqueue = (agentId: string, n: number) =>
  enqueueRun(server.deps, { organizationId: orgId }, caller(), agentId, {
    input: { n },
    trigger: 'api',
  });

const runRow = async (runId: string) =>
  (await server.db.select().from(agentRuns).where(eq(agentRuns.id, runId)))[0]!;
const finished = (row: { status: string }) => !['queued', 'running'].includes(row.status);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server);
  orgId = (await admin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  admin.client.orgId = orgId;
});
afterAll(() => server?.close());

describe('run queue', () => {
  it('stores the run queued, then a worker runs it once', async () => {
    const agentId = await publishedAgent();
    const { runId } = await enqueue(agentId, 21);
    const first = await runRow(runId);
    expect(['queued', 'running', 'succeeded']).toContain(first.status);
    const row = await waitFor(() => runRow(runId), finished);
    expect(row.status).toBe('succeeded');
    expect(String(row.output)).toBe('42');
    expect(row.trigger).toBe('api');
    const steps = await server.db
      .select()
      .from(agentRunSteps)
      .where(eq(agentRunSteps.runId, runId));
    expect(steps.map((s) => s.nodeId).sort()).toEqual(['calc', 'out', 'start']);
  });

  it('refuses an unknown agent at once', async () => {
    const refused = await enqueue('00000000-0000-4000-8000-000000000000', 1).catch((e) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(404);
  });

  it('retries an attempt that failed before its run started, and runs it once', async () => {
    const agentId = await publishedAgent();
    const attempts: number[] = [];
    let target = '';
    runWorkerOptions(server.db).beforeRun = ({ runId, attempt }) => {
      if (runId !== target) return;
      attempts.push(attempt);
      if (attempt === 0) throw new Error('the database went away for a moment');
    };
    try {
      const { runId } = await enqueue(agentId, 1);
      target = runId;
      const row = await waitFor(() => runRow(runId), finished);
      expect(row.status).toBe('succeeded');
      expect(attempts).toEqual([0, 1]);
      const steps = await server.db
        .select()
        .from(agentRunSteps)
        .where(eq(agentRunSteps.runId, runId));
      expect(steps).toHaveLength(3);
    } finally {
      runWorkerOptions(server.db).beforeRun = undefined;
    }
  });

  it('holds the organisation’s and the agent’s concurrency limits; the rest waits', async () => {
    const saved = await admin.client.request('PUT', '/api/v1/agent-settings', {
      maxConcurrentRuns: 2,
    });
    expect(saved.status).toBe(200);
    expect(saved.json.maxConcurrentRuns).toBe(2);
    const agentId = await publishedAgent();
    let running = 0;
    let most = 0;
    runWorkerOptions(server.db).beforeRun = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 150));
      running -= 1;
    };
    try {
      const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => enqueue(agentId, n)));
      const rows = await Promise.all(
        ids.map(({ runId }) => waitFor(() => runRow(runId), finished)),
      );
      expect(rows.map((r) => r.status)).toEqual(Array(6).fill('succeeded'));
      expect(most).toBe(2);

      const bad = await admin.client.request('PATCH', `/api/v1/agents/${agentId}`, {
        maxConcurrentRuns: 0,
      });
      expect(bad.status).toBe(400);
      const limited = await admin.client.request('PATCH', `/api/v1/agents/${agentId}`, {
        maxConcurrentRuns: 1,
      });
      expect(limited.status).toBe(200);
      expect(limited.json.maxConcurrentRuns).toBe(1);
      most = 0;
      const more = await Promise.all([1, 2, 3].map((n) => enqueue(agentId, n)));
      const done = await Promise.all(
        more.map(({ runId }) => waitFor(() => runRow(runId), finished)),
      );
      expect(done.map((r) => r.status)).toEqual(Array(3).fill('succeeded'));
      expect(most).toBe(1);
    } finally {
      runWorkerOptions(server.db).beforeRun = undefined;
      await admin.client.request('PUT', '/api/v1/agent-settings', { maxConcurrentRuns: 10 });
    }
  });

  it('follows a queued run live once it runs, and cancels one still queued', async () => {
    await admin.client.request('PUT', '/api/v1/agent-settings', { maxConcurrentRuns: 1 });
    const agentId = await publishedAgent();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = '';
    runWorkerOptions(server.db).beforeRun = async ({ runId }) => {
      if (runId === holding) await held;
    };
    try {
      const first = await enqueue(agentId, 1);
      holding = first.runId;
      await waitFor(
        () => runRow(first.runId),
        (row) => row.status === 'running',
      );
      const second = await enqueue(agentId, 2);
      const third = await enqueue(agentId, 3);
      expect((await runRow(second.runId)).status).toBe('queued');

      const stream = await server.app.request(
        `/api/v1/agents/${agentId}/runs/${second.runId}/events`,
        {
          headers: {
            cookie: admin.client.cookieHeader,
            origin: 'http://localhost:3000',
            'x-forwarded-for': admin.client.ip,
            'x-organization-id': orgId,
          },
        },
      );
      expect(stream.status).toBe(200);
      const cancelled = await admin.client.post(
        `/api/v1/agents/${agentId}/runs/${third.runId}/cancel`,
        {},
      );
      expect(cancelled.status).toBe(202);
      expect(cancelled.json.status).toBe('cancelled');
      release();

      const text = await stream.text();
      const events = [...text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
      expect(events[0]).toBe('run.started');
      expect(events).toContain('node.started');
      expect(events.at(-1)).toBe('run.finished');
      expect((await runRow(second.runId)).status).toBe('succeeded');
      await new Promise((r) => setTimeout(r, 500));
      expect((await runRow(third.runId)).status).toBe('cancelled');
      const steps = await server.db
        .select()
        .from(agentRunSteps)
        .where(eq(agentRunSteps.runId, third.runId));
      expect(steps).toEqual([]);
    } finally {
      release();
      runWorkerOptions(server.db).beforeRun = undefined;
      await admin.client.request('PUT', '/api/v1/agent-settings', { maxConcurrentRuns: 10 });
    }
  });

  it('tells the caller when a queued run fails (in the app, as they prefer)', async () => {
    const agentId = await publishedAgent('$error("boom")');
    const { runId } = await enqueue(agentId, 1);
    expect((await waitFor(() => runRow(runId), finished)).status).toBe('failed');
    const told = await waitFor(
      () =>
        server.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, admin.userId), eq(notifications.kind, 'run.failed'))),
      (rows) => rows.length > 0,
    );
    expect(told[0]!.params).toMatchObject({ runId });
    expect(told[0]!.link).toBe(`/agents/${agentId}?tab=runs&run=${runId}`);

    // Not in the app any more: the next failure writes no notification.
    await server.db
      .insert(notificationPreferences)
      .values({ userId: admin.userId, event: 'agents', email: false, inApp: false });
    const second = await enqueue(agentId, 2);
    expect((await waitFor(() => runRow(second.runId), finished)).status).toBe('failed');
    await new Promise((r) => setTimeout(r, 300));
    const after = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.kind, 'run.failed')));
    expect(after).toHaveLength(1);
    await server.db
      .delete(notificationPreferences)
      .where(eq(notificationPreferences.userId, admin.userId));
  });
});

describe('monthly budget', () => {
  it('refuses a run over the budget with 402 and tells the admins once a month', async () => {
    const agentId = await publishedAgent();
    const otherAdmin = await signedInUser(server);
    await server.db
      .insert(member)
      .values({ organizationId: orgId, userId: otherAdmin.userId, role: 'admin' });
    // The other admin wants no in-app notifications about agents.
    await server.db
      .insert(notificationPreferences)
      .values({ userId: otherAdmin.userId, event: 'agents', email: true, inApp: false });
    await server.db.insert(agentRuns).values({
      organizationId: orgId,
      agentId,
      trigger: 'api',
      status: 'succeeded',
      tokensIn: 600,
      tokensOut: 500,
      startedAt: new Date(),
      finishedAt: new Date(),
    });
    const saved = await admin.client.request('PUT', '/api/v1/agent-settings', {
      monthlyTokenBudget: 1000,
    });
    expect(saved.json).toMatchObject({ monthlyTokenBudget: 1000, monthlyCostBudget: null });

    const refused = await admin.client.post(`/api/v1/agents/${agentId}/runs`, { input: { n: 1 } });
    expect(refused.status).toBe(402);
    expect(refused.json.error.code).toBe('BUDGET_EXCEEDED');
    expect(refused.json.error.message).toMatch(/monthly budget/);
    // The chat says it too, before it streams anything.
    const chat = await admin.client.post(`/api/v1/agents/${agentId}/chat`, { message: 'hi' });
    expect(chat.status).toBe(402);
    expect(chat.json.error.code).toBe('BUDGET_EXCEEDED');
    const queued = await enqueue(agentId, 1).catch((e) => e);
    expect((queued as HttpError).status).toBe(402);

    const told = await server.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.organizationId, orgId), eq(notifications.kind, 'budget.reached')),
      );
    expect(told.map((n) => n.userId)).toEqual([admin.userId]);
    expect(told[0]!.params).toMatchObject({ budget: 'tokens' });
    const budgetMail = (m: { to: string; subject: string }) =>
      m.to.includes(otherAdmin.email) && /budget/.test(m.subject);
    const mails = await waitFor(
      () => server.outbox(),
      (all) => all.some(budgetMail),
    );
    expect(mails.filter(budgetMail)).toHaveLength(1);

    // Raising the budget lets runs start again.
    await admin.client.request('PUT', '/api/v1/agent-settings', { monthlyTokenBudget: null });
    const ok = await admin.client.post(`/api/v1/agents/${agentId}/runs`, { input: { n: 1 } });
    expect(ok.status).toBe(200);
  });
});
