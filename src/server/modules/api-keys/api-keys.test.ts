import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agentGraphSchema } from '../../../shared/schemas/agent-graph.ts';
import { agentSettings, apiKeys, auditLogs, member } from '../../db/schema/index.ts';
import { hashApiKeySecret } from '../../http/api-key-auth.ts';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let developer: Signed;
let other: Signed;
let orgA: string;
let orgB: string;
let agentId: string;
let otherAgentId: string;
let otherOrgAgentId: string;

const graph = agentGraphSchema.parse({
  schemaVersion: 1,
  nodes: [
    {
      id: 'start',
      type: 'start',
      position: { x: 0, y: 0 },
      data: { inputs: [{ name: 'who', type: 'string', required: true }] },
    },
    { id: 'out', type: 'output', position: { x: 1, y: 0 }, data: { text: 'Hi {{ input.who }}' } },
  ],
  edges: [{ id: 'a', source: 'start', target: 'out' }],
});

async function publishedAgent(client: Signed['client'], name: string) {
  const id = (await client.post('/api/v1/agents', { name })).json.id as string;
  const saved = await client.request(
    'PUT',
    `/api/v1/agents/${id}/draft`,
    { graph },
    { 'If-Match': '1' },
  );
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect((await client.post(`/api/v1/agents/${id}/publish`, {})).status).toBe(201);
  return id;
}

/** A client without a session that sends the key. */
function keyed(secret: string, ip?: string) {
  const client = server.client(ip);
  const headers = { authorization: `Bearer ${secret}` };
  return {
    get: (url: string) => client.get(url, headers),
    post: (url: string, body?: unknown) => client.post(url, body, headers),
  };
}

async function newKey(body: Record<string, unknown>, client = admin.client) {
  const res = await client.post('/api/v1/api-keys', body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; secret: string; prefix: string };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, { name: 'Ada Admin' });
  orgA = (await admin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  admin.client.orgId = orgA;
  developer = await signedInUser(server);
  await server.db
    .insert(member)
    .values({ organizationId: orgA, userId: developer.userId, role: 'developer' });
  developer.client.orgId = orgA;
  other = await signedInUser(server);
  orgB = (await other.client.post('/api/functions/complete-user-setup')).json.organization.id;
  other.client.orgId = orgB;
  agentId = await publishedAgent(admin.client, 'Greeter');
  otherAgentId = await publishedAgent(admin.client, 'Second');
  otherOrgAgentId = await publishedAgent(other.client, 'Theirs');
}, 60_000);
afterAll(() => server?.close());

describe('API keys', () => {
  it('creates a key whose secret is shown once and stored only as its hash, lists and revokes it, auditing each', async () => {
    const created = await newKey({ name: 'CI', scopes: ['agents:run', 'agents:read'] });
    expect(created.secret).toMatch(/^mk_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    const [row] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.hash).toBe(hashApiKeySecret(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const list = await admin.client.get('/api/v1/api-keys');
    const listed = list.json.items.find((k: { id: string }) => k.id === created.id);
    expect(listed).toMatchObject({ name: 'CI', status: 'active', agent: null, lastUsedAt: null });
    expect(listed.createdBy.name).toBe('Ada Admin');
    expect(JSON.stringify(list.json)).not.toContain(created.secret);

    const dup = await admin.client.post('/api/v1/api-keys', { name: 'ci', scopes: ['agents:run'] });
    expect(dup.status).toBe(409);
    expect(dup.json.error.code).toBe('API_KEY_NAME_TAKEN');

    // Used once: last use time and address are kept.
    const used = keyed(created.secret, '203.0.113.7');
    expect((await used.get(`/api/v1/openai/models`)).status).toBe(200);
    const after = (await admin.client.get('/api/v1/api-keys')).json.items.find(
      (k: { id: string }) => k.id === created.id,
    );
    expect(after.lastUsedIp).toBe('203.0.113.7');
    expect(after.lastUsedAt).not.toBeNull();

    const revoked = await admin.client.post(`/api/v1/api-keys/${created.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.json.status).toBe('revoked');
    const refused = await used.get('/api/v1/openai/models');
    expect(refused.status).toBe(401);
    // The name is free again once the key is revoked.
    await newKey({ name: 'CI', scopes: ['agents:read'] });

    const audit = await server.db
      .select({ action: auditLogs.action, after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'api_key'), eq(auditLogs.targetId, created.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['api_key.create', 'api_key.revoke']);
    expect(JSON.stringify(audit)).not.toContain(row!.hash);
  });

  it('checks its input and is for organisation admins only', async () => {
    const bad = await admin.client.post('/api/v1/api-keys', { name: 'x', scopes: [] });
    expect(bad.status).toBe(400);
    const past = await admin.client.post('/api/v1/api-keys', {
      name: 'old',
      scopes: ['agents:run'],
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    const foreignAgent = await admin.client.post('/api/v1/api-keys', {
      name: 'foreign',
      scopes: ['agents:run'],
      agentId: otherOrgAgentId,
    });
    expect(foreignAgent.status).toBe(400);
    expect((await developer.client.get('/api/v1/api-keys')).status).toBe(403);
    expect(
      (await developer.client.post('/api/v1/api-keys', { name: 'd', scopes: ['agents:run'] }))
        .status,
    ).toBe(403);
    const theirs = await newKey({ name: 'theirs', scopes: ['agents:run'] }, other.client);
    expect((await admin.client.post(`/api/v1/api-keys/${theirs.id}/revoke`)).status).toBe(404);
  });

  it('refuses unknown, revoked, expired, wrongly scoped, restricted and foreign keys without data', async () => {
    const runUrl = (id: string) => `/api/v1/agents/${id}/runs`;
    const unknown = keyed('mk_thisisnotakey');
    expect((await unknown.post(runUrl(agentId), { input: { who: 'x' } })).status).toBe(401);

    const expiring = await newKey({
      name: 'expiring',
      scopes: ['agents:run'],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await server.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    const expired = await keyed(expiring.secret).post(runUrl(agentId), { input: { who: 'x' } });
    expect(expired.status).toBe(401);
    expect(expired.json.error.code).toBe('UNAUTHENTICATED');

    const reader = keyed((await newKey({ name: 'reader', scopes: ['agents:read'] })).secret);
    const wrongScope = await reader.post(runUrl(agentId), { input: { who: 'x' } });
    expect(wrongScope.status).toBe(403);
    expect(wrongScope.json.error.code).toBe('FORBIDDEN');

    const runner = keyed((await newKey({ name: 'runner', scopes: ['agents:run'] })).secret);
    // Routes that need a session refuse keys.
    expect((await runner.get('/api/v1/agents')).status).toBe(401);
    expect((await runner.get('/api/v1/api-keys')).status).toBe(401);
    expect((await runner.get('/api/v1/me')).status).toBe(401);
    // Another organisation's agent does not exist for this key.
    const foreign = await runner.post(runUrl(otherOrgAgentId), { input: { who: 'x' } });
    expect(foreign.status).toBe(404);
    expect(foreign.json.id).toBeUndefined();

    const restricted = keyed(
      (await newKey({ name: 'one agent', scopes: ['agents:run', 'agents:read'], agentId })).secret,
    );
    const elsewhere = await restricted.post(runUrl(otherAgentId), { input: { who: 'x' } });
    expect(elsewhere.status).toBe(404);
    const ran = await restricted.post(runUrl(agentId), { input: { who: 'Ada' } });
    expect(ran.status).toBe(200);
    expect(ran.json).toMatchObject({ status: 'succeeded', trigger: 'api', output: 'Hi Ada' });
    expect((await restricted.get(`${runUrl(otherAgentId)}/${ran.json.id}`)).status).toBe(404);
    const models = await restricted.get('/api/v1/openai/models');
    expect(models.json.data.map((m: { name: string }) => m.name)).toEqual(['Greeter']);
  });

  it('limits the requests of one key per minute (429 with Retry-After), across the organisation setting', async () => {
    await server.db
      .insert(agentSettings)
      .values({ organizationId: orgB, apiKeyRateLimit: 3 })
      .onConflictDoUpdate({ target: agentSettings.organizationId, set: { apiKeyRateLimit: 3 } });
    const limited = keyed(
      (await newKey({ name: 'busy', scopes: ['agents:read'] }, other.client)).secret,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await limited.get('/api/v1/openai/models')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await limited.get('/api/v1/openai/models');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.json.error).toMatchObject({ type: 'rate_limit_error', code: 'RATE_LIMITED' });
    // Another key of the organisation has its own count.
    const fresh = keyed(
      (await newKey({ name: 'calm', scopes: ['agents:read'] }, other.client)).secret,
    );
    expect((await fresh.get('/api/v1/openai/models')).status).toBe(200);
  });
});
