import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { member, user } from '../../db/schema/index.ts';
import { describeDevice } from './users.service.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let root: Signed;
let admin: Signed;
let developer: Signed;
let plainMember: Signed;
let otherAdmin: Signed;
let orgA: string;
let orgB: string;
let bannedId: string;
let unverifiedId: string;

async function insertUser(values: Partial<typeof user.$inferInsert> & { email: string }) {
  const [row] = await server.db
    .insert(user)
    .values({ name: 'Inserted', ...values })
    .returning({ id: user.id });
  return row!.id;
}

async function join(orgId: string, userId: string, role: string) {
  await server.db.insert(member).values({ organizationId: orgId, userId, role });
}

beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAILS: 'root@example.test' });
  root = await signedInUser(server, { email: 'root@example.test', name: 'Root' });
  admin = await signedInUser(server, { email: 'alice@a.test', name: 'Alice Admin' });
  orgA = (await admin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  admin.client.orgId = orgA;
  developer = await signedInUser(server, { email: 'dave@a.test', name: 'Dave Developer' });
  await join(orgA, developer.userId, 'developer');
  developer.client.orgId = orgA;
  plainMember = await signedInUser(server, { email: 'mia@a.test', name: 'Mia Member' });
  await join(orgA, plainMember.userId, 'member');
  plainMember.client.orgId = orgA;
  await join(
    orgA,
    await insertUser({ email: 'uma@a.test', name: 'Uma User', emailVerified: true }),
    'user',
  );
  bannedId = await insertUser({
    email: 'bob@a.test',
    name: 'Bob Banned',
    emailVerified: true,
    bannedAt: new Date(),
    banReason: 'Spam',
  });
  await join(orgA, bannedId, 'member');
  unverifiedId = await insertUser({ email: 'nina@a.test', name: '=HYPERLINK("http://x")' });
  await join(orgA, unverifiedId, 'member');

  otherAdmin = await signedInUser(server, { email: 'olaf@b.test', name: 'Olaf Other' });
  orgB = (await otherAdmin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  otherAdmin.client.orgId = orgB;
  await join(
    orgB,
    await insertUser({ email: 'carl@b.test', name: 'Doe, "Carl"', emailVerified: true }),
    'developer',
  );
});
afterAll(() => server?.close());

const emails = (res: { json: { items: { email: string }[] } }) =>
  res.json.items.map((u) => u.email);

describe('GET /api/v1/users', () => {
  it('lists the selected organisation’s members with role and status', async () => {
    const res = await admin.client.get('/api/v1/users?pageSize=10');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 6, page: 1, pageSize: 10 });
    expect(res.json.items[0]).toMatchObject({
      email: 'nina@a.test',
      role: 'member',
      status: 'unverified',
    });
    expect(res.json.items.find((u: { id: string }) => u.id === bannedId)).toMatchObject({
      status: 'banned',
      role: 'member',
    });
    expect(emails(res)).not.toContain('olaf@b.test');
    // Any member may read the organisation's users.
    expect((await plainMember.client.get('/api/v1/users')).json.total).toBe(6);
  });

  it('filters by role, status and search; sorts; pages with the offered sizes', async () => {
    const get = async (q: string) => admin.client.get(`/api/v1/users?${q}`);
    expect(emails(await get('role=developer'))).toEqual(['dave@a.test']);
    expect(emails(await get('status=banned'))).toEqual(['bob@a.test']);
    expect(emails(await get('status=unverified'))).toEqual(['nina@a.test']);
    expect((await get('status=active')).json.total).toBe(4);
    expect(emails(await get('search=MIA'))).toEqual(['mia@a.test']);
    expect(emails(await get('search=b.test'))).toEqual([]);
    expect(emails(await get('sort=email&order=desc&pageSize=5'))).toEqual([
      'uma@a.test',
      'nina@a.test',
      'mia@a.test',
      'dave@a.test',
      'bob@a.test',
    ]);
    const second = await get('sort=email&order=desc&pageSize=5&page=2');
    expect(emails(second)).toEqual(['alice@a.test']);
    expect(second.json.total).toBe(6);
    expect(emails(await get('sort=role&pageSize=5')).slice(0, 2)).toEqual([
      'alice@a.test',
      'dave@a.test',
    ]);
    for (const bad of [
      'pageSize=15',
      'role=owner',
      'status=gone',
      'sort=password',
      'order=up',
      'x=1',
    ]) {
      const res = await get(bad);
      expect(res.status, bad).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('needs an organisation, hides other organisations (404), and keeps scope=all for super admins', async () => {
    const noOrg = await signedInUser(server);
    const missing = await noOrg.client.get('/api/v1/users');
    expect(missing.status).toBe(400);
    expect(missing.json.error.code).toBe('ORGANIZATION_REQUIRED');

    admin.client.orgId = orgB;
    try {
      expect((await admin.client.get('/api/v1/users')).status).toBe(404);
    } finally {
      admin.client.orgId = orgA;
    }
    expect((await admin.client.get('/api/v1/users?scope=all')).status).toBe(403);
    expect((await server.client().get('/api/v1/users')).status).toBe(401);

    const all = await root.client.get('/api/v1/users?scope=all&pageSize=100');
    expect(all.status).toBe(200);
    expect(emails(all)).toEqual(
      expect.arrayContaining(['olaf@b.test', 'alice@a.test', 'carl@b.test']),
    );
    expect(all.json.items.every((u: { role: unknown }) => u.role === null)).toBe(true);
    const developers = await root.client.get('/api/v1/users?scope=all&role=developer&sort=email');
    expect(emails(developers)).toEqual(['carl@b.test', 'dave@a.test']);
    // A super admin may also open any organisation's list.
    root.client.orgId = orgB;
    try {
      expect((await root.client.get('/api/v1/users')).json.total).toBe(2);
    } finally {
      root.client.orgId = undefined;
    }
  });
});

describe('GET /api/v1/users/export.csv', () => {
  it('exports the filtered list as RFC 4180 CSV, safe against formulas', async () => {
    const res = await admin.client.get('/api/v1/users/export.csv?sort=email');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="users-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('id,name,email,role,status,super_admin,two_factor,created_at');
    expect(lines).toHaveLength(8); // header, 6 users, trailing empty string
    expect(lines.at(-1)).toBe('');
    const nina = lines.find((l) => l.includes('nina@a.test'))!;
    expect(nina).toBe(
      `${unverifiedId},"'=HYPERLINK(""http://x"")",nina@a.test,member,unverified,false,false,${nina.split(',').at(-1)}`,
    );

    const filtered = await admin.client.get('/api/v1/users/export.csv?role=developer');
    expect(filtered.text.split('\r\n')).toHaveLength(3);
    const all = await root.client.get('/api/v1/users/export.csv?scope=all&search=carl');
    expect(all.text).toContain(',"Doe, ""Carl""",carl@b.test,,active,');
    expect((await admin.client.get('/api/v1/users/export.csv?scope=all')).status).toBe(403);
    expect((await admin.client.get('/api/v1/users/export.csv?page=2')).status).toBe(400);
    expect((await server.client().get('/api/v1/users/export.csv')).status).toBe(401);
  });
});

describe('GET /api/v1/users/{id}', () => {
  it('shows an organisation member with their sessions to the admin', async () => {
    const res = await admin.client.get(`/api/v1/users/${plainMember.userId}`);
    expect(res.status).toBe(200);
    expect(res.json.account).toMatchObject({
      id: plainMember.userId,
      name: 'Mia Member',
      email: 'mia@a.test',
      emailVerified: true,
      twoFactorEnabled: false,
      role: 'member',
      status: 'active',
      banReason: null,
      memberships: [{ organizationId: orgA, role: 'member' }],
    });
    expect(res.json.security.sessions).toHaveLength(1);
    expect(res.json.security.sessions[0]).toMatchObject({
      ipAddress: plainMember.client.ip,
      current: false,
      device: expect.any(String),
    });
  });

  it('shows sessions only to those who may update the user; the user sees their own', async () => {
    const byDeveloper = await developer.client.get(`/api/v1/users/${plainMember.userId}`);
    expect(byDeveloper.status).toBe(200);
    expect(byDeveloper.json.security).toBeNull();
    const byPeer = await plainMember.client.get(`/api/v1/users/${developer.userId}`);
    expect(byPeer.json.security).toBeNull();
    const own = await plainMember.client.get(`/api/v1/users/${plainMember.userId}`);
    expect(own.json.security.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it('answers 404 for users outside the organisation, and lets super admins open anyone', async () => {
    const foreign = await admin.client.get(`/api/v1/users/${otherAdmin.userId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe('NOT_FOUND');
    const unknown = await admin.client.get('/api/v1/users/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await admin.client.get('/api/v1/users/not-a-uuid')).status).toBe(400);
    admin.client.orgId = undefined;
    try {
      expect((await admin.client.get(`/api/v1/users/${plainMember.userId}`)).status).toBe(400);
    } finally {
      admin.client.orgId = orgA;
    }
    expect((await server.client().get(`/api/v1/users/${plainMember.userId}`)).status).toBe(401);

    const banned = await root.client.get(`/api/v1/users/${bannedId}`);
    expect(banned.status).toBe(200);
    expect(banned.json.account).toMatchObject({ status: 'banned', banReason: 'Spam', role: null });
    expect(banned.json.security).toEqual({ sessions: [] });
    const olaf = await root.client.get(`/api/v1/users/${otherAdmin.userId}`);
    expect(olaf.json.account.memberships).toEqual([
      expect.objectContaining({ organizationId: orgB, role: 'admin' }),
    ]);
    // The ban reason is for super admins only.
    expect((await admin.client.get(`/api/v1/users/${bannedId}`)).json.account.banReason).toBeNull();
  });
});

describe('describeDevice', () => {
  it('names common browsers and systems', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('Safari on macOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0'),
    ).toBe('Firefox on Linux');
    expect(describeDevice(null)).toBe('Unknown device');
    expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
