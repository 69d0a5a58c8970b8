/**
 * /api/v1/model-providers through the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL)
 * and the local OpenAI-compatible server: CRUD, the key never returned or audited, the test
 * request (ok, the provider's 401, unreachable, an address the policy refuses), model discovery,
 * permissions per role and other organisations.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, member, modelProviders } from '../../db/schema/index.ts';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { startOpenAiServer, type OpenAiTestServer } from '../../test/openai-server.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let strict: TestServer;
let model: OpenAiTestServer;
let admin: Signed;
let developer: Signed;
let plainMember: Signed;
let otherAdmin: Signed;
let orgA: string;

const KEY = 'sk-provider-key-do-not-leak';
const HEADER_VALUE = 'header-value-do-not-leak';
const URL_BASE = '/api/v1/model-providers';

beforeAll(async () => {
  model = await startOpenAiServer({ apiKey: KEY, models: ['gpt-test', 'gpt-test-mini'] });
  // The local model server listens on 127.0.0.1: this instance lets model providers reach loopback.
  server = await startTestServer({ OUTBOUND_MODEL_NETWORKS: 'loopback' });
  admin = await signedInUser(server, { name: 'Alice Admin' });
  orgA = (await admin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  admin.client.orgId = orgA;
  const join = async (role: string) => {
    const signed = await signedInUser(server);
    await server.db.insert(member).values({ organizationId: orgA, userId: signed.userId, role });
    signed.client.orgId = orgA;
    return signed;
  };
  developer = await join('developer');
  plainMember = await join('member');
  otherAdmin = await signedInUser(server);
  const orgB = (await otherAdmin.client.post('/api/functions/complete-user-setup')).json
    .organization.id;
  otherAdmin.client.orgId = orgB;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await strict?.close();
  await model?.close();
});

beforeEach(() => model.reset());

let counter = 0;
async function createProvider(overrides: Record<string, unknown> = {}) {
  const res = await admin.client.post(URL_BASE, {
    name: `Provider ${++counter}`,
    baseUrl: model.baseUrl,
    apiKey: KEY,
    models: [
      { id: 'gpt-test', inputPrice: 0.15, outputPrice: 0.6 },
      { id: 'gpt-test-mini', inputPrice: null, outputPrice: null },
    ],
    defaultModel: 'gpt-test',
    headers: [{ name: 'X-Team', value: HEADER_VALUE }],
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; name: string };
}

/** No answer, no audit entry and no stored column holds the key or a header value in clear. */
async function expectNoSecretLeak(...texts: string[]) {
  const audit = await server.db.select().from(auditLogs).where(eq(auditLogs.organizationId, orgA));
  const rows = await server.db.select().from(modelProviders);
  for (const text of [...texts, JSON.stringify(audit), JSON.stringify(rows)]) {
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(HEADER_VALUE);
  }
}

describe('model providers: CRUD', () => {
  it('creates, lists, changes and soft-deletes a provider, auditing each change without the key', async () => {
    const created = await createProvider({ name: 'OpenAI' });
    expect(created).toMatchObject({
      name: 'OpenAI',
      kind: 'openai-compatible',
      baseUrl: model.baseUrl,
      hasApiKey: true,
      headerNames: ['X-Team'],
      defaultModel: 'gpt-test',
      models: [
        { id: 'gpt-test', inputPrice: 0.15, outputPrice: 0.6 },
        { id: 'gpt-test-mini', inputPrice: null, outputPrice: null },
      ],
    });
    expect(JSON.stringify(created)).not.toContain(KEY);

    const list = await plainMember.client.get(URL_BASE);
    expect(list.status).toBe(200);
    expect(list.json.items.map((p: { name: string }) => p.name)).toContain('OpenAI');

    // An absent or empty key keeps the stored one; a header row without a value keeps its value.
    const renamed = await admin.client.request('PATCH', `${URL_BASE}/${created.id}`, {
      name: 'OpenAI main',
      apiKey: '',
      headers: [{ name: 'X-Team' }],
      models: [{ id: 'gpt-test', inputPrice: 1, outputPrice: 2 }],
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json).toMatchObject({
      name: 'OpenAI main',
      hasApiKey: true,
      headerNames: ['X-Team'],
      defaultModel: 'gpt-test',
    });
    const test = await admin.client.post(`${URL_BASE}/${created.id}/test`);
    expect(test.json).toMatchObject({ ok: true, model: 'gpt-test' });
    expect(model.requests.at(-1)!.headers['x-team']).toBe(HEADER_VALUE);

    const removed = await admin.client.request('DELETE', `${URL_BASE}/${created.id}`);
    expect(removed.status).toBe(204);
    expect((await admin.client.get(`${URL_BASE}/${created.id}`)).status).toBe(404);
    const [row] = await server.db
      .select()
      .from(modelProviders)
      .where(eq(modelProviders.id, created.id));
    expect(row!.deletedAt).not.toBeNull();

    const actions = await server.db
      .select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'model_provider'), eq(auditLogs.targetId, created.id)));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'model_provider.create',
      'model_provider.delete',
      'model_provider.update',
    ]);
    expect(actions.find((a) => a.action === 'model_provider.create')!.after).toMatchObject({
      name: 'OpenAI',
      hasApiKey: true,
    });
    await expectNoSecretLeak(JSON.stringify(list.json), JSON.stringify(renamed.json));
  });

  it('names are unique per organisation (409 MODEL_PROVIDER_NAME_TAKEN), case-insensitively', async () => {
    await createProvider({ name: 'Local' });
    const again = await admin.client.post(URL_BASE, { name: 'local', baseUrl: model.baseUrl });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({
      code: 'MODEL_PROVIDER_NAME_TAKEN',
      fields: { name: [expect.any(String)] },
    });
    // Another organisation may use the name.
    const elsewhere = await otherAdmin.client.post(URL_BASE, {
      name: 'Local',
      baseUrl: model.baseUrl,
    });
    expect(elsewhere.status).toBe(201);
  });

  it('refuses bad input with 400: base URL, default model not among the models, reserved header', async () => {
    const badUrl = await admin.client.post(URL_BASE, { name: 'Bad', baseUrl: 'ftp://x' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.json.error.fields.baseUrl).toBeDefined();
    const badDefault = await admin.client.post(URL_BASE, {
      name: 'Bad',
      baseUrl: model.baseUrl,
      models: [{ id: 'a' }],
      defaultModel: 'b',
    });
    expect(badDefault.status).toBe(400);
    expect(badDefault.json.error.fields.defaultModel).toBeDefined();
    const reserved = await admin.client.post(URL_BASE, {
      name: 'Bad',
      baseUrl: model.baseUrl,
      headers: [{ name: 'Authorization', value: 'Bearer x' }],
    });
    expect(reserved.status).toBe(400);
    const noValue = await admin.client.post(URL_BASE, {
      name: 'Bad',
      baseUrl: model.baseUrl,
      headers: [{ name: 'X-Team' }],
    });
    expect(noValue.status).toBe(400);
    expect(noValue.json.error.fields['headers.0.value']).toBeDefined();
  });

  it('sends the stored key only to its base URL: a new base URL needs it again; null removes it', async () => {
    const created = await createProvider({ headers: [] });
    const moved = await admin.client.request('PATCH', `${URL_BASE}/${created.id}`, {
      baseUrl: `${model.origin}/other/v1`,
    });
    expect(moved.status).toBe(400);
    expect(moved.json.error.code).toBe('SECRET_REQUIRED_FOR_NEW_DESTINATION');
    const withKey = await admin.client.request('PATCH', `${URL_BASE}/${created.id}`, {
      baseUrl: `${model.origin}/other/v1`,
      apiKey: 'sk-new',
    });
    expect(withKey.status).toBe(200);
    const removed = await admin.client.request('PATCH', `${URL_BASE}/${created.id}`, {
      apiKey: null,
    });
    expect(removed.json.hasApiKey).toBe(false);
  });
});

describe('model providers: test and discovery', () => {
  it('a test sends a one-token request with the key and reports the answer', async () => {
    const created = await createProvider();
    model.reply({ text: 'OK' });
    const res = await admin.client.post(`${URL_BASE}/${created.id}/test`, {
      model: 'gpt-test-mini',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ok: true,
      cause: null,
      message: 'OK',
      status: 200,
      model: 'gpt-test-mini',
    });
    const [sent] = model.chatRequests();
    expect(sent).toMatchObject({ model: 'gpt-test-mini', max_tokens: 1 });
    expect(model.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('reports the provider’s message when it refuses the key (401)', async () => {
    const created = await createProvider({ apiKey: 'sk-wrong' });
    const res = await admin.client.post(`${URL_BASE}/${created.id}/test`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ok: false,
      cause: 'PROVIDER_ERROR',
      status: 401,
      message: 'Incorrect API key provided.',
    });
  });

  it('reports a provider error body and an unreachable provider', async () => {
    const created = await createProvider();
    model.reply({ error: { status: 404, message: 'The model `gpt-test` does not exist' } });
    const missing = await admin.client.post(`${URL_BASE}/${created.id}/test`);
    expect(missing.json).toMatchObject({
      ok: false,
      status: 404,
      message: 'The model `gpt-test` does not exist',
    });

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const gone = await createProvider({ baseUrl: `http://127.0.0.1:${port}/v1` });
    const res = await admin.client.post(`${URL_BASE}/${gone.id}/test`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: false, cause: 'UNREACHABLE', status: null });
    expect(res.json.message).toContain('connection was refused');
  });

  it('refuses loopback under the default policy (OUTBOUND_MODEL_NETWORKS=public) before connecting', async () => {
    strict = await startTestServer();
    const owner = await signedInUser(strict);
    owner.client.orgId = (
      await owner.client.post('/api/functions/complete-user-setup')
    ).json.organization.id;
    const created = await owner.client.post(URL_BASE, {
      name: 'Local',
      baseUrl: model.baseUrl,
      apiKey: KEY,
      models: [{ id: 'gpt-test' }],
    });
    expect(created.status).toBe(201);
    const res = await owner.client.post(`${URL_BASE}/${created.json.id}/test`);
    expect(res.json).toMatchObject({ ok: false, cause: 'ADDRESS_NOT_ALLOWED' });
    expect(res.json.message).toContain('loopback');
    const byName = await owner.client.post(`${URL_BASE}/models/discover`, {
      baseUrl: model.baseUrl.replace('127.0.0.1', 'localhost'),
      apiKey: KEY,
    });
    expect(byName.json).toMatchObject({ ok: false, cause: 'ADDRESS_NOT_ALLOWED' });
    expect(model.requests).toHaveLength(0);
  });

  it('a test without any model is a 400 naming the field', async () => {
    const created = await createProvider({ models: [], defaultModel: null });
    const res = await admin.client.post(`${URL_BASE}/${created.id}/test`);
    expect(res.status).toBe(400);
    expect(res.json.error.fields.model).toBeDefined();
  });

  it('discovers the models of a base URL and key, or of a saved provider with its stored key', async () => {
    const res = await admin.client.post(`${URL_BASE}/models/discover`, {
      baseUrl: model.baseUrl,
      apiKey: KEY,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, models: ['gpt-test', 'gpt-test-mini'] });
    const wrong = await admin.client.post(`${URL_BASE}/models/discover`, {
      baseUrl: model.baseUrl,
      apiKey: 'nope',
    });
    expect(wrong.json).toMatchObject({ ok: false, status: 401, models: [] });

    const created = await createProvider();
    model.reset();
    const saved = await admin.client.post(`${URL_BASE}/models/discover`, {
      providerId: created.id,
    });
    expect(saved.json).toMatchObject({ ok: true, models: ['gpt-test', 'gpt-test-mini'] });
    expect(model.requests[0]!.headers).toMatchObject({
      authorization: `Bearer ${KEY}`,
      'x-team': HEADER_VALUE,
    });
    const elsewhere = await admin.client.post(`${URL_BASE}/models/discover`, {
      providerId: created.id,
      baseUrl: 'https://models.example.test/v1',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.error.code).toBe('SECRET_REQUIRED_FOR_NEW_DESTINATION');
    const none = await admin.client.post(`${URL_BASE}/models/discover`, {});
    expect(none.status).toBe(400);
  });
});

describe('model providers: who may do what', () => {
  it('members read the list without secrets; only admins create, change, delete, test, discover', async () => {
    const created = await createProvider({ name: 'Shared' });
    for (const who of [plainMember, developer]) {
      const list = await who.client.get(URL_BASE);
      expect(list.status).toBe(200);
      const shared = list.json.items.find((p: { id: string }) => p.id === created.id);
      expect(shared).toMatchObject({ name: 'Shared', hasApiKey: true, headerNames: ['X-Team'] });
      expect(shared).not.toHaveProperty('apiKey');
      expect(shared).not.toHaveProperty('secret');
      expect(
        (await who.client.post(URL_BASE, { name: 'Mine', baseUrl: model.baseUrl })).status,
      ).toBe(403);
      expect(
        (await who.client.request('PATCH', `${URL_BASE}/${created.id}`, { name: 'X' })).status,
      ).toBe(403);
      expect((await who.client.request('DELETE', `${URL_BASE}/${created.id}`)).status).toBe(403);
      expect((await who.client.post(`${URL_BASE}/${created.id}/test`)).status).toBe(403);
      expect(
        (await who.client.post(`${URL_BASE}/models/discover`, { providerId: created.id })).status,
      ).toBe(403);
    }
    expect(model.requests).toHaveLength(0);
  });

  it('another organisation’s provider is a 404 for every route', async () => {
    const created = await createProvider();
    const other = otherAdmin.client;
    expect((await other.get(`${URL_BASE}/${created.id}`)).status).toBe(404);
    expect(
      (await other.request('PATCH', `${URL_BASE}/${created.id}`, { name: 'Mine' })).status,
    ).toBe(404);
    expect((await other.request('DELETE', `${URL_BASE}/${created.id}`)).status).toBe(404);
    expect((await other.post(`${URL_BASE}/${created.id}/test`)).status).toBe(404);
    expect(
      (await other.post(`${URL_BASE}/models/discover`, { providerId: created.id })).status,
    ).toBe(404);
    const list = await other.get(URL_BASE);
    expect(list.json.items.some((p: { id: string }) => p.id === created.id)).toBe(false);
    expect(model.requests).toHaveLength(0);
  });
});
