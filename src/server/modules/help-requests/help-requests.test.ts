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

describe('GET /api/v1/help-requests/mine', () => {
  it("lists the caller's own requests only, newest first, with the team's answer", async () => {
    const author = await signedInUser(server);
    const other = await signedInUser(server);
    const sent: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await author.client.post('/api/v1/help-requests', {
        url: `http://localhost:3000/projects/p-${n}`,
        issue_description: `My own question number ${n}`,
      });
      expect(res.status).toBe(201);
      sent.push(res.json.id);
    }
    const foreign = await other.client.post('/api/v1/help-requests', {
      url: 'http://localhost:3000/customer',
      issue_description: 'Somebody else asks this',
    });
    expect(foreign.status).toBe(201);

    const root = await signedInUser(server, { email: 'root-mine@example.test' });
    await server.db.execute(sql`update users set super_admin = true where id = ${root.userId}`);
    const answer = await root.client.request('PATCH', `/api/v1/help-requests/${sent[0]}`, {
      status: 'resolved',
      note: 'Fixed on our side.',
    });
    expect(answer.status).toBe(200);

    const mine = await author.client.get('/api/v1/help-requests/mine');
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(mine.json.items.map((item: { id: string }) => item.id)).toEqual([...sent].reverse());
    expect(
      mine.json.items.every((item: { user_id: string }) => item.user_id === author.userId),
    ).toBe(true);
    expect(mine.json.items[2]).toMatchObject({
      id: sent[0],
      status: 'resolved',
      note: 'Fixed on our side.',
      url: 'http://localhost:3000/projects/p-1',
      project_link: '/projects/p-1',
      issue_description: 'My own question number 1',
      resolved_at: expect.stringMatching(/Z$/),
      created_at: expect.stringMatching(/Z$/),
    });
    expect(mine.json.items[0]).toMatchObject({ status: 'open', note: null, resolved_at: null });

    const theirs = await other.client.get('/api/v1/help-requests/mine');
    expect(theirs.json.total).toBe(1);
    expect(theirs.json.items.map((item: { id: string }) => item.id)).toEqual([foreign.json.id]);

    // A super admin's own list is theirs too, not everyone's.
    const rootMine = await root.client.get('/api/v1/help-requests/mine');
    expect(rootMine.json).toMatchObject({ total: 0, items: [] });
  });

  it('pages with page and pageSize, and refuses other sizes and unknown fields', async () => {
    const author = await signedInUser(server);
    for (let n = 0; n < 12; n++) {
      const res = await author.client.post('/api/v1/help-requests', {
        url: '/x',
        issue_description: `Paged question number ${n}`,
      });
      expect(res.status).toBe(201);
    }
    const first = await author.client.get('/api/v1/help-requests/mine?page=1&pageSize=10');
    expect(first.json).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.json.items).toHaveLength(10);
    expect(first.json.items[0].issue_description).toBe('Paged question number 11');
    const second = await author.client.get('/api/v1/help-requests/mine?page=2&pageSize=10');
    expect(second.json).toMatchObject({ total: 12, page: 2, pageSize: 10 });
    expect(
      second.json.items.map((item: { issue_description: string }) => item.issue_description),
    ).toEqual(['Paged question number 1', 'Paged question number 0']);
    const beyond = await author.client.get('/api/v1/help-requests/mine?page=5&pageSize=10');
    expect(beyond.json).toMatchObject({ total: 12, items: [] });
    expect((await author.client.get('/api/v1/help-requests/mine?pageSize=7')).status).toBe(400);
    expect((await author.client.get('/api/v1/help-requests/mine?page=0')).status).toBe(400);
    const unknown = await author.client.get('/api/v1/help-requests/mine?user_id=someone');
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe('VALIDATION_ERROR');
  });

  it('answers 401 without a session', async () => {
    const res = await server.client().get('/api/v1/help-requests/mine');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
    });
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
