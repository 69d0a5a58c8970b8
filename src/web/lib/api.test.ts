import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ApiError, readApiAnswer } from './api';

/** What the server saw of the last request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let base: string;
let seen: Seen | undefined;

function reply(response: ServerResponse, status: number, body: string, headers = {}) {
  response.writeHead(status, headers);
  response.end(body);
}

function handle(request: IncomingMessage, response: ServerResponse, body: Buffer) {
  seen = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
  const json = { 'Content-Type': 'application/json' };
  switch (request.url?.replace(/\?.*$/, '')) {
    case '/api/v1/echo':
      return reply(response, 200, JSON.stringify({ ok: true }), json);
    case '/api/v1/empty':
      return reply(response, 204, '');
    case '/api/v1/export.csv':
      return reply(response, 200, 'name\nAda\n', {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="customers-2025-01-31.csv"',
        'X-Export-Truncated': 'true',
      });
    case '/api/v1/unnamed.csv':
      return reply(response, 200, 'a\n1\n', { 'Content-Type': 'text/csv' });
    case '/api/v1/taken':
      return reply(
        response,
        409,
        JSON.stringify({
          error: { code: 'PROJECT_NAME_TAKEN', message: 'Taken', fields: { name: ['Taken'] } },
        }),
        json,
      );
    case '/api/v1/busy':
      return reply(
        response,
        429,
        JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Slow down' } }),
        { ...json, 'Retry-After': '30' },
      );
    case '/api/v1/broken':
      return reply(response, 502, '<html>Bad gateway</html>', { 'Content-Type': 'text/html' });
    case '/api/v1/not-json':
      return reply(response, 200, 'hello', { 'Content-Type': 'text/plain' });
    case '/api/functions/check-super-admin':
      return reply(response, 200, JSON.stringify({ is_super_admin: true }), json);
    default:
      return reply(response, 404, '');
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const v1 = () => `${base}/api/v1`;

describe('api() JSON', () => {
  it('sends JSON and reads JSON, with the query string', async () => {
    const answer = await api<{ ok: boolean }>('/echo', {
      base: v1(),
      method: 'POST',
      body: { name: 'Ada' },
      query: { page: 2, search: 'a b', skip: undefined },
    });
    expect(answer).toEqual({ ok: true });
    expect(seen?.url).toBe('/api/v1/echo?page=2&search=a+b');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen?.body.toString() ?? '')).toEqual({ name: 'Ada' });
  });

  it('resolves to undefined on 204', async () => {
    expect(await api('/empty', { base: v1(), method: 'DELETE' })).toBeUndefined();
  });

  it('rejects with the API error, its fields and the wait of a 429', async () => {
    const taken = await api('/taken', { base: v1() }).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(ApiError);
    expect(taken).toMatchObject({
      status: 409,
      code: 'PROJECT_NAME_TAKEN',
      message: 'Taken',
      fields: { name: ['Taken'] },
    });
    const busy = await api('/busy', { base: v1() }).catch((error: unknown) => error);
    expect(busy).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 30 });
  });

  it('names an answer that is not the API error shape by its status', async () => {
    const broken = await api('/broken', { base: v1() }).catch((error: unknown) => error);
    expect(broken).toMatchObject({ status: 502, code: 'HTTP_502' });
    const notJson = await api('/not-json', { base: v1() }).catch((error: unknown) => error);
    expect(notJson).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
  });

  it('is a NETWORK_ERROR with status 0 when the server cannot be reached', async () => {
    const error = await api('/echo', { base: 'http://127.0.0.1:1/api/v1' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('calls another base, e.g. the server functions', async () => {
    const answer = await api<{ is_super_admin: boolean }>('/check-super-admin', {
      base: `${base}/api/functions`,
      method: 'POST',
    });
    expect(answer).toEqual({ is_super_admin: true });
    expect(seen?.method).toBe('POST');
    expect(seen?.headers['x-organization-id']).toBeUndefined();
  });
});

describe('readApiAnswer()', () => {
  it('reads the JSON of an answer to a request sent otherwise', async () => {
    const answer = new Response(JSON.stringify({ early: true }), { status: 200 });
    expect(await readApiAnswer(answer)).toEqual({ early: true });
  });

  it('gives its refusal as api() would', async () => {
    const refused = await readApiAnswer(await fetch(`${v1()}/taken`)).catch(
      (caught: unknown) => caught,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, code: 'PROJECT_NAME_TAKEN', message: 'Taken' });
  });
});

describe('api() upload', () => {
  it('sends a FormData body as multipart, with the browser’s boundary', async () => {
    const form = new FormData();
    form.append('file', new Blob(['id,name\n1,Ada\n'], { type: 'text/csv' }), 'people.csv');
    form.append('skipInvalidRows', 'true');
    const answer = await api<{ ok: boolean }>('/echo', { base: v1(), method: 'PUT', body: form });
    expect(answer).toEqual({ ok: true });
    expect(seen?.method).toBe('PUT');
    expect(seen?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const sent = seen?.body.toString() ?? '';
    expect(sent).toContain('filename="people.csv"');
    expect(sent).toContain('id,name\n1,Ada\n');
    expect(sent).toContain('name="skipInvalidRows"');
  });

  it('reads the API error of a refused upload', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    const error = await api('/taken', { base: v1(), method: 'PUT', body: form }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ status: 409, code: 'PROJECT_NAME_TAKEN' });
  });
});

describe('api() download', () => {
  it('gives the file, the name the server chose and the truncation flag', async () => {
    const file = await api('/export.csv', {
      base: v1(),
      query: { status: 'active' },
      download: 'customers.csv',
    });
    expect(await file.blob.text()).toBe('name\nAda\n');
    expect(file.filename).toBe('customers-2025-01-31.csv');
    expect(file.truncated).toBe(true);
    expect(seen?.url).toBe('/api/v1/export.csv?status=active');
  });

  it('falls back to the given name, and posts a JSON body when told', async () => {
    const file = await api('/unnamed.csv', {
      base: v1(),
      method: 'POST',
      body: { sql: 'select 1' },
      download: 'query.csv',
    });
    expect(file.filename).toBe('query.csv');
    expect(file.truncated).toBe(false);
    expect(JSON.parse(seen?.body.toString() ?? '')).toEqual({ sql: 'select 1' });
  });

  it('rejects with the API error when the export is refused', async () => {
    const error = await api('/busy', { base: v1(), download: 'x.csv' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 30 });
  });
});
