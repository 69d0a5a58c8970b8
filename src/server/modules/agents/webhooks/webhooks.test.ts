/**
 * Agents' webhooks over real HTTP (a listening server, `fetch` as curl would post): the token,
 * the body mappings, signatures, size and format errors, async replies, and the settings routes
 * for editors and readers. The server's log is captured from its start: no token in any line.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRuns, agentRunSteps, agents, auditLogs, member } from '../../../db/schema/index.ts';
import { signedInUser, startTestServer, type TestServer } from '../../../test/harness.ts';
import type { AgentGraph } from '../../../../shared/schemas/agent-graph.ts';
import { chatEcho, greeter, rawPost, sign } from './webhook-fixtures.ts';
import { WEBHOOK_BODY_MAX_BYTES } from '../../../../shared/schemas/webhooks.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let listener: ServerType;
let origin: string;
let admin: Signed;
let reader: Signed;
let other: Signed;
const lines: string[] = [];
/** Every token and secret the tests saw, to look for in logs and stored rows at the end. */
const secrets = new Set<string>();

async function agentWith(owner: Signed, graph: AgentGraph, publish = true) {
  const created = await owner.client.post('/api/v1/agents', { name: `Hook ${Math.random()}` });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const saved = await owner.client.request(
    'PUT',
    `/api/v1/agents/${id}/draft`,
    { graph },
    { 'If-Match': '1' },
  );
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  if (publish)
    expect((await owner.client.post(`/api/v1/agents/${id}/publish`, {})).status).toBe(201);
  return id;
}

/** Turns the webhook on; returns the path with its token. */
async function enable(owner: Signed, id: string) {
  const on = await owner.client.post(`/api/v1/agents/${id}/webhook`);
  expect(on.status, JSON.stringify(on.json)).toBe(200);
  const url = new URL(on.json.url as string);
  secrets.add(url.pathname.split('/').pop()!);
  return url.pathname;
}

/** A raw POST from outside, as curl sends it. */
function hook(path: string, body?: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${origin}${path}`, { method: 'POST', body, headers });
}

const JSON_TYPE = { 'content-type': 'application/json' };
/** A raw JSON POST. */
const postJson = (path: string, value: unknown, headers: Record<string, string> = {}) =>
  hook(path, JSON.stringify(value), { ...JSON_TYPE, ...headers });
beforeAll(async () => {
  server = await startTestServer({}, { log: { level: 'debug', write: (l) => void lines.push(l) } });
  admin = await signedInUser(server, { name: 'Hook Admin' });
  const orgId = (await admin.client.post('/api/functions/complete-user-setup')).json.organization
    .id;
  admin.client.orgId = orgId;
  reader = await signedInUser(server, { name: 'Rita Reader' });
  // A role the ability table does not know gives no more than everyone's rules: read only.
  await server.db
    .insert(member)
    .values({ organizationId: orgId, userId: reader.userId, role: 'viewer' });
  reader.client.orgId = orgId;
  other = await signedInUser(server, { name: 'Otto Other' });
  other.client.orgId = (
    await other.client.post('/api/functions/complete-user-setup')
  ).json.organization.id;
  const app = server.app;
  await new Promise<void>((resolve) => {
    listener = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  (listener as Server | undefined)?.closeAllConnections();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  await server?.close();
});

describe('webhook settings', () => {
  it('shows the URL with its token to editors only, and audits each change without it', async () => {
    const id = await agentWith(admin, greeter());
    const off = await admin.client.get(`/api/v1/agents/${id}/webhook`);
    expect(off.json).toMatchObject({
      enabled: false,
      url: null,
      hasSigningSecret: false,
      canManage: true,
    });

    const path = await enable(admin, id);
    expect(path).toMatch(new RegExp(`^/api/hooks/${id}/whk_[A-Za-z0-9_-]{43}$`));
    const token = path.split('/').pop()!;
    const again = await admin.client.post(`/api/v1/agents/${id}/webhook`);
    expect(again.json.url).toContain(token);

    const read = await reader.client.get(`/api/v1/agents/${id}/webhook`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ enabled: true, url: null, canManage: false });
    expect(read.json.maskedUrl).toBe(`http://localhost:3000/api/hooks/${id}/{token}`);
    expect(read.text).not.toContain(token);
    for (const [method, suffix] of [
      ['POST', ''],
      ['POST', '/regenerate'],
      ['DELETE', ''],
      ['POST', '/signing-secret'],
      ['DELETE', '/signing-secret'],
    ] as const) {
      const denied = await reader.client.request(method, `/api/v1/agents/${id}/webhook${suffix}`);
      expect(denied.status, `${method} ${suffix}`).toBe(403);
    }
    const anonymous = server.client();
    expect((await anonymous.get(`/api/v1/agents/${id}/webhook`)).status).toBe(401);
    expect((await anonymous.post(`/api/v1/agents/${id}/webhook/regenerate`)).status).toBe(401);
    // Another organisation's member does not see the agent at all.
    expect((await other.client.get(`/api/v1/agents/${id}/webhook`)).status).toBe(404);
    expect((await other.client.post(`/api/v1/agents/${id}/webhook/regenerate`)).status).toBe(404);

    const stored = await server.db.select().from(agents).where(eq(agents.id, id));
    expect(stored[0]!.webhookToken).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(token);
    const audits = await server.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
    expect(audits.map((a) => a.action)).toContain('agent.webhook_enable');
    expect(audits.filter((a) => a.action === 'agent.webhook_enable')).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(token);
  });

  it('regenerating invalidates the old URL; disabling closes it', async () => {
    const id = await agentWith(admin, greeter());
    const first = await enable(admin, id);
    expect((await postJson(first, { name: 'A' })).status).toBe(200);
    const regenerated = await admin.client.post(`/api/v1/agents/${id}/webhook/regenerate`);
    const second = new URL(regenerated.json.url as string).pathname;
    secrets.add(second.split('/').pop()!);
    expect(second).not.toBe(first);
    const old = await postJson(first, { name: 'A' });
    expect(old.status).toBe(404);
    expect((await postJson(second, { name: 'A' })).status).toBe(200);

    const off = await admin.client.request('DELETE', `/api/v1/agents/${id}/webhook`);
    expect(off.json).toMatchObject({ enabled: false, url: null });
    expect((await postJson(second, { name: 'A' })).status).toBe(404);
    const actions = (
      await server.db.select().from(auditLogs).where(eq(auditLogs.targetId, id))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['agent.webhook_regenerate', 'agent.webhook_disable']),
    );
  });
});

describe('POST /api/hooks/{agentId}/{token}', () => {
  let id: string;
  let path: string;
  beforeAll(async () => {
    id = await agentWith(admin, greeter());
    path = await enable(admin, id);
  });

  it('runs the published version on a JSON body and replies with the output mapping', async () => {
    const res = await postJson(path, { name: 'Ada', n: 4 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ greeting: 'Hello Ada', double: 8 });
    const runId = res.headers.get('x-meridian-run-id')!;
    const run = await admin.client.get(`/api/v1/agents/${id}/runs/${runId}`);
    expect(run.json).toMatchObject({ trigger: 'webhook', status: 'succeeded', caller: null });
  });

  it('maps urlencoded and multipart form fields and text bodies to inputs', async () => {
    const form = await hook(path, new URLSearchParams({ name: 'Grace', n: '5' }));
    expect(form.status).toBe(200);
    expect(await form.json()).toEqual({ greeting: 'Hello Grace', double: 10 });

    const multipart = new FormData();
    multipart.set('name', 'Linus');
    multipart.set('n', '1');
    const parts = await hook(path, multipart);
    expect(parts.status).toBe(200);
    expect(await parts.json()).toEqual({ greeting: 'Hello Linus', double: 2 });

    const text = await hook(path, 'Barbara', { 'content-type': 'text/plain; charset=utf-8' });
    expect(text.status).toBe(200);
    expect((await text.json()).greeting).toBe('Hello Barbara');

    const chat = await agentWith(admin, chatEcho());
    const chatPath = await enable(admin, chat);
    const said = await hook(chatPath, 'ping', { 'content-type': 'text/plain' });
    expect(said.status).toBe(200);
    expect(said.headers.get('content-type')).toContain('text/plain');
    expect(await said.text()).toBe('You said ping');
  });

  it('refuses malformed, oversized, unsupported and file bodies with 4xx in the error shape', async () => {
    const malformed = await hook(path, '{"name": ', JSON_TYPE);
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('BAD_REQUEST');

    const big = JSON.stringify({ name: 'x'.repeat(WEBHOOK_BODY_MAX_BYTES) });
    const tooLarge = await rawPost(`${origin}${path}`, big, false);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    // Without a length up front (chunked), the cap holds while reading.
    expect((await rawPost(`${origin}${path}`, big, true)).status).toBe(413);

    const xml = await hook(path, '<a/>', { 'content-type': 'application/xml' });
    expect(xml.status).toBe(415);
    const withFile = new FormData();
    withFile.set('name', 'Ada');
    withFile.set('upload', new Blob(['data']), 'data.bin');
    expect((await hook(path, withFile)).status).toBe(415);

    const deep = await hook(path, '['.repeat(100_000) + ']'.repeat(100_000), JSON_TYPE);
    expect(deep.status).toBe(400);
    expect((await deep.json()).error.message).toContain('nests deeper');
    const nul = await postJson(path, { name: 'a\u0000b' });
    expect(nul.status).toBe(400);
    const notUtf8 = await hook(path, new Uint8Array([0xff, 0xfe, 0x41]), {
      'content-type': 'text/plain',
    });
    expect(notUtf8.status).toBe(400);
  });

  it('refuses an input the start step refuses with 400 before any run, and a failed run with 422', async () => {
    const before = (await server.db.select().from(agentRuns).where(eq(agentRuns.agentId, id)))
      .length;
    const res = await postJson(path, { n: 2 });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { input: [expect.any(String)] },
    });
    expect(body.error.message).toContain('Input "name" is required');
    expect((await postJson(path, { name: 'A', n: 'many' })).status).toBe(400);
    expect(res.headers.get('x-meridian-run-id')).toBeNull();
    const after = (await server.db.select().from(agentRuns).where(eq(agentRuns.agentId, id)))
      .length;
    expect(after).toBe(before);

    const failing = await agentWith(admin, greeter('$error("internal detail")'));
    const failed = await postJson(await enable(admin, failing), { name: 'A' });
    expect(failed.status).toBe(422);
    const error = (await failed.json()).error;
    expect(error.code).toBe('WEBHOOK_RUN_FAILED');
    expect(error.message).not.toContain('internal detail');
    const runId = failed.headers.get('x-meridian-run-id')!;
    const run = await admin.client.get(`/api/v1/agents/${failing}/runs/${runId}`);
    expect(run.json).toMatchObject({ status: 'failed', trigger: 'webhook' });
    expect(run.json.error).toContain('internal detail');
  });

  it('is the same 404 for a wrong token, an unknown agent, another agent’s token and no id', async () => {
    const token = path.split('/').pop()!;
    const otherAgent = await agentWith(other, greeter());
    const otherPath = await enable(other, otherAgent);
    const otherToken = otherPath.split('/').pop()!;
    const cases = [
      `/api/hooks/${id}/${token.slice(0, -1)}x`,
      `/api/hooks/${id}/short`,
      `/api/hooks/00000000-0000-4000-8000-000000000000/${token}`,
      `/api/hooks/not-a-uuid/${token}`,
      `/api/hooks/${id}/${otherToken}`,
      `/api/hooks/${otherAgent}/${token}`,
    ];
    const bodies = new Set<string>();
    for (const wrong of cases) {
      const res = await postJson(wrong, { name: 'X' });
      expect(res.status, wrong).toBe(404);
      bodies.add(await res.text());
    }
    expect(bodies.size).toBe(1);
    // The other organisation's agent does answer to its own token.
    expect((await postJson(otherPath, { name: 'B' })).status).toBe(200);
  });

  it('is in the OpenAPI document, served under /api', async () => {
    const doc = await server.client().get('/api/v1/openapi.json');
    const operation = doc.json.paths['/hooks/{agentId}/{token}'].post;
    expect(operation.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    expect(Object.keys(operation.requestBody.content)).toContain('text/plain');
  });

  it('is not refused as cross-site: a server posts with any origin', async () => {
    const res = await hook(path, JSON.stringify({ name: 'Eve' }), {
      'content-type': 'application/json',
      origin: 'https://elsewhere.example',
      'sec-fetch-site': 'cross-site',
      cookie: 'foo=bar',
    });
    expect(res.status).toBe(200);
  });

  it('answers 202 with the run id with ?async=true, and the run then succeeds', async () => {
    const res = await postJson(`${path}?async=true`, { name: 'Later', n: 1 });
    expect(res.status).toBe(202);
    const { id: runId, status } = await res.json();
    expect(status).toBe('running');
    let run = await admin.client.get(`/api/v1/agents/${id}/runs/${runId}`);
    for (let i = 0; i < 100 && run.json?.status !== 'succeeded'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      run = await admin.client.get(`/api/v1/agents/${id}/runs/${runId}`);
    }
    expect(run.json).toMatchObject({
      status: 'succeeded',
      trigger: 'webhook',
      output: { greeting: 'Hello Later', double: 2 },
    });
  });

  it('says plainly that an unpublished agent cannot run', async () => {
    const draftOnly = await agentWith(admin, greeter(), false);
    const draftPath = await enable(admin, draftOnly);
    const res = await postJson(draftPath, { name: 'A' });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error.code).toBe('AGENT_NOT_PUBLISHED');
    expect(body.error.message).toContain('publish it');
  });
});

describe('signed webhooks', () => {
  it('checks X-Meridian-Signature when a signing secret is set, and not once it is cleared', async () => {
    const id = await agentWith(admin, greeter());
    const path = await enable(admin, id);
    const set = await admin.client.post(`/api/v1/agents/${id}/webhook/signing-secret`);
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    const secret = set.json.secret as string;
    secrets.add(secret);
    expect(secret).toMatch(/^whsec_/);
    expect(set.json.settings.hasSigningSecret).toBe(true);
    const shown = await admin.client.get(`/api/v1/agents/${id}/webhook`);
    expect(shown.json.hasSigningSecret).toBe(true);
    expect(shown.text).not.toContain(secret);

    const body = JSON.stringify({ name: 'Signed' });
    const headers = JSON_TYPE;
    const good = await hook(path, body, { ...headers, 'x-meridian-signature': sign(secret, body) });
    expect(good.status).toBe(200);
    expect((await good.json()).greeting).toBe('Hello Signed');

    for (const signature of [
      undefined,
      sign('another-secret-entirely', body),
      sign(secret, `${body} `),
      'sha256=zz',
      sign(secret, body).replace('sha256=', 'sha1='),
    ]) {
      const res = await hook(
        path,
        body,
        signature ? { ...headers, 'x-meridian-signature': signature } : headers,
      );
      expect(res.status, String(signature)).toBe(401);
      expect((await res.json()).error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }

    const chosen = 'a-secret-we-typed-ourselves';
    const typed = await admin.client.post(`/api/v1/agents/${id}/webhook/signing-secret`, {
      secret: chosen,
    });
    expect(typed.json.secret).toBe(chosen);
    secrets.add(chosen);
    const form = 'name=Form';
    const signedForm = await hook(path, form, {
      'content-type': 'application/x-www-form-urlencoded',
      'x-meridian-signature': sign(chosen, form),
    });
    expect(signedForm.status).toBe(200);
    const short = await admin.client.post(`/api/v1/agents/${id}/webhook/signing-secret`, {
      secret: 'short',
    });
    expect(short.status).toBe(400);

    const cleared = await admin.client.request(
      'DELETE',
      `/api/v1/agents/${id}/webhook/signing-secret`,
    );
    expect(cleared.json.hasSigningSecret).toBe(false);
    expect((await hook(path, body, headers)).status).toBe(200);
    const actions = (
      await server.db.select().from(auditLogs).where(eq(auditLogs.targetId, id))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['agent.webhook_secret_set', 'agent.webhook_secret_clear']),
    );
  });
});

describe('what the server keeps', () => {
  it('has no token or signing secret in any log line, run, step or audit entry', async () => {
    expect(secrets.size).toBeGreaterThan(5);
    // The log has the hooks' request lines, so the check below is not vacuous.
    const hookLines = lines.filter((line) => line.includes('/api/hooks/'));
    expect(hookLines.length).toBeGreaterThan(10);
    const stored = JSON.stringify([
      ...(await server.db.select().from(agentRuns)),
      ...(await server.db.select().from(agentRunSteps)),
      ...(await server.db.select().from(auditLogs)),
    ]);
    expect(stored).toContain('Hello');
    const log = lines.join('');
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
  });
});
