import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../test/harness.ts';
import { TEXT_MESSAGES } from './text-input.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, { email: 'hygiene@a.test' });
  admin.client.orgId = (
    await admin.client.post('/api/functions/complete-user-setup')
  ).json.organization.id;
});
afterAll(() => server?.close());

/** The 400 every probe must now get: the API error shape naming the offending field. */
function expectRefused(
  res: { status: number; json: unknown },
  field: string,
  message: string = TEXT_MESSAGES.nul,
) {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json).toMatchObject({
    error: { code: 'VALIDATION_ERROR', fields: { [field]: [message] } },
  });
}

const fileForm = (content: BlobPart, name: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('file', new File([content], name, { type: 'text/csv' }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
};

describe('NUL and lone surrogates in JSON bodies and query parameters', () => {
  it('refuses a NUL in a string field of organisations and customers', async () => {
    expectRefused(await admin.client.post('/api/v1/organizations', { name: 'a\u0000b' }), 'name');
    expectRefused(await admin.client.post('/api/v1/customers', { name: 'a\u0000b' }), 'name');
  });

  it('names nested fields and keys by their dotted path', async () => {
    expectRefused(
      await admin.client.post('/api/v1/customers', { name: 'Ada', tags: ['ok', 'x\u0000'] }),
      'tags.1',
    );
    expectRefused(
      await admin.client.post('/api/v1/customers', { name: 'Ada', ['k\u0000']: 1 }),
      'k\uFFFD',
    );
  });

  it('refuses a lone surrogate sent to organisations and customers', async () => {
    const body = '{"name":"a\\ud800b"}';
    for (const url of ['/api/v1/organizations', '/api/v1/customers']) {
      expectRefused(await admin.client.request('POST', url, body), 'name', TEXT_MESSAGES.surrogate);
    }
    // A well-formed pair (an emoji written as escapes) is text.
    const emoji = await admin.client.request(
      'POST',
      '/api/v1/customers',
      '{"name":"a\\ud83d\\ude00"}',
    );
    expect(emoji.status).toBe(201);
    expect(emoji.json.name).toBe('a😀');
  });

  it('takes an escaped backslash before u0000 as the text it is', async () => {
    const res = await admin.client.request('POST', '/api/v1/customers', '{"name":"a\\\\u0000"}');
    expect(res.status).toBe(201);
    expect(res.json.name).toBe('a\\u0000');
  });

  it('refuses a NUL in search and query parameters', async () => {
    expectRefused(await admin.client.get('/api/v1/customers?search=%00'), 'search');
    expectRefused(await admin.client.get('/api/v1/search?q=a%00'), 'q');
  });

  it('keeps Better Auth from a 500 on the same input', async () => {
    expectRefused(await admin.client.post('/api/auth/update-user', { name: 'x\u0000y' }), 'name');
    expectRefused(
      await admin.client.request('POST', '/api/auth/update-user', '{"name":"x\\udc00"}'),
      'name',
      TEXT_MESSAGES.surrogate,
    );
    expectRefused(
      await admin.client.request('POST', '/api/auth/update-user', 'name=x%00y', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      'name',
    );
    const form = new FormData();
    form.append('name', 'x\u0000y');
    expectRefused(await admin.client.request('POST', '/api/auth/update-user', form), 'name');
    expectRefused(await admin.client.get('/api/auth/verify-email?token=%00'), 'token');
  });
});

describe('uploads are text before any parser reads them', () => {
  it('refuses a PNG and a CSV holding NUL in the customers import', async () => {
    // What a browser sends when someone picks a PNG renamed .csv: its bytes read as text.
    const png = new TextDecoder().decode(PNG);
    for (const url of ['/api/v1/customers/import/preview', '/api/v1/customers/import/commit']) {
      expectRefused(await admin.client.post(url, { csv: png, mapping: { name: 'name' } }), 'csv');
      expectRefused(
        await admin.client.post(url, { csv: 'name\nA\u0000da\n', mapping: { name: 'name' } }),
        'csv',
      );
    }
    // Other control characters mark a binary file too.
    expectRefused(
      await admin.client.post('/api/v1/customers/import/preview', { csv: 'name\nA\u0001da\n' }),
      'csv',
      TEXT_MESSAGES.binary,
    );
  });

  it('refuses a PNG named .csv and a CSV holding NUL as a file data source', async () => {
    const url = '/api/v1/data-sources/files';
    expectRefused(
      await admin.client.request('POST', url, fileForm(new Uint8Array(PNG), 'people.csv')),
      'file',
      TEXT_MESSAGES.binary,
    );
    expectRefused(
      await admin.client.request('POST', url, fileForm('name\nA\u0000da\n', 'people.csv')),
      'file',
      TEXT_MESSAGES.binary,
    );
    expectRefused(
      await admin.client.request(
        'POST',
        url,
        fileForm('name\nAda\n', 'people.csv', { name: 'p\u0000' }),
      ),
      'name',
    );
  });

  it('still takes UTF-8 and 8-bit text files', async () => {
    const url = '/api/v1/data-sources/files';
    const utf8 = await admin.client.request(
      'POST',
      url,
      fileForm('name\tcity\r\nAda\tZürich\r\n', 'people.tsv', { name: 'UTF-8 people' }),
    );
    expect(utf8.status, JSON.stringify(utf8.json)).toBe(200);
    const latin1 = await admin.client.request(
      'POST',
      url,
      fileForm(new Uint8Array(Buffer.from('name;city\nAda;Zürich\n', 'latin1')), 'people.csv', {
        name: 'Latin-1 people',
      }),
    );
    expect(latin1.status, JSON.stringify(latin1.json)).toBe(200);
  });
});
