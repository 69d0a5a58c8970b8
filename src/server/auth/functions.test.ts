import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../test/harness.ts';
import { member } from '../db/schema/index.ts';
import { setSuperAdmin } from './super-admins.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAILS: 'boss@example.test, Chief@Example.test' });
});
afterAll(() => server?.close());

describe('complete-user-setup', () => {
  it('creates one organisation with the caller as admin, and returns the same one again', async () => {
    const { client, userId } = await signedInUser(server);
    const first = await client.post('/api/functions/complete-user-setup');
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ success: true, organization: { id: expect.any(String) } });
    const [again, concurrent] = await Promise.all([
      client.post('/api/functions/complete-user-setup', { user_id: userId }),
      client.post('/api/functions/complete-user-setup'),
    ]);
    expect(again.status).toBe(200);
    expect(again.json.organization.id).toBe(first.json.organization.id);
    expect(concurrent.json.organization.id).toBe(first.json.organization.id);

    const rows = await server.db.select().from(member).where(eq(member.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe('admin');

    client.orgId = first.json.organization.id;
    const me = await client.get('/api/v1/me');
    expect(me.json.user.org_roles).toEqual([{ org_id: first.json.organization.id, role: 'admin' }]);
    expect(me.json.user.role).toBe('admin');
  });

  it('needs a session and refuses another user id', async () => {
    const anonymous = await server.client().post('/api/functions/complete-user-setup');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
    });
    const { client } = await signedInUser(server);
    const other = await client.post('/api/functions/complete-user-setup', {
      user_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(other.status).toBe(403);
    const unknown = await client.post('/api/functions/complete-user-setup', { name: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe('VALIDATION_ERROR');
    const malformed = await client.post('/api/functions/complete-user-setup', '{"user_id":');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.message).toBe('Malformed JSON in request body');
  });
});

describe('check-super-admin', () => {
  it('is false without a session or with a broken cookie, and for ordinary users', async () => {
    const anonymous = await server.client().post('/api/functions/check-super-admin');
    expect(anonymous.json).toEqual({ is_super_admin: false });
    const broken = await server.client().post('/api/functions/check-super-admin', undefined, {
      cookie: 'meridian.session_token=garbage',
    });
    expect(broken.json).toEqual({ is_super_admin: false });
    const { client } = await signedInUser(server);
    const plain = await client.post('/api/functions/check-super-admin', undefined, {
      'x-organization-id': 'not-a-uuid',
    });
    expect(plain.status).toBe(200);
    expect(plain.json).toEqual({ is_super_admin: false });
  });

  it('is true for addresses in SUPER_ADMIN_EMAILS (any case) and follows grant and revoke', async () => {
    const boss = await signedInUser(server, { email: 'boss@example.test' });
    expect((await boss.client.post('/api/functions/check-super-admin')).json).toEqual({
      is_super_admin: true,
    });
    const chief = await signedInUser(server, { email: 'chief@example.test' });
    expect((await chief.client.get('/api/v1/me')).json.user.super_admin).toBe(true);

    const other = await signedInUser(server);
    expect(await setSuperAdmin(server.db, other.email, true)).toBe(true);
    expect((await other.client.post('/api/functions/check-super-admin')).json.is_super_admin).toBe(
      true,
    );
    expect(await setSuperAdmin(server.db, other.email, false)).toBe(true);
    expect((await other.client.post('/api/functions/check-super-admin')).json.is_super_admin).toBe(
      false,
    );
    expect(await setSuperAdmin(server.db, 'nobody@example.test', true)).toBe(false);
  });
});
