/**
 * The authorisation matrix of organisation API keys (issue 17 §5), beside the session matrix
 * (authz-matrix.test.ts): every /api/v1 operation of the OpenAPI document with keys holding each
 * set of scopes gets what the route's declared `x-permission` says (its `apiKeyScopes`), revoked,
 * expired and unknown keys get 401 everywhere, and another organisation's key never sees data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiKeys } from './db/schema/index.ts';
import { type PermissionSpec } from './http/permission.ts';
import { apiOperations, type ApiOperation } from './test/api-operations.ts';
import { signedInUser, startTestServer, type TestClient, type TestServer } from './test/harness.ts';

const PREFIX = '/api/v1';
const DUMMY_ID = '00000000-0000-4000-8000-000000000000';

type Outcome = 'allowed' | 'unauthenticated' | 'forbidden';

let server: TestServer;
let orgA: string;
let orgB: string;
/** Organisation admins of A and B, who make the keys. */
let adminOfA: TestClient;
let adminOfB: TestClient;
let operations: ApiOperation[];

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signedInUser(server);
  orgA = (await admin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  const otherAdmin = await signedInUser(server);
  orgB = (await otherAdmin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  adminOfA = admin.client;
  adminOfB = otherAdmin.client;
  operations = await apiOperations(server.client());
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** The outcome class of a response: the dummy input may still be refused (400, 404, 409, …). */
function actualOutcome(status: number): Outcome | 'error' {
  if (status >= 500) return 'error';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  return 'allowed';
}

/** What an API key holding `scopes` gets on a route (it sends no organisation: the key has one). */
function expectedForKey(permission: PermissionSpec, scopes: readonly string[]): Outcome {
  if (permission.kind === 'public') return 'allowed';
  if (permission.kind !== 'ability' || !permission.apiKeyScopes) return 'unauthenticated';
  return permission.apiKeyScopes.some((scope) => scopes.includes(scope)) ? 'allowed' : 'forbidden';
}

describe('authorisation matrix of API keys', () => {
  const org = (id: string) => ({ 'x-organization-id': id });
  const newKey = async (client: TestClient, orgId: string, name: string, scopes: string[]) => {
    const res = await client.post('/api/v1/api-keys', { name, scopes }, org(orgId));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as { id: string; secret: string };
  };
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

  it('gives every key the outcome its scopes and the route’s declaration say; bad keys get 401', async () => {
    const keys = [
      { name: 'both', scopes: ['agents:run', 'agents:read'] },
      { name: 'run', scopes: ['agents:run'] },
      { name: 'read', scopes: ['agents:read'] },
    ];
    const made = await Promise.all(
      keys.map(async (k) => ({
        ...k,
        ...(await newKey(adminOfA, orgA, `matrix ${k.name}`, k.scopes)),
      })),
    );
    const revoked = await newKey(adminOfA, orgA, 'matrix revoked', ['agents:run', 'agents:read']);
    await adminOfA.post(`/api/v1/api-keys/${revoked.id}/revoke`, {}, org(orgA));
    const expired = await newKey(adminOfA, orgA, 'matrix expired', ['agents:run', 'agents:read']);
    await server.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expired.id));
    const bad = [revoked.secret, expired.secret, 'mk_unknown'];

    const client = server.client();
    const mismatches: string[] = [];
    const tally: Partial<Record<Outcome, number>> = {};
    for (const op of operations) {
      if (!op.permission) continue;
      const url = PREFIX + op.path.replace(/\{[^}]+\}/g, DUMMY_ID);
      const body = op.jsonBody ? {} : undefined;
      for (const key of made) {
        const res = await client.request(op.method, url, body, bearer(key.secret));
        const expected = expectedForKey(op.permission, key.scopes);
        tally[expected] = (tally[expected] ?? 0) + 1;
        if (actualOutcome(res.status) !== expected) {
          mismatches.push(
            `${op.method} ${url} with key ${key.name}: expected ${expected}, got ${res.status}`,
          );
        }
      }
      for (const secret of bad) {
        const res = await client.request(op.method, url, body, bearer(secret));
        if (res.status !== 401)
          mismatches.push(`${op.method} ${url} with a bad key: ${res.status}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Each outcome occurs, so the matrix is not trivially "allowed" everywhere.
    for (const outcome of ['allowed', 'unauthenticated', 'forbidden'] as const) {
      expect(tally[outcome], outcome).toBeGreaterThan(0);
    }
  }, 240_000);

  it('never gives another organisation’s data to a key', async () => {
    const graph = {
      schemaVersion: 1,
      nodes: [
        { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } },
        { id: 'out', type: 'output', position: { x: 1, y: 0 }, data: { text: 'secret of A' } },
      ],
      edges: [{ id: 'a', source: 'start', target: 'out' }],
    };
    const agentId = (await adminOfA.post('/api/v1/agents', { name: 'Matrix A' }, org(orgA))).json
      .id;
    await adminOfA.request(
      'PUT',
      `/api/v1/agents/${agentId}/draft`,
      { graph },
      { ...org(orgA), 'If-Match': '1' },
    );
    expect((await adminOfA.post(`/api/v1/agents/${agentId}/publish`, {}, org(orgA))).status).toBe(
      201,
    );
    const run = await adminOfA.post(
      `/api/v1/agents/${agentId}/runs`,
      { input: { message: 'x' } },
      org(orgA),
    );
    expect(run.json.output).toBe('secret of A');

    const foreign = await newKey(adminOfB, orgB, 'matrix foreign', ['agents:run', 'agents:read']);
    const client = server.client();
    const tries = [
      ['POST', `/api/v1/agents/${agentId}/runs`, { input: { message: 'x' } }],
      ['GET', `/api/v1/agents/${agentId}/runs`, undefined],
      ['GET', `/api/v1/agents/${agentId}/runs/${run.json.id}`, undefined],
      ['GET', `/api/v1/agents/${agentId}/runs/${run.json.id}/events`, undefined],
      [
        'POST',
        '/api/v1/openai/chat/completions',
        { model: `agent:${agentId}`, messages: [{ role: 'user', content: 'x' }] },
      ],
    ] as const;
    for (const [method, url, body] of tries) {
      // Its organisation's header changes nothing: the key's organisation is B.
      const res = await client.request(method, url, body, {
        ...bearer(foreign.secret),
        ...org(orgA),
      });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.text).not.toContain('secret of A');
    }
    const models = await client.get('/api/v1/openai/models', bearer(foreign.secret));
    expect(models.status).toBe(200);
    expect(models.json.data).toEqual([]);
  });
});
