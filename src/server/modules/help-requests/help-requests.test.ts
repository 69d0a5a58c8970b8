import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { helpRequests } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAILS: 'root@example.test' });
});
afterAll(() => server?.close());

const stored = async () => (await server.db.select({ n: count() }).from(helpRequests))[0]!.n;

describe('POST /api/v1/help-requests', () => {
  it('stores the request with the session user, the project id from the url and a UTC time', async () => {
    const { client, userId } = await signedInUser(server);
    const res = await client.post('/api/v1/help-requests', {
      url: 'http://localhost:3000/projects/p-42/settings?tab=1',
      issue_description: '  The chart does not load on this page.  ',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      user_id: userId,
      url: 'http://localhost:3000/projects/p-42/settings?tab=1',
      project_id: 'p-42',
      issue_description: 'The chart does not load on this page.',
    });
    expect(res.json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const noProject = await client.post('/api/v1/help-requests', {
      url: 'http://localhost:3000/data-sources',
      issue_description: 'Where do I add a new data source?',
    });
    expect(noProject.json.project_id).toBeNull();
  });

  it('stores each of many requests sent at once as its own row, answered with it', async () => {
    const before = await stored();
    const senders = await Promise.all([signedInUser(server), signedInUser(server)]);
    const sent = Array.from({ length: 12 }, (_, i) => ({
      who: senders[i % 2]!,
      body: {
        url: `http://localhost:3000/projects/p-${i}`,
        issue_description: `Burst number ${i}`,
      },
    }));
    const answers = await Promise.all(
      sent.map(({ who, body }) => who.client.post('/api/v1/help-requests', body)),
    );
    answers.forEach((res, i) => {
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json).toMatchObject({
        user_id: sent[i]!.who.userId,
        project_id: `p-${i}`,
        issue_description: `Burst number ${i}`,
      });
    });
    expect(new Set(answers.map((res) => res.json.id)).size).toBe(12);
    expect(await stored()).toBe(before + 12);
  });

  it('answers 401 "User not authenticated" without a session and writes nothing', async () => {
    const before = await stored();
    const res = await server.client().post('/api/v1/help-requests', {
      url: 'http://localhost:3000/',
      issue_description: 'Please help me with this page.',
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
    });
    expect(await stored()).toBe(before);
  });

  it('validates the description with the spec messages and writes nothing', async () => {
    const { client } = await signedInUser(server);
    const before = await stored();
    const cases: [unknown, number, string][] = [
      [{ url: '/x' }, 400, 'This field is required'],
      [{ url: '/x', issue_description: '' }, 400, 'This field is required'],
      [{ url: '/x', issue_description: '   ' }, 400, 'This field is required'],
      [{ url: '/x', issue_description: 'too short' }, 400, 'Minimum 10 characters required'],
      [{ url: '/x', issue_description: 'x'.repeat(1001) }, 400, 'Maximum 1000 characters'],
      [{ url: '/x', issue_description: 12345678901 }, 400, 'Expected a string'],
      [{ url: 42, issue_description: 'A valid description' }, 400, ''],
      [
        { url: '/x', issue_description: 'A valid description', user_id: 'me' },
        400,
        'Unknown field: user_id',
      ],
      ['{"url": "/x", "issue_description": ', 400, 'Malformed JSON in request body'],
      [[1, 2], 400, ''],
    ];
    for (const [body, status, message] of cases) {
      const res = await client.post('/api/v1/help-requests', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json.error.code).toMatch(/VALIDATION_ERROR|BAD_REQUEST/);
      if (message) expect(res.json.error.message).toBe(message);
    }
    const huge = await client.post('/api/v1/help-requests', {
      url: '/x',
      issue_description: 'y'.repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    const plainText = await client.post('/api/v1/help-requests', 'just text', {
      'content-type': 'text/plain',
    });
    expect(plainText.status).toBe(415);
    expect(plainText.json.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(huge.json.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await stored()).toBe(before);
  });
});

describe('GET /api/v1/help-requests', () => {
  it('lists every request, paged, for super admins only', async () => {
    const { client } = await signedInUser(server);
    expect((await client.get('/api/v1/help-requests')).status).toBe(403);
    expect((await server.client().get('/api/v1/help-requests')).status).toBe(401);

    const root = await signedInUser(server, { email: 'root@example.test' });
    const page = await root.client.get('/api/v1/help-requests?page=1&pageSize=5');
    expect(page.status).toBe(200);
    expect(page.json.total).toBe(await stored());
    expect(page.json.pageSize).toBe(5);
    expect(page.json.items[0]).toMatchObject({ user: { email: expect.any(String) } });
    expect((await root.client.get('/api/v1/help-requests?pageSize=7')).status).toBe(400);
    expect((await root.client.get('/api/v1/help-requests?page=0')).status).toBe(400);
  });
});

describe('a broken database', () => {
  it('answers 503 TABLE_NOT_FOUND when the help_requests table is missing', async () => {
    const { client } = await signedInUser(server);
    await server.db.execute(sql`drop table help_requests`);
    const res = await client.post('/api/v1/help-requests', {
      url: '/x',
      issue_description: 'The table is gone, what now?',
    });
    expect(res.status).toBe(503);
    expect(res.json.error).toEqual({
      code: 'TABLE_NOT_FOUND',
      message: 'Database table not found. Please contact support.',
    });
  });
});
