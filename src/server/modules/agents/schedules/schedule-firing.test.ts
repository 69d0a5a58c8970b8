/**
 * The firing loop with a fake clock (SCHEDULER=off: the test calls schedulerTick itself, at
 * times a day ahead so that nothing real interferes): exactly once, catch-up after downtime,
 * paused, edited, overlap, retries and the failure notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../../test/harness.ts';
import { agentRuns, notifications, scheduleFires } from '../../../db/schema/index.ts';
import { agentGraphSchema } from '../../../../shared/schemas/agent-graph.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { schedulerTick } from './schedule-firing.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let agentId: string;
let orgId: string;

const T0 = new Date(Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000);
const at = (ms: number) => new Date(T0.getTime() + ms);

function graphOf(expression: string) {
  return agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      {
        id: 'start',
        type: 'start',
        position: { x: 0, y: 0 },
        data: { mode: 'fields', inputs: [{ name: 'n', type: 'number' }] },
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

async function agent(expression: string) {
  const id = (await admin.client.post('/api/v1/agents', { name: `Fire ${Math.random()}` })).json.id;
  const graph = graphOf(expression);
  await admin.client.request('PUT', `/api/v1/agents/${id}/draft`, { graph }, { 'If-Match': '1' });
  expect((await admin.client.post(`/api/v1/agents/${id}/publish`, {})).status).toBe(201);
  return id as string;
}

async function schedule(over: object) {
  const res = await admin.client.post('/api/v1/schedules', {
    name: 'Every minute',
    agentId,
    kind: 'interval',
    intervalSeconds: 60,
    startsAt: T0.toISOString(),
    input: { n: 1 },
    ...over,
  });
  expect(res.status).toBe(201);
  return res.json as { id: string; nextFireAt: string };
}

const firesOf = (scheduleId: string) =>
  server.db
    .select()
    .from(scheduleFires)
    .where(eq(scheduleFires.scheduleId, scheduleId))
    .orderBy(scheduleFires.fireAt);

async function settled(scheduleId: string) {
  for (let i = 0; i < 100; i++) {
    const fires = await admin.client.get(`/api/v1/schedules/${scheduleId}/fires`);
    const items = fires.json.items as { run: { status: string } | null; status: string }[];
    if (
      items.every(
        (f) => f.status !== 'enqueued' || (f.run && !['queued', 'running'].includes(f.run.status)),
      )
    ) {
      return items;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('runs did not finish');
}

beforeAll(async () => {
  server = await startTestServer({ SCHEDULER: 'off' });
  admin = await signedInUser(server, { name: 'Ada Admin' });
  orgId = (await admin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  admin.client.orgId = orgId;
  agentId = await agent('input.n + 1');
});
afterAll(() => server?.close());

describe('firing', () => {
  it('fires each due fire exactly once, however many passes run at the same time', async () => {
    const s = await schedule({});
    expect(s.nextFireAt).toBe(T0.toISOString());
    await Promise.all([0, 1, 2, 3].map(() => schedulerTick(server.deps, at(500))));
    await schedulerTick(server.deps, at(900));
    const fires = await firesOf(s.id);
    expect(fires).toHaveLength(1);
    expect(fires[0]).toMatchObject({ status: 'enqueued', fireAt: T0 });
    expect(fires[0]!.runId).toBeTruthy();
    const items = await settled(s.id);
    expect(items[0]).toMatchObject({ run: { status: 'succeeded' } });
    // The next minute fires once too.
    await Promise.all([
      schedulerTick(server.deps, at(60_100)),
      schedulerTick(server.deps, at(60_200)),
    ]);
    expect(await firesOf(s.id)).toHaveLength(2);
    await server.db.delete(scheduleFires).where(eq(scheduleFires.scheduleId, s.id));
    await admin.client.request('DELETE', `/api/v1/schedules/${s.id}`);
  });

  it.each([
    ['skip', 1, 10],
    ['once', 2, 9],
    ['all', 4, 7],
  ] as const)(
    'after 10 minutes down, catch-up %s runs %i fires and skips %i',
    async (catchUp, runs, skipped) => {
      // Overlap `allow`: the caught-up fires run side by side (with `skip` only the first would).
      const s = await schedule({ catchUp, catchUpLimit: 3, overlap: 'allow' });
      // Fires at T0 … T0+10 min; the last is 5 s late (on time), the ten before were missed.
      await schedulerTick(server.deps, at(10 * 60_000 + 5_000));
      const fires = await firesOf(s.id);
      expect(fires.filter((f) => f.status === 'enqueued')).toHaveLength(runs);
      expect(fires.filter((f) => f.status === 'skipped')).toHaveLength(skipped);
      expect(fires.at(-1)).toMatchObject({ status: 'enqueued', fireAt: at(10 * 60_000) });
      const read = await admin.client.get(`/api/v1/schedules/${s.id}`);
      // The next fire is in the future of the (fake) now.
      expect(read.json.nextFireAt).toBe(at(11 * 60_000).toISOString());
      await settled(s.id);
      await admin.client.post(`/api/v1/schedules/${s.id}/pause`);
    },
  );

  it('a paused schedule fires nothing; resumed, it fires from then on', async () => {
    const s = await schedule({});
    await admin.client.post(`/api/v1/schedules/${s.id}/pause`);
    await schedulerTick(server.deps, at(5 * 60_000));
    expect(await firesOf(s.id)).toHaveLength(0);
    await admin.client.request('DELETE', `/api/v1/schedules/${s.id}`);
  });

  it('editing recomputes the next fire and drops pending fires of the old timing', async () => {
    const s = await schedule({ catchUp: 'all' });
    // A fire came due but was not claimed yet (another process would claim it).
    await server.db
      .insert(scheduleFires)
      .values({ organizationId: orgId, scheduleId: s.id, fireAt: T0 });
    const later = at(3_600_000).toISOString();
    const edited = await admin.client.request('PATCH', `/api/v1/schedules/${s.id}`, {
      startsAt: later,
    });
    expect(edited.json.nextFireAt).toBe(later);
    expect(await firesOf(s.id)).toHaveLength(0);
    await schedulerTick(server.deps, at(30 * 60_000));
    expect(await firesOf(s.id)).toHaveLength(0);
    await schedulerTick(server.deps, at(3_600_000 + 200));
    expect((await firesOf(s.id)).map((f) => f.fireAt)).toEqual([at(3_600_000)]);
    await settled(s.id);
    await admin.client.request('DELETE', `/api/v1/schedules/${s.id}`);
  });
});

describe('overlap while a run goes on', () => {
  async function withRunningRun(overlap: 'skip' | 'queue' | 'allow') {
    const s = await schedule({ overlap, startsAt: at(2 * 3_600_000).toISOString() });
    const [run] = await server.db
      .insert(agentRuns)
      .values({ organizationId: orgId, agentId, trigger: 'schedule', status: 'running' })
      .returning();
    await server.db.insert(scheduleFires).values({
      organizationId: orgId,
      scheduleId: s.id,
      fireAt: at(3_600_000),
      status: 'enqueued',
      runId: run!.id,
    });
    await schedulerTick(server.deps, at(2 * 3_600_000 + 100));
    const [, fire] = await firesOf(s.id);
    return { s, fire: fire!, runId: run!.id };
  }

  it('skip drops the fire, queue keeps it until the run ends, allow runs alongside', async () => {
    const skipped = await withRunningRun('skip');
    expect(skipped.fire).toMatchObject({ status: 'skipped', reason: 'overlap', runId: null });

    const queued = await withRunningRun('queue');
    expect(queued.fire).toMatchObject({ status: 'pending', runId: null });
    await server.db
      .update(agentRuns)
      .set({ status: 'succeeded' })
      .where(eq(agentRuns.id, queued.runId));
    await schedulerTick(server.deps, at(2 * 3_600_000 + 400));
    const [, after] = await firesOf(queued.s.id);
    expect(after).toMatchObject({ status: 'enqueued' });
    expect(after!.runId).toBeTruthy();

    const allowed = await withRunningRun('allow');
    expect(allowed.fire.status).toBe('enqueued');
    expect(allowed.fire.runId).toBeTruthy();
    for (const x of [skipped, queued, allowed]) {
      await server.db
        .update(agentRuns)
        .set({ status: 'succeeded' })
        .where(eq(agentRuns.id, x.runId));
      await settled(x.s.id);
      await admin.client.request('DELETE', `/api/v1/schedules/${x.s.id}`);
    }
  });
});

describe('failures', () => {
  it('retries a failed run as asked, then tells the author once', async () => {
    const failing = await agent('$error("boom")');
    const s = await schedule({
      agentId: failing,
      retries: 1,
      startsAt: at(4 * 3_600_000).toISOString(),
    });
    await schedulerTick(server.deps, at(4 * 3_600_000 + 100));
    let told: (typeof notifications.$inferSelect)[] = [];
    for (let i = 0; i < 200 && told.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      // The loop's later passes see the failed run: a retry, then the notice.
      await schedulerTick(server.deps, at(4 * 3_600_000 + 200));
      told = await server.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, admin.userId),
            eq(notifications.kind, 'schedule.run_failed'),
          ),
        );
    }
    expect(told).toHaveLength(1);
    const runs = await server.db.select().from(agentRuns).where(eq(agentRuns.agentId, failing));
    expect(runs).toHaveLength(2);
    expect(runs.every((r) => r.status === 'failed')).toBe(true);
    const [fire] = await firesOf(s.id);
    expect(told[0]!.params).toMatchObject({ runId: fire!.runId });
    expect(told[0]!.link).toBe(`/agents/${failing}?tab=runs&run=${fire!.runId}`);
    // No preference chosen yet: the author is told by e-mail too, once.
    const toldByMail = (m: { to: string; subject: string }) =>
      m.to.includes(admin.email) && /scheduled run/.test(m.subject);
    const mails = (await waitFor(server.outbox, (all) => all.some(toldByMail))).filter(toldByMail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`tab=runs&run=${fire!.runId}`);
  });
});
