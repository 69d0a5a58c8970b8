import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLogs, dataSources, member, modelProviders } from '../../db/schema/index.ts';
import { emptyGraph, type AgentGraph } from '../../../shared/schemas/agent-graph.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let developer: Signed;
let plainMember: Signed;
let plainUser: Signed;
let other: Signed;
let orgA: string;

async function join(orgId: string, who: Signed, role: string) {
  await server.db.insert(member).values({ organizationId: orgId, userId: who.userId, role });
  who.client.orgId = orgId;
}

async function adminOfNewOrg(who: Signed) {
  const orgId = (await who.client.post('/api/functions/complete-user-setup')).json.organization
    .id as string;
  who.client.orgId = orgId;
  return orgId;
}

const put = (who: Signed, url: string, body: unknown, revision?: number | string) =>
  who.client.request(
    'PUT',
    url,
    body,
    revision === undefined ? {} : { 'If-Match': String(revision) },
  );
const patch = (who: Signed, url: string, body: unknown) => who.client.request('PATCH', url, body);

const auditActions = async (id: string) =>
  (
    await server.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'agent'), eq(auditLogs.targetId, id)))
  ).map((row) => row.action);

/** The empty graph with a transform between start and output. */
function graphWithTransform(expression: string): AgentGraph {
  const graph = emptyGraph();
  const [start, output] = graph.nodes;
  return {
    ...graph,
    nodes: [
      start!,
      {
        id: 'shape',
        type: 'transform',
        position: { x: 200, y: 0 },
        data: { label: 'Shape', expression },
      } as AgentGraph['nodes'][number],
      output!,
    ],
    edges: [
      { id: 'e1', source: start!.id, target: 'shape' },
      { id: 'e2', source: 'shape', target: output!.id },
    ],
  };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, { name: 'Ada Admin' });
  orgA = await adminOfNewOrg(admin);
  developer = await signedInUser(server, { name: 'Dev Developer' });
  await join(orgA, developer, 'developer');
  plainMember = await signedInUser(server, { name: 'Meg Member' });
  await join(orgA, plainMember, 'member');
  plainUser = await signedInUser(server, { name: 'Ugo User' });
  await join(orgA, plainUser, 'user');
  other = await signedInUser(server, { name: 'Otto Other' });
  await adminOfNewOrg(other);
});
afterAll(() => server?.close());

describe('agents: create, read, list', () => {
  it('creates a blank agent with a slug, a valid draft and an audit entry', async () => {
    const created = await admin.client.post('/api/v1/agents', { name: 'Support bot' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: 'Support bot',
      slug: 'support-bot',
      status: 'draft',
      publishedVersion: null,
      revision: 1,
      problems: [],
      createdBy: { id: admin.userId, name: 'Ada Admin' },
    });
    expect(created.json.draft.nodes.map((n: { type: string }) => n.type).sort()).toEqual([
      'output',
      'start',
    ]);
    expect(await auditActions(created.json.id)).toEqual(['agent.create']);

    const second = await admin.client.post('/api/v1/agents', { name: 'Support bot' });
    expect(second.json.slug).toBe('support-bot-2');
  });

  it('lists with search, status filter, sort and paging; members read and create', async () => {
    const made = await plainMember.client.post('/api/v1/agents', { name: 'Zeta digest' });
    expect(made.status).toBe(201);
    const search = await plainUser.client.get('/api/v1/agents?search=zeta');
    expect(search.status).toBe(200);
    expect(search.json.items.map((a: { name: string }) => a.name)).toEqual(['Zeta digest']);
    const byName = await admin.client.get('/api/v1/agents?sort=name&order=asc&pageSize=5');
    const names = byName.json.items.map((a: { name: string }) => a.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const drafts = await admin.client.get('/api/v1/agents?status=published');
    expect(drafts.json.total).toBe(0);
    const bad = await admin.client.get('/api/v1/agents?pageSize=7');
    expect(bad.status).toBe(400);
  });

  it('rejects bad input with field errors and a project of another organisation', async () => {
    const empty = await admin.client.post('/api/v1/agents', { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields.name).toBeDefined();
    const project = await other.client.post('/api/v1/projects', { name: 'Elsewhere' });
    const foreign = await admin.client.post('/api/v1/agents', {
      name: 'Cross',
      projectId: project.json.id,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.fields.projectId).toBeDefined();
  });

  it('is a 404 to another organisation, and delete follows the role table', async () => {
    const created = await developer.client.post('/api/v1/agents', { name: 'Private one' });
    const id = created.json.id as string;
    expect((await other.client.get(`/api/v1/agents/${id}`)).status).toBe(404);
    expect((await other.client.request('DELETE', `/api/v1/agents/${id}`)).status).toBe(404);
    expect((await plainMember.client.request('DELETE', `/api/v1/agents/${id}`)).status).toBe(403);
    expect((await plainUser.client.request('DELETE', `/api/v1/agents/${id}`)).status).toBe(403);
    expect((await developer.client.request('DELETE', `/api/v1/agents/${id}`)).status).toBe(204);
    expect((await admin.client.get(`/api/v1/agents/${id}`)).status).toBe(404);
    expect(await auditActions(id)).toContain('agent.delete');
  });
});

describe('agents: draft, publish, versions', () => {
  it('saves the draft with a revision check: a stale revision is a 409, none a 428', async () => {
    const created = await admin.client.post('/api/v1/agents', { name: 'Draft keeper' });
    const id = created.json.id as string;
    const graph = graphWithTransform('{ "greeting": "hello " & input.name }');
    const saved = await put(developer, `/api/v1/agents/${id}/draft`, { graph }, 1);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ revision: 2 });

    const stale = await put(admin, `/api/v1/agents/${id}/draft`, { graph: emptyGraph() }, 1);
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('AGENT_REVISION_CONFLICT');
    const missing = await put(admin, `/api/v1/agents/${id}/draft`, { graph: emptyGraph() });
    expect(missing.status).toBe(428);
    expect(missing.json.error.code).toBe('AGENT_REVISION_REQUIRED');

    const read = await admin.client.get(`/api/v1/agents/${id}`);
    expect(read.json.revision).toBe(2);
    expect(read.json.draft.nodes.map((n: { id: string }) => n.id)).toContain('shape');
    // Autosaves are not audited.
    expect(await auditActions(id)).toEqual(['agent.create']);
  });

  it('refuses a graph that does not match the schema, and publishes only a valid draft', async () => {
    const created = await admin.client.post('/api/v1/agents', { name: 'Publisher' });
    const id = created.json.id as string;
    const malformed = await put(admin, `/api/v1/agents/${id}/draft`, { graph: { nodes: 3 } }, 1);
    expect(malformed.status).toBe(400);

    const broken = graphWithTransform('$$$ (');
    const saved = await put(admin, `/api/v1/agents/${id}/draft`, { graph: broken }, 1);
    expect(saved.status).toBe(200);
    expect(saved.json.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ nodeId: 'shape' })]),
    );
    const refused = await admin.client.post(`/api/v1/agents/${id}/publish`, { note: 'first' });
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe('AGENT_GRAPH_INVALID');
    expect(Object.keys(refused.json.error.fields).some((k) => k.startsWith('shape'))).toBe(true);

    const fixed = graphWithTransform('{ "ok": true }');
    await put(admin, `/api/v1/agents/${id}/draft`, { graph: fixed }, 2);
    const published = await admin.client.post(`/api/v1/agents/${id}/publish`, { note: 'first' });
    expect(published.status).toBe(201);
    expect(published.json).toMatchObject({ number: 1, note: 'first', published: true });
    const second = await plainMember.client.post(`/api/v1/agents/${id}/publish`, { note: 'two' });
    expect(second.json.number).toBe(2);

    const versions = await plainUser.client.get(`/api/v1/agents/${id}/versions`);
    expect(versions.json.items.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    const one = await plainUser.client.get(`/api/v1/agents/${id}/versions/1`);
    expect(one.json.graph.nodes.map((n: { id: string }) => n.id)).toContain('shape');
    expect((await admin.client.get(`/api/v1/agents/${id}/versions/9`)).status).toBe(404);

    const listed = await admin.client.get('/api/v1/agents?status=published&search=publisher');
    expect(listed.json.items[0]).toMatchObject({ status: 'published', publishedVersion: 2 });
    expect(await auditActions(id)).toEqual(['agent.create', 'agent.publish', 'agent.publish']);
  });

  it('restores an old version as a new published number and as the draft', async () => {
    const created = await admin.client.post('/api/v1/agents', { name: 'Restorer' });
    const id = created.json.id as string;
    await put(admin, `/api/v1/agents/${id}/draft`, { graph: graphWithTransform('1') }, 1);
    await admin.client.post(`/api/v1/agents/${id}/publish`, { note: 'v1' });
    await put(admin, `/api/v1/agents/${id}/draft`, { graph: graphWithTransform('2') }, 2);
    await admin.client.post(`/api/v1/agents/${id}/publish`, { note: 'v2' });

    const restored = await admin.client.post(`/api/v1/agents/${id}/versions/1/restore`);
    expect(restored.status).toBe(201);
    expect(restored.json).toMatchObject({ number: 3, published: true });
    const read = await admin.client.get(`/api/v1/agents/${id}`);
    const shape = read.json.draft.nodes.find((n: { id: string }) => n.id === 'shape');
    expect(shape.data.expression).toBe('1');
    expect(read.json.revision).toBe(4);
  });

  it('changes the card, duplicates, exports and imports without ids of the organisation', async () => {
    const created = await admin.client.post('/api/v1/agents', { name: 'Card', icon: 'mail' });
    const id = created.json.id as string;
    const changed = await patch(admin, `/api/v1/agents/${id}`, {
      description: 'Sends mail',
      chatEnabled: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ description: 'Sends mail', chatEnabled: false });
    expect((await patch(admin, `/api/v1/agents/${id}`, {})).status).toBe(400);

    const copy = await plainUser.client.post(`/api/v1/agents/${id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.json).toMatchObject({ name: 'Card (copy)', status: 'draft', icon: 'mail' });

    const exported = await plainUser.client.get(`/api/v1/agents/${id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.json).toMatchObject({ kind: 'meridian.agent', schemaVersion: 1 });
    expect(JSON.stringify(exported.json)).not.toContain(orgA);

    const imported = await other.client.post('/api/v1/agents/import', {
      document: exported.json,
    });
    expect(imported.status).toBe(201);
    expect(imported.json).toMatchObject({ name: 'Card', status: 'draft' });
    const garbage = await other.client.post('/api/v1/agents/import', { document: { a: 1 } });
    expect(garbage.status).toBe(422);
    expect(garbage.json.error.code).toBe('AGENT_IMPORT_INVALID');
  });
});

describe('agents: templates and references', () => {
  it('fills templates with the organisation’s provider and data source, and export/import maps them by name', async () => {
    const [provider] = await server.db
      .insert(modelProviders)
      .values({
        organizationId: orgA,
        name: 'Local models',
        baseUrl: 'http://127.0.0.1:9/v1',
        models: [{ id: 'small-1', inputPrice: 1, outputPrice: 2 }],
        defaultModel: 'small-1',
      })
      .returning();
    const [source] = await server.db
      .insert(dataSources)
      .values({ organizationId: orgA, name: 'Shop DB', type: 'postgres', config: {} })
      .returning();

    const ask = await admin.client.post('/api/v1/agents', {
      name: 'Ask the shop',
      template: 'ask-database',
    });
    expect(ask.status).toBe(201);
    expect(ask.json.problems).toEqual([]);
    const llm = ask.json.draft.nodes.find((n: { type: string }) => n.type === 'llm');
    expect(llm.data).toMatchObject({
      providerId: provider!.id,
      model: 'small-1',
      tools: { dataSourceIds: [source!.id] },
    });
    const summary = await admin.client.post('/api/v1/agents', {
      name: 'Weekly customers',
      template: 'summarise-customers',
    });
    expect(summary.json.problems).toEqual([]);
    const webhook = await admin.client.post('/api/v1/agents', {
      name: 'Enricher',
      template: 'webhook-enrich',
    });
    expect(webhook.json.problems).toEqual([]);

    const exported = await admin.client.get(`/api/v1/agents/${ask.json.id}/export`);
    const text = JSON.stringify(exported.json);
    expect(text).not.toContain(provider!.id);
    expect(text).not.toContain(source!.id);
    expect(exported.json.references.answer).toEqual({
      provider: 'Local models',
      dataSources: ['Shop DB'],
    });

    // Another organisation without those names: the fields are left empty and say so.
    const elsewhere = await other.client.post('/api/v1/agents/import', {
      document: exported.json,
    });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.json.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ nodeId: 'answer', field: 'providerId' })]),
    );
    // The same organisation: mapped back to its records.
    const back = await admin.client.post('/api/v1/agents/import', { document: exported.json });
    const mapped = back.json.draft.nodes.find((n: { id: string }) => n.id === 'answer');
    expect(mapped.data.providerId).toBe(provider!.id);
    expect(mapped.data.tools.dataSourceIds).toEqual([source!.id]);
    expect(back.json.problems).toEqual([]);

    // A deleted source becomes a problem of the agents that use it.
    await server.db
      .update(dataSources)
      .set({ deletedAt: new Date() })
      .where(eq(dataSources.id, source!.id));
    const read = await admin.client.get(`/api/v1/agents/${ask.json.id}`);
    expect(read.json.problems).toEqual([
      expect.objectContaining({ nodeId: 'answer', code: 'unknown_data_source' }),
    ]);
  });
});
