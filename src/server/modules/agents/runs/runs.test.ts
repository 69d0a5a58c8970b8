import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../../test/harness.ts';
import { agentGraphSchema, type AgentGraph } from '../../../../shared/schemas/agent-graph.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let other: Signed;

async function adminOfNewOrg(who: Signed) {
  const orgId = (await who.client.post('/api/functions/complete-user-setup')).json.organization
    .id as string;
  who.client.orgId = orgId;
  return orgId;
}

/** start(n) → double (transform) → branch (condition: big or else) → big / small outputs. */
function branching(doubleExpression = 'input.n * 2'): AgentGraph {
  return agentGraphSchema.parse({
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
        data: { expression: doubleExpression },
      },
      {
        id: 'branch',
        type: 'condition',
        position: { x: 2, y: 0 },
        data: { cases: [{ id: 'big', expression: 'nodes.double > 10' }] },
      },
      {
        id: 'big',
        type: 'output',
        position: { x: 3, y: 0 },
        data: { text: 'big {{ nodes.double }}' },
      },
      {
        id: 'small',
        type: 'output',
        position: { x: 3, y: 1 },
        data: { text: 'small {{ nodes.double }}' },
      },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'double' },
      { id: 'b', source: 'double', target: 'branch' },
      { id: 'c', source: 'branch', sourceHandle: 'big', target: 'big' },
      { id: 'd', source: 'branch', sourceHandle: 'else', target: 'small' },
    ],
  });
}

async function agentWith(graph: AgentGraph, publish = false) {
  const created = await admin.client.post('/api/v1/agents', { name: `Runner ${Math.random()}` });
  const id = created.json.id as string;
  const saved = await admin.client.request(
    'PUT',
    `/api/v1/agents/${id}/draft`,
    { graph },
    {
      'If-Match': '1',
    },
  );
  expect(saved.status).toBe(200);
  if (publish)
    expect((await admin.client.post(`/api/v1/agents/${id}/publish`, {})).status).toBe(201);
  return id;
}

const run = (id: string, body: object, query = '') =>
  admin.client.post(`/api/v1/agents/${id}/runs${query}`, body);

/** The server-sent events of a run, parsed. */
async function eventsOf(agentId: string, runId: string) {
  const res = await admin.client.get(`/api/v1/agents/${agentId}/runs/${runId}/events`);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  return res.text
    .split('\n\n')
    .filter((block) => block.includes('data:'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data:') + 5).trim()));
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, { name: 'Ada Admin' });
  await adminOfNewOrg(admin);
  other = await signedInUser(server, { name: 'Otto Other' });
  await adminOfNewOrg(other);
});
afterAll(() => server?.close());

describe('runs', () => {
  it('runs the published version, follows the chosen branch and stores every step', async () => {
    const id = await agentWith(branching(), true);
    const done = await run(id, { input: { n: 8 } });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      status: 'succeeded',
      output: 'big 16',
      version: 1,
      trigger: 'api',
    });
    expect(done.json.steps.map((s: { nodeId: string }) => s.nodeId)).toEqual([
      'start',
      'double',
      'branch',
      'big',
    ]);
    expect(done.json.steps[1]).toMatchObject({ status: 'succeeded', output: 16 });

    const small = await run(id, { input: { n: 2 } });
    expect(small.json.output).toBe('small 4');
  });

  it('refuses a run without a published version, bad input and another organisation', async () => {
    const id = await agentWith(branching());
    const unpublished = await run(id, { input: { n: 1 } });
    expect(unpublished.status).toBe(409);
    expect(unpublished.json.error.code).toBe('AGENT_NOT_PUBLISHED');
    const missing = await run(id, { input: {}, draft: true });
    expect(missing.status).toBe(200);
    expect(missing.json).toMatchObject({ status: 'failed', trigger: 'test' });
    expect(missing.json.error).toMatch(/n/);
    expect((await other.client.post(`/api/v1/agents/${id}/runs`, { input: {} })).status).toBe(404);
    const runId = missing.json.id as string;
    expect((await other.client.get(`/api/v1/agents/${id}/runs/${runId}`)).status).toBe(404);
    expect((await run(id, { input: 'x' })).status).toBe(400);
  });

  it('answers 202 at once with async=true and tells the run as server-sent events', async () => {
    const id = await agentWith(branching());
    const started = await run(id, { input: { n: 9 }, draft: true }, '?async=true');
    expect(started.status).toBe(202);
    const runId = started.json.id as string;
    const events = await eventsOf(id, runId);
    expect(events[0].type).toBe('run.started');
    expect(events.at(-1)).toMatchObject({
      type: 'run.finished',
      status: 'succeeded',
      output: 'big 18',
    });
    const finished = events.filter((e) => e.type === 'node.finished').map((e) => e.nodeId);
    expect(finished).toEqual(['start', 'double', 'branch', 'big']);
    // Told again from the database once the run is over.
    const again = await eventsOf(id, runId);
    expect(again.map((e) => e.type)).toEqual(
      events.filter((e) => e.type !== 'node.started').map((e) => e.type),
    );
  });

  it('retries a failed run from its failed step, reusing the steps before it', async () => {
    const id = await agentWith(branching('$error("boom")'));
    const failed = await run(id, { input: { n: 3 }, draft: true });
    expect(failed.json).toMatchObject({ status: 'failed' });
    expect(failed.json.steps.find((s: { nodeId: string }) => s.nodeId === 'double')).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('boom'),
    });
    const current = await admin.client.get(`/api/v1/agents/${id}`);
    await admin.client.request(
      'PUT',
      `/api/v1/agents/${id}/draft`,
      { graph: branching() },
      {
        'If-Match': String(current.json.revision),
      },
    );
    const retried = await admin.client.post(`/api/v1/agents/${id}/runs/${failed.json.id}/retry`);
    expect(retried.status).toBe(202);
    await eventsOf(id, retried.json.id);
    const replay = await admin.client.get(`/api/v1/agents/${id}/runs/${retried.json.id}`);
    expect(replay.json).toMatchObject({
      status: 'succeeded',
      output: 'small 6',
      replayOf: failed.json.id,
    });
    expect(replay.json.steps[0]).toMatchObject({ nodeId: 'start', status: 'reused' });
    const again = await admin.client.post(`/api/v1/agents/${id}/runs/${replay.json.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('RUN_NOT_RETRYABLE');
  });

  it('runs one step alone on a past run’s recorded outputs', async () => {
    const id = await agentWith(branching());
    const past = await run(id, { input: { n: 1 }, draft: true });
    const alone = await admin.client.post(
      `/api/v1/agents/${id}/runs/${past.json.id}/steps/branch/run`,
    );
    expect(alone.status).toBe(202);
    await eventsOf(id, alone.json.id);
    const result = await admin.client.get(`/api/v1/agents/${id}/runs/${alone.json.id}`);
    const byNode = Object.fromEntries(
      result.json.steps.map((s: { nodeId: string; status: string }) => [s.nodeId, s.status]),
    );
    expect(byNode).toEqual({ start: 'reused', double: 'reused', branch: 'succeeded' });
  });

  it('lists runs newest first with keyset paging and filters', async () => {
    const id = await agentWith(branching(), true);
    for (const n of [1, 2, 3, 4, 5]) await run(id, { input: { n } });
    const first = await admin.client.get(`/api/v1/agents/${id}/runs?limit=2`);
    expect(first.json.items).toHaveLength(2);
    const second = await admin.client.get(
      `/api/v1/agents/${id}/runs?limit=2&cursor=${first.json.nextCursor}`,
    );
    const third = await admin.client.get(
      `/api/v1/agents/${id}/runs?limit=2&cursor=${second.json.nextCursor}`,
    );
    expect(third.json).toMatchObject({ nextCursor: null });
    const ids = [...first.json.items, ...second.json.items, ...third.json.items].map(
      (r: { id: string }) => r.id,
    );
    expect(new Set(ids).size).toBe(5);
    const failed = await admin.client.get(`/api/v1/agents/${id}/runs?status=failed`);
    expect(failed.json.items).toEqual([]);
    expect((await admin.client.get(`/api/v1/agents/${id}/runs?limit=500`)).status).toBe(400);
  });

  it('pages through runs that share one creation time to the microsecond', async () => {
    const id = await agentWith(branching(), true);
    for (const n of [1, 2, 3, 4, 5]) await run(id, { input: { n } });
    // The journal stores runs that start together in one transaction: one created_at for all.
    await server.db.execute(
      sql`update agent_runs set created_at = '2026-01-02T03:04:05.123456Z' where agent_id = ${id}`,
    );
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res = await admin.client.get(
        `/api/v1/agents/${id}/runs?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      ids.push(...res.json.items.map((r: { id: string }) => r.id));
      cursor = res.json.nextCursor;
      if (!cursor) break;
    }
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });
});
