import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLogs, whitelistEntry } from '../../db/schema/index.ts';
import { WHITELIST_MESSAGES } from '../../../shared/schemas/whitelist.ts';

let server: TestServer;
let root: Awaited<ReturnType<typeof signedInUser>>;
let orgAdmin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAILS: 'root@example.test' });
  root = await signedInUser(server, { email: 'root@example.test' });
  orgAdmin = await signedInUser(server);
  const setup = await orgAdmin.client.post('/api/functions/complete-user-setup');
  orgAdmin.client.orgId = setup.json.organization.id;
});
afterAll(() => server?.close());

const entries = async () => (await server.db.select({ n: count() }).from(whitelistEntry))[0]!.n;
const auditOf = (action: string) =>
  server.db.select().from(auditLogs).where(eq(auditLogs.action, action));

describe('whitelist entries', () => {
  it('adds, lists and removes entries, each change audited', async () => {
    const added = await root.client.post('/api/v1/admin/whitelist', {
      pattern: '  Ada@Example.COM ',
      note: 'Consultant',
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({
      pattern: 'ada@example.com',
      note: 'Consultant',
      createdBy: { email: 'root@example.test' },
    });
    const domain = await root.client.post('/api/v1/admin/whitelist', { pattern: '@corp.test' });
    expect(domain.status).toBe(201);
    expect(domain.json.note).toBe('');

    const list = await root.client.get('/api/v1/admin/whitelist?pageSize=5');
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ total: 2, page: 1, pageSize: 5 });
    expect(list.json.items.map((e: { pattern: string }) => e.pattern)).toEqual([
      '@corp.test',
      'ada@example.com',
    ]);
    const search = await root.client.get('/api/v1/admin/whitelist?search=consult');
    expect(search.json.items.map((e: { pattern: string }) => e.pattern)).toEqual([
      'ada@example.com',
    ]);

    const [created] = await auditOf('whitelist.entry.create');
    expect(created).toMatchObject({
      organizationId: null,
      actorEmail: 'root@example.test',
      targetType: 'whitelist_entry',
      targetId: added.json.id,
      after: { pattern: 'ada@example.com', note: 'Consultant' },
    });
    expect(created!.ip).toBeTruthy();

    const removed = await root.client.request('DELETE', `/api/v1/admin/whitelist/${added.json.id}`);
    expect(removed.status).toBe(204);
    const again = await root.client.request('DELETE', `/api/v1/admin/whitelist/${added.json.id}`);
    expect(again.status).toBe(404);
    expect(await auditOf('whitelist.entry.delete')).toEqual([
      expect.objectContaining({ targetId: added.json.id, before: expect.any(Object) }),
    ]);
  });

  it('answers 409 for a duplicate (any case) and writes nothing', async () => {
    await root.client.post('/api/v1/admin/whitelist', { pattern: 'dup@example.com' });
    const before = await entries();
    const audits = (await auditOf('whitelist.entry.create')).length;
    const dup = await root.client.post('/api/v1/admin/whitelist', { pattern: 'DUP@example.com' });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toEqual({
      code: 'WHITELIST_ENTRY_EXISTS',
      message: WHITELIST_MESSAGES.duplicate,
    });
    expect(await entries()).toBe(before);
    expect((await auditOf('whitelist.entry.create')).length).toBe(audits);
  });

  it('validates entries and writes nothing', async () => {
    const before = await entries();
    for (const body of [
      {},
      { pattern: '' },
      { pattern: 'not an address' },
      { pattern: '@' },
      { pattern: '@nodot' },
      { pattern: 'a@b' },
      { pattern: '@-bad-.com' },
      { pattern: 'two@@example.com' },
      { pattern: 42 },
      { pattern: 'ok@example.com', note: 'x'.repeat(501) },
      { pattern: 'ok@example.com', extra: true },
    ]) {
      const res = await root.client.post('/api/v1/admin/whitelist', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
    const bad = await root.client.post('/api/v1/admin/whitelist', { pattern: 'nope' });
    expect(bad.json.error.message).toBe(WHITELIST_MESSAGES.pattern);
    expect((await root.client.request('DELETE', '/api/v1/admin/whitelist/not-a-uuid')).status).toBe(
      400,
    );
    expect((await root.client.get('/api/v1/admin/whitelist?pageSize=7')).status).toBe(400);
    expect((await root.client.get('/api/v1/admin/whitelist?unknown=1')).status).toBe(400);
    expect(await entries()).toBe(before);
  });
});

describe('whitelist switch', () => {
  it('is off by default, turns on and off, audited once per change', async () => {
    const initial = await root.client.get('/api/v1/admin/whitelist/settings');
    expect(initial.json).toEqual({ enabled: false, updatedAt: null });

    const on = await root.client.request('PUT', '/api/v1/admin/whitelist/settings', {
      enabled: true,
    });
    expect(on.status).toBe(200);
    expect(on.json.enabled).toBe(true);
    const same = await root.client.request('PUT', '/api/v1/admin/whitelist/settings', {
      enabled: true,
    });
    expect(same.json.enabled).toBe(true);
    expect((await root.client.get('/api/v1/admin/whitelist/settings')).json.enabled).toBe(true);

    // Now on: an unlisted address cannot sign up.
    const refused = await server.client().post('/api/auth/sign-up/email', {
      email: 'outsider@example.net',
      password: 'correct horse battery staple',
      name: 'Outsider',
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(WHITELIST_MESSAGES.refused);

    const off = await root.client.request('PUT', '/api/v1/admin/whitelist/settings', {
      enabled: false,
    });
    expect(off.json.enabled).toBe(false);
    const audits = await auditOf('whitelist.settings.update');
    expect(audits.map((a) => a.after)).toEqual([{ enabled: true }, { enabled: false }]);
    expect(audits[0]).toMatchObject({ organizationId: null, before: { enabled: false } });

    for (const body of [{}, { enabled: 'yes' }, { enabled: true, more: 1 }]) {
      const res = await root.client.request('PUT', '/api/v1/admin/whitelist/settings', body);
      expect(res.status).toBe(400);
    }
    expect((await auditOf('whitelist.settings.update')).length).toBe(2);
  });
});

describe('whitelist access', () => {
  it('answers 401 to anonymous callers and 403 to anyone but super admins', async () => {
    const anonymous = server.client();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/whitelist'],
      ['POST', '/api/v1/admin/whitelist', { pattern: 'x@example.com' }],
      ['DELETE', '/api/v1/admin/whitelist/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/v1/admin/whitelist/settings'],
      ['PUT', '/api/v1/admin/whitelist/settings', { enabled: true }],
    ];
    const before = await entries();
    for (const [method, url, body] of calls) {
      expect((await anonymous.request(method, url, body)).status, url).toBe(401);
      const denied = await orgAdmin.client.request(method, url, body);
      expect(denied.status, `${method} ${url}`).toBe(403);
      expect(denied.json.error.code).toBe('FORBIDDEN');
    }
    expect(await entries()).toBe(before);
    expect((await root.client.get('/api/v1/admin/whitelist/settings')).json.enabled).toBe(false);
  });
});
