import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLogs, member, session, user } from '../../db/schema/index.ts';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let root: Signed;
let orgAdmin: Signed;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAILS: 'root@example.test' });
  root = await signedInUser(server, { email: 'root@example.test', name: 'Root' });
  orgAdmin = await signedInUser(server, { name: 'Olga Admin' });
  orgId = (await orgAdmin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  orgAdmin.client.orgId = orgId;
});
afterAll(() => server?.close());

const auditsOf = (action: string, targetId?: string) =>
  server.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.action, action))
    .then((rows) => rows.filter((r) => !targetId || r.targetId === targetId));
const sessionsOf = async (userId: string) =>
  (await server.db.select({ n: count() }).from(session).where(eq(session.userId, userId)))[0]!.n;

describe('GET /api/v1/admin/users', () => {
  it('lists users with memberships; searches and filters by flag and ban', async () => {
    const all = await root.client.get('/api/v1/admin/users?pageSize=100');
    expect(all.status).toBe(200);
    expect(all.json.total).toBeGreaterThanOrEqual(2);
    const olga = all.json.items.find((u: { id: string }) => u.id === orgAdmin.userId);
    expect(olga).toMatchObject({
      email: orgAdmin.email,
      superAdmin: false,
      status: 'active',
      bannedAt: null,
      memberships: [{ organizationId: orgId, role: 'admin', name: "Olga Admin's organization" }],
    });

    const supers = await root.client.get('/api/v1/admin/users?superAdmin=true');
    expect(supers.json.items.map((u: { email: string }) => u.email)).toEqual(['root@example.test']);
    const search = await root.client.get(
      `/api/v1/admin/users?search=${orgAdmin.email.slice(0, 9)}`,
    );
    expect(search.json.items.map((u: { id: string }) => u.id)).toEqual([orgAdmin.userId]);
    const byName = await root.client.get('/api/v1/admin/users?search=olga');
    expect(byName.json.total).toBe(1);
    expect((await root.client.get('/api/v1/admin/users?search=%25')).json.total).toBe(0);
    const banned = await root.client.get('/api/v1/admin/users?banned=true');
    expect(banned.json).toMatchObject({ total: 0, items: [] });

    for (const bad of ['superAdmin=maybe', 'banned=1', 'pageSize=7', 'page=0', 'other=1']) {
      const res = await root.client.get(`/api/v1/admin/users?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('super-admin flag', () => {
  it('grants and revokes, audited, and takes effect at once', async () => {
    const other = await signedInUser(server);
    expect((await other.client.get('/api/v1/admin/users')).status).toBe(403);

    const granted = await root.client.post(`/api/v1/admin/users/${other.userId}/super-admin`);
    expect(granted.status).toBe(200);
    expect(granted.json.superAdmin).toBe(true);
    expect((await other.client.get('/api/v1/admin/users')).status).toBe(200);
    expect(await auditsOf('user.super_admin.grant', other.userId)).toEqual([
      expect.objectContaining({
        organizationId: null,
        actorId: root.userId,
        targetType: 'user',
        before: { superAdmin: false },
        after: { superAdmin: true },
      }),
    ]);

    const revoked = await root.client.request(
      'DELETE',
      `/api/v1/admin/users/${other.userId}/super-admin`,
    );
    expect(revoked.json.superAdmin).toBe(false);
    expect((await other.client.get('/api/v1/admin/users')).status).toBe(403);
    expect(await auditsOf('user.super_admin.revoke', other.userId)).toHaveLength(1);
  });

  it('never takes the flag from the last super admin (409), and writes nothing', async () => {
    const res = await root.client.request(
      'DELETE',
      `/api/v1/admin/users/${root.userId}/super-admin`,
    );
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({
      code: 'LAST_SUPER_ADMIN',
      message: ADMIN_MESSAGES.lastSuperAdmin,
    });
    const [row] = await server.db
      .select({ superAdmin: user.superAdmin })
      .from(user)
      .where(eq(user.id, root.userId));
    expect(row!.superAdmin).toBe(true);
    expect(await auditsOf('user.super_admin.revoke', root.userId)).toHaveLength(0);
  });

  it('counts only super admins who can sign in: a suspended one does not', async () => {
    const second = await signedInUser(server);
    await root.client.post(`/api/v1/admin/users/${second.userId}/super-admin`);
    await root.client.post(`/api/v1/admin/users/${second.userId}/ban`, { reason: 'Left' });
    const res = await root.client.request(
      'DELETE',
      `/api/v1/admin/users/${root.userId}/super-admin`,
    );
    expect(res.status).toBe(409);
    await root.client.request('DELETE', `/api/v1/admin/users/${second.userId}/ban`);
    const ok = await root.client.request(
      'DELETE',
      `/api/v1/admin/users/${second.userId}/super-admin`,
    );
    expect(ok.json.superAdmin).toBe(false);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await root.client.post(`/api/v1/admin/users/${missing}/super-admin`)).status).toBe(404);
    expect((await root.client.post('/api/v1/admin/users/nope/super-admin')).status).toBe(400);
  });
});

describe('bans and sessions', () => {
  it('bans with a reason: ends every session, refuses sign-in, audited; unban restores', async () => {
    const target = await signedInUser(server);
    await server.client().post('/api/auth/sign-in/email', {
      email: target.email,
      password: target.password,
    });
    expect(await sessionsOf(target.userId)).toBe(2);

    const banned = await root.client.post(`/api/v1/admin/users/${target.userId}/ban`, {
      reason: '  Spam  ',
    });
    expect(banned.status).toBe(200);
    expect(banned.json).toMatchObject({ status: 'banned', banReason: 'Spam' });
    expect(banned.json.bannedAt).toMatch(/Z$/);
    expect(await sessionsOf(target.userId)).toBe(0);
    expect((await target.client.get('/api/v1/me')).status).toBe(401);
    const signIn = await server.client().post('/api/auth/sign-in/email', {
      email: target.email,
      password: target.password,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.json.message).toBe('This account is suspended.');
    expect(await auditsOf('user.ban', target.userId)).toEqual([
      expect.objectContaining({
        actorEmail: 'root@example.test',
        before: { bannedAt: null, banReason: null },
        after: expect.objectContaining({ banReason: 'Spam', sessionsEnded: 2 }),
      }),
    ]);
    const listed = await root.client.get('/api/v1/admin/users?banned=true');
    expect(listed.json.items.map((u: { id: string }) => u.id)).toEqual([target.userId]);

    const unbanned = await root.client.request(
      'DELETE',
      `/api/v1/admin/users/${target.userId}/ban`,
    );
    expect(unbanned.json).toMatchObject({ status: 'active', bannedAt: null, banReason: null });
    expect(await auditsOf('user.unban', target.userId)).toHaveLength(1);
    const back = await server.client().post('/api/auth/sign-in/email', {
      email: target.email,
      password: target.password,
    });
    expect(back.status).toBe(200);
    // Unbanning someone who is not banned changes nothing and records nothing.
    await root.client.request('DELETE', `/api/v1/admin/users/${target.userId}/ban`);
    expect(await auditsOf('user.unban', target.userId)).toHaveLength(1);
  });

  it('requires a reason, refuses to ban oneself, and writes nothing then', async () => {
    const target = await signedInUser(server);
    for (const body of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'ok', x: 1 },
    ]) {
      const res = await root.client.post(`/api/v1/admin/users/${target.userId}/ban`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const noReason = await root.client.post(`/api/v1/admin/users/${target.userId}/ban`, {});
    expect(noReason.json.error.message).toBe(ADMIN_MESSAGES.banReason);
    const self = await root.client.post(`/api/v1/admin/users/${root.userId}/ban`, {
      reason: 'oops',
    });
    expect(self.status).toBe(409);
    expect(self.json.error.message).toBe(ADMIN_MESSAGES.banSelf);
    expect(await auditsOf('user.ban', target.userId)).toHaveLength(0);
    expect(await auditsOf('user.ban', root.userId)).toHaveLength(0);
    expect((await target.client.get('/api/v1/me')).status).toBe(200);
    expect((await root.client.get('/api/v1/me')).status).toBe(200);
  });

  it('ends all of a user’s sessions, audited', async () => {
    const target = await signedInUser(server);
    const res = await root.client.request(
      'DELETE',
      `/api/v1/admin/users/${target.userId}/sessions`,
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ revoked: 1 });
    expect((await target.client.get('/api/v1/me')).status).toBe(401);
    expect(await auditsOf('user.sessions.revoke', target.userId)).toEqual([
      expect.objectContaining({ after: { sessionsEnded: 1 } }),
    ]);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await root.client.request('DELETE', `/api/v1/admin/users/${missing}/sessions`)).status,
    ).toBe(404);
  });
});

describe('GET /api/v1/admin/organizations', () => {
  it('lists organisations with member counts, searchable', async () => {
    const extra = await signedInUser(server);
    await server.db
      .insert(member)
      .values({ organizationId: orgId, userId: extra.userId, role: 'member' });
    const res = await root.client.get('/api/v1/admin/organizations?pageSize=100');
    expect(res.status).toBe(200);
    expect(res.json.items.find((o: { id: string }) => o.id === orgId)).toMatchObject({
      name: "Olga Admin's organization",
      memberCount: 2,
    });
    const search = await root.client.get('/api/v1/admin/organizations?search=olga');
    expect(search.json.total).toBe(1);
    expect((await root.client.get('/api/v1/admin/organizations?search=zzz')).json.total).toBe(0);
    expect((await root.client.get('/api/v1/admin/organizations?pageSize=3')).status).toBe(400);
  });
});

describe('help requests (console)', () => {
  it('filters by status, links the project, shows the user; a super admin resolves with a note', async () => {
    const author = await signedInUser(server, { name: 'Asker' });
    const withProject = await author.client.post('/api/v1/help-requests', {
      url: 'http://localhost:3000/projects/p-7/runs',
      issue_description: 'The run list is empty today.',
    });
    await author.client.post('/api/v1/help-requests', {
      url: 'http://localhost:3000/',
      issue_description: 'Where is the dashboard gone?',
    });

    const open = await root.client.get('/api/v1/help-requests?status=open&pageSize=100');
    expect(open.status).toBe(200);
    const item = open.json.items.find((r: { id: string }) => r.id === withProject.json.id);
    expect(item).toMatchObject({
      status: 'open',
      note: null,
      project_id: 'p-7',
      project_link: '/projects/p-7',
      user: { id: author.userId, email: author.email, name: 'Asker' },
    });

    const id = withProject.json.id;
    const resolved = await root.client.request('PATCH', `/api/v1/help-requests/${id}`, {
      status: 'resolved',
      note: ' Fixed in the runner. ',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.json).toMatchObject({
      status: 'resolved',
      note: 'Fixed in the runner.',
      resolved_by: root.userId,
    });
    expect(resolved.json.resolved_at).toMatch(/Z$/);
    const onlyResolved = await root.client.get('/api/v1/help-requests?status=resolved');
    expect(onlyResolved.json.items.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(await auditsOf('help_request.update', id)).toEqual([
      expect.objectContaining({
        organizationId: null,
        targetType: 'help_request',
        before: expect.objectContaining({ status: 'open', note: null }),
        after: expect.objectContaining({ status: 'resolved', note: 'Fixed in the runner.' }),
      }),
    ]);

    const reopened = await root.client.request('PATCH', `/api/v1/help-requests/${id}`, {
      status: 'open',
    });
    expect(reopened.json).toMatchObject({ status: 'open', resolved_at: null, resolved_by: null });
    expect(reopened.json.note).toBe('Fixed in the runner.');

    const before = (await auditsOf('help_request.update', id)).length;
    for (const body of [{}, { status: 'closed' }, { note: 5 }, { status: 'open', x: 1 }]) {
      const res = await root.client.request('PATCH', `/api/v1/help-requests/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await root.client.get('/api/v1/help-requests?status=closed')).status).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await root.client.request('PATCH', `/api/v1/help-requests/${missing}`, { status: 'open' }))
        .status,
    ).toBe(404);
    const denied = await author.client.request('PATCH', `/api/v1/help-requests/${id}`, {
      status: 'resolved',
    });
    expect(denied.status).toBe(403);
    expect(
      (await server.client().request('PATCH', `/api/v1/help-requests/${id}`, { status: 'open' }))
        .status,
    ).toBe(401);
    expect((await auditsOf('help_request.update', id)).length).toBe(before);
  });
});

describe('mail outbox', () => {
  it('lists stored messages newest first and reads one', async () => {
    const fresh = await signedInUser(server, { email: 'newest@example.test' });
    expect(fresh.userId).toBeTruthy();
    const list = await root.client.get('/api/v1/admin/mail?pageSize=5');
    expect(list.status).toBe(200);
    expect(list.json.total).toBeGreaterThan(5);
    expect(list.json.items).toHaveLength(5);
    const [newest] = list.json.items;
    expect(newest).toMatchObject({ to: 'newest@example.test', subject: expect.any(String) });
    expect(newest.date).toMatch(/Z$/);
    const dates = list.json.items.map((m: { date: string }) => Date.parse(m.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const one = await root.client.get(`/api/v1/admin/mail/${newest.id}`);
    expect(one.status).toBe(200);
    expect(one.json.text).toContain('/api/auth/verify-email');
  });

  it('accepts only message ids, never a path', async () => {
    for (const id of [
      '..%2F..%2Fapp-secret',
      '..%5Capp-secret',
      'x.eml',
      '%2Fetc%2Fpasswd',
      '1-abc',
    ]) {
      const res = await root.client.get(`/api/v1/admin/mail/${id}`);
      expect(res.status, id).toBe(400);
    }
    const traversal = await root.client.get('/api/v1/admin/mail/../../app-secret');
    expect(traversal.status).toBe(404);
    expect(traversal.text).not.toContain('test-secret');
    const unknown = await root.client.get(
      '/api/v1/admin/mail/1700000000000-00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
  });

  it('answers 404 when mail goes through SMTP', async () => {
    const mailer = server.deps.mailer;
    const dir = mailer.outboxDir;
    mailer.outboxDir = undefined;
    try {
      const res = await root.client.get('/api/v1/admin/mail');
      expect(res.status).toBe(404);
      expect(res.json.error.message).toBe(ADMIN_MESSAGES.outboxOff);
    } finally {
      mailer.outboxDir = dir;
    }
  });
});

describe('console access', () => {
  it('answers 401 to anonymous callers and 403 to organisation admins and users', async () => {
    const plain = await signedInUser(server);
    const id = plain.userId;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/users'],
      ['POST', `/api/v1/admin/users/${id}/super-admin`],
      ['DELETE', `/api/v1/admin/users/${id}/super-admin`],
      ['POST', `/api/v1/admin/users/${id}/ban`, { reason: 'no' }],
      ['DELETE', `/api/v1/admin/users/${id}/ban`],
      ['DELETE', `/api/v1/admin/users/${id}/sessions`],
      ['GET', '/api/v1/admin/organizations'],
      ['GET', '/api/v1/admin/mail'],
      ['GET', '/api/v1/admin/mail/1700000000000-00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/v1/help-requests'],
    ];
    for (const [method, url, body] of calls) {
      expect((await server.client().request(method, url, body)).status, url).toBe(401);
      expect((await orgAdmin.client.request(method, url, body)).status, url).toBe(403);
      expect((await plain.client.request(method, url, body)).status, url).toBe(403);
    }
    const [row] = await server.db
      .select({ superAdmin: user.superAdmin, bannedAt: user.bannedAt })
      .from(user)
      .where(eq(user.id, id));
    expect(row).toEqual({ superAdmin: false, bannedAt: null });
    expect((await plain.client.get('/api/v1/me')).status).toBe(200);
  });
});
