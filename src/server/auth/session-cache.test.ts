/**
 * The session cache through the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * statements per signed-in request once warm, no write on a read, and every change that
 * must end or alter access taking effect on the very next request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { countStatements, writesAmong } from '../db/query-counter.ts';
import { member } from '../db/schema/index.ts';
import { SessionCache } from './session-cache.ts';
import {
  signedInUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAILS: 'root@example.test' });
});
afterAll(() => server?.close());
afterEach(() => {
  vi.useRealTimers();
});

async function userWithOrganization() {
  const user = await signedInUser(server);
  const setup = await user.client.post('/api/functions/complete-user-setup');
  expect(setup.status).toBe(201);
  const orgId = setup.json.organization.id as string;
  user.client.orgId = orgId;
  return { ...user, orgId };
}

let root: Awaited<ReturnType<typeof signedInUser>> | undefined;
/** The one super admin (SUPER_ADMIN_EMAILS), signed up on first use. */
async function superAdmin() {
  root ??= await signedInUser(server, { email: 'root@example.test' });
  return root;
}

async function statementsOf(client: TestClient, url: string, headers?: Record<string, string>) {
  const { result, statements } = await countStatements(() => client.get(url, headers));
  return { status: result.status, json: result.json, statements };
}

describe('statements per signed-in request', () => {
  it('a repeated GET /api/v1/me with the same cookie and organisation does no database statement', async () => {
    const { client, orgId } = await userWithOrganization();
    const first = await statementsOf(client, '/api/v1/me');
    expect(first.status).toBe(200);
    expect(first.json.organization).toEqual({ id: orgId, role: 'admin' });

    for (let i = 0; i < 3; i++) {
      const again = await statementsOf(client, '/api/v1/me');
      expect(again.status).toBe(200);
      expect(again.json).toEqual(first.json);
      expect(again.statements).toEqual([]);
    }
  });

  it('common signed-in reads do no session or membership query once warm, and no write', async () => {
    const { client } = await userWithOrganization();
    const other = await userWithOrganization();
    // A cold /me is exactly the session and the membership lookups.
    const cold = await statementsOf(other.client, '/api/v1/me');
    expect(cold.statements.length).toBeGreaterThan(0);
    expect(writesAmong(cold.statements)).toEqual([]);

    const reads = [
      '/api/v1/me',
      '/api/v1/me/activity',
      '/api/v1/projects',
      '/api/v1/customers',
      '/api/v1/customers/tags',
      '/api/v1/dashboard/crm',
      '/api/v1/notifications',
      '/api/v1/organizations',
      '/api/v1/organizations/current',
      '/api/v1/organizations/current/members',
      '/api/v1/search?q=ac',
    ];
    expect((await client.get('/api/v1/me')).status).toBe(200);
    for (const url of reads) {
      const warm = await statementsOf(client, url);
      expect(warm.status, url).toBe(200);
      expect(writesAmong(warm.statements), url).toEqual([]);
      for (const lookup of cold.statements) expect(warm.statements, url).not.toContain(lookup);
      const again = await statementsOf(client, url);
      expect(writesAmong(again.statements), url).toEqual([]);
    }
    // Better Auth's own reads write no rate-limit row either.
    for (const url of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      const read = await statementsOf(client, url);
      expect(read.status, url).toBe(200);
      expect(writesAmong(read.statements), url).toEqual([]);
    }
  });

  it('extends the session through Better Auth once per updateAge, and refuses it once expired', async () => {
    const { client } = await userWithOrganization();
    expect((await client.get('/api/v1/me')).status).toBe(200);
    const start = Date.now();

    // A day and a half later (updateAge: one day) the next request extends the session, once.
    vi.useFakeTimers({ toFake: ['Date'], now: start + 36 * 3600_000 });
    const refresh = await statementsOf(client, '/api/v1/me');
    expect(refresh.status).toBe(200);
    const writes = writesAmong(refresh.statements);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^update "sessions"/);
    // Its own change message drops the entry once more; then it is served without a statement.
    const next = await statementsOf(client, '/api/v1/me');
    expect(writesAmong(next.statements)).toEqual([]);
    const after = await statementsOf(client, '/api/v1/me');
    expect(after.status).toBe(200);
    expect(after.statements).toEqual([]);

    // Past its (extended) expiry the cached session is refused: 8.5 days after the refresh.
    vi.setSystemTime(start + (36 + 24 * 8.5) * 3600_000);
    expect((await client.get('/api/v1/me')).status).toBe(401);
  });
});

describe('changes take effect on the very next request (one process)', () => {
  it('sign-out and session revokes', async () => {
    const { email, password } = await signedInUser(server);
    const [a, b, c] = [server.client(), server.client(), server.client()];
    for (const x of [a, b, c]) {
      expect((await x.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
      expect((await x.get('/api/v1/me')).status).toBe(200);
    }
    const bCookie = b.cookieHeader;
    expect((await b.post('/api/auth/sign-out')).status).toBe(200);
    expect((await b.get('/api/v1/me', { cookie: bCookie })).status).toBe(401);

    expect((await c.get('/api/v1/me')).status).toBe(200);
    expect((await a.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect((await c.get('/api/v1/me')).status).toBe(401);
    expect((await a.get('/api/v1/me')).status).toBe(200);
    expect((await a.post('/api/auth/revoke-sessions')).status).toBe(200);
    expect((await a.get('/api/v1/me')).status).toBe(401);
  });

  it('membership added, role changed, membership removed, organisation deleted', async () => {
    const admin = await userWithOrganization();
    const user = await userWithOrganization();
    const header = { 'x-organization-id': admin.orgId };
    expect((await user.client.get('/api/v1/me', header)).status).toBe(404);
    const before = await user.client.get('/api/v1/me');
    expect(before.json.organizations).toHaveLength(1);

    const [row] = await server.db
      .insert(member)
      .values({ organizationId: admin.orgId, userId: user.userId, role: 'user' })
      .returning({ id: member.id });
    // Written beside the app: on PostgreSQL its change message arrives asynchronously.
    await server.deps.sessionCache.settle();
    const added = await user.client.get('/api/v1/me', header);
    expect(added.status).toBe(200);
    expect(added.json.organization).toEqual({ id: admin.orgId, role: 'user' });
    expect(added.json.organizations).toHaveLength(2);

    const patch = await admin.client.request(
      'PATCH',
      `/api/v1/organizations/current/members/${row!.id}`,
      { role: 'developer' },
    );
    expect(patch.status).toBe(200);
    const changed = await user.client.get('/api/v1/me', header);
    expect(changed.json.organization).toEqual({ id: admin.orgId, role: 'developer' });
    expect(changed.json.user.role).toBe('developer');

    const remove = await admin.client.request(
      'DELETE',
      `/api/v1/organizations/current/members/${row!.id}`,
    );
    expect(remove.status).toBe(200);
    expect((await user.client.get('/api/v1/me', header)).status).toBe(404);

    // The user's own organisation goes; /me no longer lists it and naming it is a 404.
    expect((await user.client.get('/api/v1/me')).json.organizations).toHaveLength(1);
    const current = await user.client.get('/api/v1/organizations/current');
    const { client: rootClient } = await superAdmin();
    rootClient.orgId = user.orgId;
    const drop = await rootClient.request('DELETE', '/api/v1/organizations/current', {
      confirmName: current.json.name,
    });
    expect(drop.status, drop.text).toBe(200);
    user.client.orgId = undefined;
    expect((await user.client.get('/api/v1/me')).json.organizations).toEqual([]);
    expect((await user.client.get('/api/v1/me', { 'x-organization-id': user.orgId })).status).toBe(
      404,
    );
  });

  it('super-admin grant and revoke, session end by an admin, ban, account deletion', async () => {
    const root = await superAdmin();
    root.client.orgId = undefined;
    const user = await signedInUser(server);
    const other = await userWithOrganization();
    const foreign = { 'x-organization-id': other.orgId };
    expect((await user.client.get('/api/v1/me', foreign)).status).toBe(404);

    expect((await root.client.post(`/api/v1/admin/users/${user.userId}/super-admin`)).status).toBe(
      200,
    );
    const granted = await user.client.get('/api/v1/me', foreign);
    expect(granted.status).toBe(200);
    expect(granted.json.user.super_admin).toBe(true);
    const revoke = await root.client.request(
      'DELETE',
      `/api/v1/admin/users/${user.userId}/super-admin`,
    );
    expect(revoke.status).toBe(200);
    expect((await user.client.get('/api/v1/me', foreign)).status).toBe(404);

    const ended = await root.client.request(
      'DELETE',
      `/api/v1/admin/users/${user.userId}/sessions`,
    );
    expect(ended.status).toBe(200);
    expect((await user.client.get('/api/v1/me')).status).toBe(401);

    const again = await server
      .client()
      .post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(again.status).toBe(200);
    const second = server.client();
    expect(
      (await second.post('/api/auth/sign-in/email', { email: user.email, password: user.password }))
        .status,
    ).toBe(200);
    expect((await second.get('/api/v1/me')).status).toBe(200);
    const ban = await root.client.post(`/api/v1/admin/users/${user.userId}/ban`, {
      reason: 'Testing the cache',
    });
    expect(ban.status).toBe(200);
    expect((await second.get('/api/v1/me')).status).toBe(401);

    expect((await other.client.get('/api/v1/me')).status).toBe(200);
    const deleted = await other.client.post('/api/auth/delete-user', { password: other.password });
    expect(deleted.status).toBe(200);
    expect((await other.client.get('/api/v1/me')).status).toBe(401);
  });

  it('a change made beside the API (straight in the database) also drops the entry', async () => {
    const { client, userId } = await userWithOrganization();
    expect((await client.get('/api/v1/me')).json.user.fullName).toBe('Test User');
    await server.db.execute(sql`update users set name = 'Renamed' where id = ${userId}`);
    await server.deps.sessionCache.settle(); // its message is in (PostgreSQL: asynchronous)
    expect((await client.get('/api/v1/me')).json.user.fullName).toBe('Renamed');
    await server.db.execute(sql`delete from sessions where user_id = ${userId}`);
    await server.deps.sessionCache.settle();
    expect((await client.get('/api/v1/me')).status).toBe(401);
  });
});

describe('the cache itself', () => {
  const entry = (n: number) => ({
    sessionId: `s${n}`,
    userId: `u${n % 2}`,
    session: { id: `s${n}`, expiresAt: new Date(0) },
    user: { id: `u${n % 2}` },
    expiresAt: 0,
    refreshAt: 0,
  });

  it('holds at most maxEntries per kind, dropping the least recently used', () => {
    const cache = new SessionCache({ maxEntries: 3 });
    cache.onListening();
    for (let n = 0; n < 3; n++) cache.sessions.set(`k${n}`, entry(n));
    cache.sessions.get('k0'); // used: k1 is now the oldest
    for (let n = 3; n < 1000; n++) cache.sessions.set(`k${n}`, entry(n));
    expect(cache.sessions.size).toBe(3);
    expect(cache.sessions.get('k1')).toBeUndefined();
    expect(cache.sessions.get('k999')).toBeDefined();
  });

  it('serves an entry for its time to live only, and drops by session, user and organisation', () => {
    let now = 1_000;
    const cache = new SessionCache({ ttlMs: 30_000, now: () => now });
    cache.onListening();
    cache.sessions.set('a', entry(1));
    cache.sessions.set('b', entry(2));
    cache.sessions.set('c', entry(3));
    cache.memberships.set('u1', [{ id: 'o1', name: 'O', slug: 'o', logo: null, role: 'admin' }]);
    now += 29_999;
    expect(cache.sessions.get('a')).toBeDefined();
    cache.onMessage('s:s1');
    expect(cache.sessions.get('a')).toBeUndefined();
    cache.onMessage('u:u1');
    expect(cache.sessions.get('c')).toBeUndefined();
    expect(cache.memberships.get('u1')).toBeUndefined();
    expect(cache.sessions.get('b')).toBeDefined();
    cache.memberships.set('u0', [{ id: 'o2', name: 'P', slug: 'p', logo: null, role: 'user' }]);
    cache.onMessage('o:o2');
    expect(cache.memberships.get('u0')).toBeUndefined();
    now += 30_001;
    expect(cache.sessions.get('b')).toBeUndefined();
  });

  it('serves nothing while not listening, and stores nothing read across a change', () => {
    const cache = new SessionCache();
    expect(cache.active).toBe(false);
    cache.onListening();
    const generation = cache.generation;
    cache.onMessage('u:someone');
    expect(cache.fresh(generation)).toBe(false);
    expect(cache.fresh(cache.generation)).toBe(true);
    cache.onLost();
    expect(cache.active).toBe(false);
    expect(cache.fresh(cache.generation)).toBe(false);
  });
});
