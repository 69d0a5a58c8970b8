/**
 * Bad input never breaks the API: every /api/v1 operation of the OpenAPI document, called by an
 * organisation's admin with malformed ids, bodies and query strings, answers a 4xx in the API's
 * error shape (`{ error: { code, message } }`), never a 5xx. Like the authorisation matrix, it
 * lists no route by hand: a route is covered as soon as it is mounted.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiOperations, type ApiOperation } from './test/api-operations.ts';
import { signedInUser, startTestServer, type TestClient, type TestServer } from './test/harness.ts';

const PREFIX = '/api/v1';

/**
 * Path parameters: a UUID that names nothing, one that is not a UUID, an over-long one, and an
 * agent's (the body then reaches the agent routes' own checks).
 */
const IDS = ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', 'x'.repeat(300)];
/** Bodies with their content type: each malformed in its own way. */
const BODIES: [label: string, body: string | undefined, type: string][] = [
  ['no body', undefined, 'application/json'],
  ['truncated JSON', '{"name":', 'application/json'],
  ['an array', '[1,2]', 'application/json'],
  ['null', 'null', 'application/json'],
  [
    'fields of the wrong types',
    JSON.stringify({ name: 5, graph: 'x', email: [], role: {}, revision: 'a', enabled: 'yes' }),
    'application/json',
  ],
  ['a huge string', JSON.stringify({ name: 'x'.repeat(100_000) }), 'application/json'],
  ['a prototype key', '{"__proto__":{"admin":true}}', 'application/json'],
  ['plain text', 'hello', 'text/plain'],
];
const QUERIES = [
  '',
  '?page=-1&pageSize=99999&sort=zzz&order=up&search=%00&status=1&status=2',
  '?page=abc&from=notadate&to=2020-13-45',
];

let server: TestServer;
let admin: TestClient;
let operations: ApiOperation[];

beforeAll(async () => {
  server = await startTestServer();
  const signed = await signedInUser(server);
  admin = signed.client;
  admin.orgId = (await admin.post('/api/functions/complete-user-setup')).json.organization.id;
  const agent = await admin.post(`${PREFIX}/agents`, { name: 'Malformed input' });
  expect(agent.status).toBe(201);
  IDS.push(agent.json.id);
  // An event stream that accepts the call stays open; its input is its id alone, which the
  // authorisation matrix already sends it.
  operations = (await apiOperations(admin))
    .filter((operation) => !operation.eventStream)
    // What may take the caller out of the organisation (deleting it, leaving it) comes last, so
    // that the other routes are called by a member with every permission.
    .sort((a, b) => Number(isDestructive(a)) - Number(isDestructive(b)));
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function isDestructive(operation: ApiOperation) {
  return operation.method === 'DELETE' || /leave|transfer/.test(operation.path);
}

async function call(operation: ApiOperation, id: string, body: string | undefined, type: string) {
  const url = PREFIX + operation.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
  const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  const queries = operation.method === 'GET' ? QUERIES : [''];
  const failures: string[] = [];
  for (const query of queries) {
    const res = await admin.request(operation.method, url + query, withBody ? body : undefined, {
      'content-type': type,
      'if-match': 'not-a-revision',
    });
    const what = `${operation.method} ${operation.path} (id ${id.slice(0, 12)}, ${query || 'no query'})`;
    if (res.status >= 500) failures.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
    else if (res.status >= 400) {
      const error = res.json?.error;
      if (typeof error?.code !== 'string' || typeof error?.message !== 'string') {
        failures.push(`${what}: ${res.status} not in the error shape: ${res.text.slice(0, 200)}`);
      }
    }
  }
  return failures;
}

it('answers every operation’s malformed ids, bodies and queries with a 4xx in the error shape', async () => {
  expect(operations.length).toBeGreaterThan(50);
  const failures: string[] = [];
  for (const operation of operations) {
    for (const id of operation.path.includes('{') ? IDS : [IDS[0]!]) {
      const bodies = operation.jsonBody ? BODIES : BODIES.slice(0, 1);
      for (const [label, body, type] of bodies) {
        const found = await call(operation, id, body, type);
        failures.push(...found.map((failure) => `${failure} [${label}]`));
      }
    }
  }
  expect(failures).toEqual([]);
}, 300_000);
