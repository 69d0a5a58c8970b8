import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../../test/harness.ts';
import { notifications, scheduleFires, schedules } from '../../../db/schema/index.ts';
import { agentGraphSchema, type AgentGraph } from '../../../../shared/schemas/agent-graph.ts';
import { schedulerTick } from './schedule-firing.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let other: Signed;
let agentId: string;

async function adminOfNewOrg(who: Signed) {
  const orgId = (await who.client.post('/api/functions/complete-user-setup')).json.organization
    .id as string;
  who.client.orgId = orgId;
  return orgId;
}

/** start(n: number, required) → transform n * 2 → output. */
const graph: AgentGraph = agentGraphSchema.parse({
  schemaVersion: 1,
  nodes: [
    {
      id: 'start',
      type: 'start',
      position: { x: 0, y: 0 },
      data: { mode: 'fields', inputs: [{ name: 'n', type: 'number', required: true }] },
    },
    {
      id: 'double',
      type: 'transform',
      position: { x: 1, y: 0 },
      data: { expression: 'input.n * 2' },
    },
    { id: 'out', type: 'output', position: { x: 2, y: 0 }, data: { text: '{{ nodes.double }}' } },
  ],
  edges: [
    { id: 'a', source: 'start', target: 'double' },
    { id: 'b', source: 'double', target: 'out' },
  ],
});

async function publishedAgent(who: Signed, publish = true) {
  const created = await who.client.post('/api/v1/agents', { name: `Sched ${Math.random()}` });
  const id = created.json.id as string;
  const saved = await who.client.request(
    'PUT',
    `/api/v1/agents/${id}/draft`,
    { graph },
    { 'If-Match': '1' },
  );
  expect(saved.status).toBe(200);
  if (publish) expect((await who.client.post(`/api/v1/agents/${id}/publish`, {})).status).toBe(201);
  return id;
}

const daily = (over: object = {}) => ({
  name: 'Every morning',
  agentId,
  kind: 'cron',
  cron: '0 9 * * *',
  timeZone: 'Europe/Paris',
  input: { n: 2 },
  ...over,
});

const patch = (who: Signed, url: string, body: unknown) => who.client.request('PATCH', url, body);

beforeAll(async () => {
  server = await startTestServer({ SCHEDULER: 'off' });
  admin = await signedInUser(server, { name: 'Ada Admin' });
  await adminOfNewOrg(admin);
  other = await signedInUser(server, { name: 'Otto Other' });
  await adminOfNewOrg(other);
  agentId = await publishedAgent(admin);
});
afterAll(() => server?.close());

describe('schedules: create, read, change, delete', () => {
  it('creates a daily schedule with its next fire at 09:00 Paris time', async () => {
    const created = await admin.client.post('/api/v1/schedules', daily());
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: 'Every morning',
      kind: 'cron',
      enabled: true,
      catchUp: 'skip',
    });
    const next = new Date(created.json.nextFireAt);
    const parisHour = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      hour: '2-digit',
      minute: '2-digit',
    }).format(next);
    expect(parisHour).toBe('09:00');
    expect(next.getTime()).toBeGreaterThan(Date.now());

    const listed = await admin.client.get('/api/v1/schedules');
    expect(listed.json.items.map((s: { id: string }) => s.id)).toContain(created.json.id);
    const read = await admin.client.get(`/api/v1/schedules/${created.json.id}`);
    expect(read.json.agentName).toMatch(/^Sched/);
  });

  it('refuses a bad cron, a missing field, an input that does not fit the start step, an unpublished agent', async () => {
    const badCron = await admin.client.post('/api/v1/schedules', daily({ cron: '99 * * * *' }));
    expect(badCron.status).toBe(400);
    expect(badCron.json.error.fields.cron).toBeDefined();
    const noInterval = await admin.client.post(
      '/api/v1/schedules',
      daily({ kind: 'interval', cron: null }),
    );
    expect(noInterval.status).toBe(400);
    const badInput = await admin.client.post('/api/v1/schedules', daily({ input: {} }));
    expect(badInput.status).toBe(400);
    expect(badInput.json.error.fields.input[0]).toMatch(/"n" is required/);
    const draftOnly = await publishedAgent(admin, false);
    const unpublished = await admin.client.post('/api/v1/schedules', daily({ agentId: draftOnly }));
    expect(unpublished.status).toBe(400);
    expect(unpublished.json.error.fields.agentId).toBeDefined();
  });

  it('changes, pauses, resumes, duplicates and deletes, recomputing the next fire', async () => {
    const { json: s } = await admin.client.post('/api/v1/schedules', daily());
    const hourly = await patch(admin, `/api/v1/schedules/${s.id}`, { cron: '0 * * * *' });
    expect(hourly.status).toBe(200);
    expect(new Date(hourly.json.nextFireAt).getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);

    const paused = await admin.client.post(`/api/v1/schedules/${s.id}/pause`);
    expect(paused.json).toMatchObject({ enabled: false, nextFireAt: null });
    const resumed = await admin.client.post(`/api/v1/schedules/${s.id}/resume`);
    expect(resumed.json.enabled).toBe(true);
    expect(resumed.json.nextFireAt).not.toBeNull();

    const copy = await admin.client.post(`/api/v1/schedules/${s.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.json).toMatchObject({
      name: 'Every morning (copy)',
      enabled: false,
      cron: '0 * * * *',
    });

    expect((await admin.client.request('DELETE', `/api/v1/schedules/${copy.json.id}`)).status).toBe(
      204,
    );
    expect((await admin.client.get(`/api/v1/schedules/${copy.json.id}`)).status).toBe(404);
  });

  it('moves a one-time schedule, and only a one-time one', async () => {
    const runAt = new Date(Date.now() + 86_400_000).toISOString();
    const { json: once } = await admin.client.post(
      '/api/v1/schedules',
      daily({ kind: 'once', cron: null, runAt }),
    );
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const moved = await admin.client.post(`/api/v1/schedules/${once.id}/move`, { runAt: later });
    expect(moved.status).toBe(200);
    expect(moved.json.nextFireAt).toBe(later);
    const { json: cron } = await admin.client.post('/api/v1/schedules', daily());
    expect(
      (await admin.client.post(`/api/v1/schedules/${cron.id}/move`, { runAt: later })).status,
    ).toBe(400);
  });
});

describe('schedules: another organisation, anonymous', () => {
  it('another organisation sees a 404 everywhere; anonymous a 401', async () => {
    const { json: s } = await admin.client.post('/api/v1/schedules', daily());
    for (const [method, url] of [
      ['GET', `/api/v1/schedules/${s.id}`],
      ['PATCH', `/api/v1/schedules/${s.id}`],
      ['POST', `/api/v1/schedules/${s.id}/run`],
      ['POST', `/api/v1/schedules/${s.id}/pause`],
      ['GET', `/api/v1/schedules/${s.id}/fires`],
      ['DELETE', `/api/v1/schedules/${s.id}`],
    ] as const) {
      const res = await other.client.request(
        method,
        url,
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await other.client.get('/api/v1/schedules')).json.items).toEqual([]);
    // Scheduling another organisation's agent: 404 on the agent.
    expect((await other.client.post('/api/v1/schedules', daily())).status).toBe(404);
    expect((await server.client().get('/api/v1/schedules')).status).toBe(401);
  });
});

describe('schedules: run now, history, calendar', () => {
  it('runs now: a fire with its run (status, duration) in the history and on the calendar', async () => {
    const { json: s } = await admin.client.post('/api/v1/schedules', daily());
    const started = await admin.client.post(`/api/v1/schedules/${s.id}/run`);
    expect(started.status).toBe(202);
    const runId = started.json.runId as string;
    let fires = (await admin.client.get(`/api/v1/schedules/${s.id}/fires`)).json.items;
    for (let i = 0; i < 50 && fires[0]?.run?.status !== 'succeeded'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      fires = (await admin.client.get(`/api/v1/schedules/${s.id}/fires`)).json.items;
    }
    expect(fires).toHaveLength(1);
    expect(fires[0]).toMatchObject({
      status: 'enqueued',
      reason: 'manual',
      run: { id: runId, status: 'succeeded' },
    });
    expect(typeof fires[0].run.durationMs).toBe('number');
    const run = await admin.client.get(`/api/v1/agents/${agentId}/runs/${runId}`);
    expect(run.json).toMatchObject({ trigger: 'schedule', status: 'succeeded' });

    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const cal = await admin.client.get(
      `/api/v1/schedules/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&agentId=${agentId}`,
    );
    expect(cal.status).toBe(200);
    const mine = cal.json.items.filter((e: { scheduleId: string }) => e.scheduleId === s.id);
    expect(mine.find((e: { state: string }) => e.state === 'enqueued').run.id).toBe(runId);
    // 09:00 Paris on each of the next days.
    expect(
      mine.filter((e: { state: string }) => e.state === 'upcoming').length,
    ).toBeGreaterThanOrEqual(2);
    const tooLong = await admin.client.get(
      `/api/v1/schedules/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(Date.now() + 90 * 86_400_000).toISOString())}`,
    );
    expect(tooLong.status).toBe(400);
  });

  it('deleting the agent disables its schedules and tells their author', async () => {
    const doomed = await publishedAgent(admin);
    const { json: s } = await admin.client.post('/api/v1/schedules', daily({ agentId: doomed }));
    expect((await admin.client.request('DELETE', `/api/v1/agents/${doomed}`)).status).toBe(204);
    const [row] = await server.db.select().from(schedules).where(eq(schedules.id, s.id));
    expect(row).toMatchObject({
      enabled: false,
      disabledReason: 'agent_deleted',
      nextFireAt: null,
    });
    const told = await server.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, admin.userId), eq(notifications.kind, 'schedule.disabled')),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({
      scheduleName: 'Every morning',
      reason: 'agent_deleted',
    });
    // It fires no more, even if its time comes.
    await schedulerTick(server.deps, new Date(Date.now() + 2 * 86_400_000));
    const fires = await server.db
      .select()
      .from(scheduleFires)
      .where(eq(scheduleFires.scheduleId, s.id));
    expect(fires).toHaveLength(0);
  });
});
