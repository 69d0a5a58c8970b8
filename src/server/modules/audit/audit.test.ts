import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLogs, member } from '../../db/schema/index.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let root: Signed;
let admin: Signed;
let otherAdmin: Signed;
let orgA: string;
let orgB: string;
const roleClients: Record<string, Signed> = {};

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAILS: 'root@example.test' });
  root = await signedInUser(server, { email: 'root@example.test' });
  admin = await signedInUser(server, { email: 'alice@a.test' });
  orgA = (await admin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  admin.client.orgId = orgA;
  otherAdmin = await signedInUser(server, { email: 'olaf@b.test' });
  orgB = (await otherAdmin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  otherAdmin.client.orgId = orgB;
  for (const role of ['developer', 'member', 'user']) {
    const u = await signedInUser(server);
    await server.db.insert(member).values({ organizationId: orgA, userId: u.userId, role });
    u.client.orgId = orgA;
    roleClients[role] = u;
  }

  const entry = (values: Partial<typeof auditLogs.$inferInsert>) => ({
    action: 'member.role.update',
    targetType: 'member',
    ...values,
  });
  await server.db.insert(auditLogs).values([
    entry({
      organizationId: orgA,
      actorId: admin.userId,
      actorEmail: 'alice@a.test',
      action: 'member.add',
      targetId: 'm-1',
      after: { role: 'member' },
      createdAt: at('2025-01-01T10:00:00Z'),
    }),
    entry({
      organizationId: orgA,
      actorId: admin.userId,
      actorEmail: 'alice@a.test',
      targetId: '=1+2',
      before: { role: 'member' },
      after: { role: 'developer, "senior"' },
      ip: '10.1.2.3',
      createdAt: at('2025-01-02T10:00:00Z'),
    }),
    entry({
      organizationId: orgA,
      actorId: root.userId,
      actorEmail: 'root@example.test',
      action: 'organization.update',
      targetType: 'organization',
      targetId: orgA,
      createdAt: at('2025-01-03T23:59:59Z'),
    }),
    entry({
      organizationId: orgB,
      actorId: otherAdmin.userId,
      actorEmail: 'olaf@b.test',
      action: 'member.add',
      createdAt: at('2025-01-02T12:00:00Z'),
    }),
    entry({
      organizationId: null,
      actorId: root.userId,
      actorEmail: 'root@example.test',
      action: 'user.ban',
      targetType: 'user',
      createdAt: at('2025-01-04T00:00:00Z'),
    }),
  ]);
});
afterAll(() => server?.close());

const actions = (res: { json: { items: { action: string }[] } }) =>
  res.json.items.map((e) => e.action);

describe('GET /api/v1/audit-logs', () => {
  it('shows an organisation admin their organisation’s entries, newest first', async () => {
    const res = await admin.client.get('/api/v1/audit-logs');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(actions(res)).toEqual(['organization.update', 'member.role.update', 'member.add']);
    expect(res.json.items[1]).toMatchObject({
      organizationId: orgA,
      actor: { id: admin.userId, email: 'alice@a.test' },
      targetType: 'member',
      targetId: '=1+2',
      targetName: null, // neither snapshot has a name or an e-mail
      before: { role: 'member' },
      after: { role: 'developer, "senior"' },
      ip: '10.1.2.3',
      createdAt: '2025-01-02T10:00:00.000Z',
    });
    // The actor by their current name, beside the e-mail they had.
    expect(res.json.items[1].actor.name).toEqual(expect.any(String));
    const paged = await admin.client.get('/api/v1/audit-logs?pageSize=5&page=2');
    expect(paged.json).toMatchObject({ items: [], total: 3, page: 2 });
  });

  it('filters by actor (e-mail or id), action (exact or prefix*) and date range', async () => {
    const get = (q: string) => admin.client.get(`/api/v1/audit-logs?${q}`);
    expect((await get('actor=ROOT@')).json.total).toBe(1);
    expect((await get(`actor=${admin.userId}`)).json.total).toBe(2);
    expect((await get('actor=nobody')).json.total).toBe(0);
    expect(actions(await get('action=member.add'))).toEqual(['member.add']);
    expect(actions(await get('action=member.*'))).toEqual(['member.role.update', 'member.add']);
    expect(actions(await get('action=member'))).toEqual([]);
    expect(actions(await get('from=2025-01-02&to=2025-01-02'))).toEqual(['member.role.update']);
    expect(actions(await get('to=2025-01-03'))).toHaveLength(3);
    expect(actions(await get('from=2025-01-02T10:00:00Z&to=2025-01-03T23:59:58Z'))).toEqual([
      'member.role.update',
    ]);
    for (const bad of [
      'from=yesterday',
      'to=2025-13-01',
      'from=2025-01-03&to=2025-01-02',
      'action=drop table',
      'pageSize=1',
      'scope=mine',
      'other=1',
    ]) {
      const res = await get(bad);
      expect(res.status, bad).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 403 to developers, members and users; 404 for another organisation; 400 without one', async () => {
    for (const role of ['developer', 'member', 'user']) {
      const res = await roleClients[role]!.client.get('/api/v1/audit-logs');
      expect(res.status, role).toBe(403);
      expect(res.json.error.code).toBe('FORBIDDEN');
      expect((await roleClients[role]!.client.get('/api/v1/audit-logs/export.csv')).status).toBe(
        403,
      );
    }
    expect((await admin.client.get('/api/v1/audit-logs?scope=all')).status).toBe(403);
    admin.client.orgId = orgB;
    try {
      expect((await admin.client.get('/api/v1/audit-logs')).status).toBe(404);
    } finally {
      admin.client.orgId = orgA;
    }
    admin.client.orgId = undefined;
    try {
      expect((await admin.client.get('/api/v1/audit-logs')).status).toBe(400);
    } finally {
      admin.client.orgId = orgA;
    }
    expect((await server.client().get('/api/v1/audit-logs')).status).toBe(401);
    expect((await server.client().get('/api/v1/audit-logs/export.csv')).status).toBe(401);
  });

  it('shows a super admin everything with scope=all, or any one organisation', async () => {
    const all = await root.client.get('/api/v1/audit-logs?scope=all&from=2025-01-01&to=2025-01-31');
    expect(all.status).toBe(200);
    expect(actions(all)).toEqual([
      'user.ban',
      'organization.update',
      'member.add',
      'member.role.update',
      'member.add',
    ]);
    root.client.orgId = orgB;
    try {
      const b = await root.client.get('/api/v1/audit-logs');
      expect(b.json.items.map((e: { actor: { email: string } }) => e.actor.email)).toEqual([
        'olaf@b.test',
      ]);
    } finally {
      root.client.orgId = undefined;
    }
  });
});

describe('GET /api/v1/audit-logs/export.csv', () => {
  it('exports the filtered entries as CSV, quoted and safe against formulas', async () => {
    const res = await admin.client.get('/api/v1/audit-logs/export.csv?action=member.*');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/filename="audit-log-.*\.csv"/);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(
      'created_at,organization_id,actor_id,actor_email,action,target_type,target_id,ip,before,after',
    );
    expect(lines[1]).toBe(
      `2025-01-02T10:00:00.000Z,${orgA},${admin.userId},alice@a.test,member.role.update,member,'=1+2,10.1.2.3,` +
        `"{""role"":""member""}","{""role"":""developer, \\""senior\\""""}"`,
    );
    expect(lines[2]).toMatch(
      /^2025-01-01T10:00:00\.000Z,.*,member\.add,member,m-1,,,"\{""role"":""member""\}"$/,
    );
    expect(lines).toHaveLength(4);
    const all = await root.client.get('/api/v1/audit-logs/export.csv?scope=all');
    expect(all.text.split('\r\n').length).toBeGreaterThanOrEqual(7);
  });
});
