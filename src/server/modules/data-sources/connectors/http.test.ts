/** The HTTP API connector against a local node:http server started by the test. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpConfigSchema, type HttpConfig } from '../../../../shared/schemas/data-sources.ts';
import { DEFAULT_OUTBOUND_POLICY, type OutboundPolicy } from '../../../net/outbound.ts';
import { httpConnector, resolveUrl } from './http.ts';
import { ConnectorError } from './types.ts';
import { closedPort, silentServer } from './test-servers.ts';

const TOKEN = 'good-token';
let server: http.Server;
let base: string;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(req.headers);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', server: 'test-api/1.0' });
      res.end(JSON.stringify(body));
    };
    const authorised =
      req.headers.authorization === `Bearer ${TOKEN}` || req.headers['x-api-key'] === TOKEN;
    if (req.method !== 'GET') return json(405, { error: 'GET only' });
    if (url.pathname === '/open/fail') return json(500, { error: 'boom' });
    if (url.pathname === '/open/text') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('plain words');
    }
    if (url.pathname === '/open/redirect') {
      res.writeHead(302, { location: 'http://elsewhere.invalid/steal' });
      return res.end();
    }
    if (!url.pathname.startsWith('/api')) return json(404, { error: 'not here' });
    if (!authorised) return json(401, { error: 'unauthorised' });
    if (url.pathname === '/api') return json(200, { ok: true });
    if (url.pathname === '/api/customers') {
      const limit = Number(url.searchParams.get('limit') ?? 2);
      return json(200, {
        total: limit,
        data: Array.from({ length: limit }, (_, i) => ({
          id: i + 1,
          name: `Customer ${i + 1}`,
          ...(i === 0 ? { vip: true } : {}),
        })),
      });
    }
    if (url.pathname === '/api/echo') return json(200, { query: url.search });
    return json(404, { error: 'no such thing' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// The test API listens on 127.0.0.1; HTTP sources reach loopback only when the instance allows it.
const LOOPBACK_ALLOWED: OutboundPolicy = {
  ...DEFAULT_OUTBOUND_POLICY,
  http: ['public', 'loopback'],
};

const config = (overrides: Partial<HttpConfig> = {}): HttpConfig =>
  httpConfigSchema.parse({ baseUrl: `${base}/api`, authType: 'bearer', ...overrides });
const connector = (overrides: Partial<HttpConfig> = {}, secret: string | null = TOKEN) =>
  httpConnector({ config: config(overrides), secret, policy: LOOPBACK_ALLOWED });

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

describe('HTTP API connector', () => {
  it('tests the base address with bearer authentication and default headers', async () => {
    seen.length = 0;
    const ok = await connector({ headers: [{ name: 'X-Team', value: 'data' }] }).testConnection();
    expect(ok).toMatchObject({ ok: true, cause: null, serverVersion: 'test-api/1.0' });
    expect(ok.message).toBe('Connected: the API answered HTTP 200 OK.');
    expect(seen[0]).toMatchObject({ authorization: `Bearer ${TOKEN}`, 'x-team': 'data' });
  });

  it('sends a custom authentication header', async () => {
    seen.length = 0;
    const ok = await connector({ authType: 'header', authHeader: 'X-API-Key' }).testConnection();
    expect(ok.ok).toBe(true);
    expect(seen[0]?.['x-api-key']).toBe(TOKEN);
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('reports a refused token (401/403) as authentication failed', async () => {
    const bad = await connector({}, 'wrong').testConnection();
    expect(bad).toMatchObject({ ok: false, cause: 'AUTHENTICATION_FAILED' });
    expect(bad.message).toMatch(/the API answered HTTP 401 Unauthorized/);
    const none = await connector({ authType: 'none' }, null).testConnection();
    expect(none.cause).toBe('AUTHENTICATION_FAILED');
  });

  it('reports server errors of the test path', async () => {
    const result = await connector({ baseUrl: `${base}/open`, testPath: '/fail' }).testConnection();
    expect(result).toMatchObject({ ok: false, cause: 'HTTP_ERROR' });
    expect(result.message).toBe('The API answered HTTP 500 Internal Server Error.');
  });

  it('classifies refused, unknown host, TLS and time-out', async () => {
    const refused = await closedPort();
    const silent = await silentServer();
    try {
      const cases: [string, string][] = [
        [`http://127.0.0.1:${refused}`, 'CONNECTION_REFUSED'],
        ['http://nonexistent.invalid', 'NAME_NOT_FOUND'],
        [`https://127.0.0.1:${new URL(base).port}`, 'TLS'],
        [`http://127.0.0.1:${silent.port}`, 'TIMEOUT'],
      ];
      for (const [baseUrl, cause] of cases) {
        const result = await connector({ baseUrl }).testConnection({ connectTimeoutMs: 300 });
        expect(result, baseUrl).toMatchObject({ ok: false, cause });
      }
    } finally {
      await silent.close();
    }
  });

  it('runs GET requests and turns JSON into a grid', async () => {
    const result = await connector().runQuery(
      { path: '/customers', query: { limit: '3' } },
      { rowCap: 1000 },
    );
    expect(result.columns).toEqual([
      { name: 'id', type: 'number' },
      { name: 'name', type: 'text' },
      { name: 'vip', type: 'boolean' },
    ]);
    expect(result.rows).toEqual([
      [1, 'Customer 1', true],
      [2, 'Customer 2', null],
      [3, 'Customer 3', null],
    ]);
    expect(result.response).toMatchObject({
      status: 200,
      contentType: 'application/json',
      bodyTruncated: false,
    });
    expect(JSON.parse(result.response!.body).total).toBe(3);
  });

  it('caps the rows of a large answer', async () => {
    const result = await connector().runQuery(
      { path: '/customers', query: { limit: '1500' } },
      { rowCap: 1000 },
    );
    expect(result).toMatchObject({ rowCount: 1000, truncated: true });
  });

  it('shows non-JSON answers, error statuses and redirects without following them', async () => {
    const open = connector({ baseUrl: `${base}/open`, authType: 'none' }, null);
    const text = await open.runQuery({ path: '/text', query: {} }, { rowCap: 10 });
    expect(text).toMatchObject({ columns: [], rows: [], rowCount: 0 });
    expect(text.response).toMatchObject({ status: 200, body: 'plain words' });
    const redirect = await open.runQuery({ path: '/redirect', query: {} }, { rowCap: 10 });
    expect(redirect.response?.status).toBe(302);
    const missing = await connector().runQuery({ path: '/nothing', query: {} }, { rowCap: 10 });
    expect(missing.response?.status).toBe(404);
  });

  it('stays under the base address', async () => {
    expect(resolveUrl('https://api.test/v1', '/items?a=1', { b: '2 3' }).href).toBe(
      'https://api.test/v1/items?a=1&b=2+3',
    );
    expect(resolveUrl('https://api.test/v1/', '').href).toBe('https://api.test/v1');
    for (const path of ['/../admin', '/%2e%2e/admin', '/..']) {
      expect(() => resolveUrl('https://api.test/v1', path), path).toThrow(ConnectorError);
    }
    const error = await failure(
      connector().runQuery({ path: '/../open/text', query: {} }, { rowCap: 1 }),
    );
    expect(error.kind).toBe('query');
  });

  it('turns a failed connection of a query into a connection error', async () => {
    const error = await failure(
      connector({ baseUrl: `http://127.0.0.1:${await closedPort()}` }).runQuery(
        { path: '', query: {} },
        { rowCap: 1 },
      ),
    );
    expect(error).toMatchObject({ kind: 'connection', failure: 'CONNECTION_REFUSED' });
  });
});
