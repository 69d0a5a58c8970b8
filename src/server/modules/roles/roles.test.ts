import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { member } from '../../db/schema/index.ts';
import { ABILITY_TABLE } from '../../../shared/abilities.ts';
import { ORG_ROLES } from '../../../shared/constants.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAILS: 'root@example.test' });
});
afterAll(() => server?.close());

const asPermissions = (who: keyof typeof ABILITY_TABLE) =>
  ABILITY_TABLE[who].map((e) => ({
    actions: [...e.actions],
    subjects: [...e.subjects],
    own: e.own === true,
  }));

describe('GET /api/v1/roles', () => {
  it('gives each role its member count here and its permissions from the ability table', async () => {
    const admin = await signedInUser(server);
    const orgId = (await admin.client.post('/api/functions/complete-user-setup')).json.organization
      .id;
    const m1 = await signedInUser(server);
    const m2 = await signedInUser(server);
    await server.db.insert(member).values([
      { organizationId: orgId, userId: m1.userId, role: 'member' },
      { organizationId: orgId, userId: m2.userId, role: 'member' },
    ]);
    // Members of another organisation do not count.
    const other = await signedInUser(server);
    await other.client.post('/api/functions/complete-user-setup');

    admin.client.orgId = orgId;
    const res = await admin.client.get('/api/v1/roles');
    expect(res.status).toBe(200);
    expect(res.json.items.map((r: { role: string }) => r.role)).toEqual([...ORG_ROLES]);
    expect(
      Object.fromEntries(
        res.json.items.map((r: { role: string; memberCount: number }) => [r.role, r.memberCount]),
      ),
    ).toEqual({ admin: 1, developer: 0, member: 2, user: 0 });
    for (const role of ORG_ROLES) {
      expect(res.json.items.find((r: { role: string }) => r.role === role).permissions).toEqual(
        asPermissions(role),
      );
    }
    expect(res.json.everyone).toEqual(asPermissions('everyone'));
    expect(res.json.superAdmin).toEqual(asPermissions('super_admin'));
    expect(res.json.total).toBe(4);

    // Everyone may read roles (the table's "read all"); members see the same.
    m1.client.orgId = orgId;
    expect((await m1.client.get('/api/v1/roles')).json.items).toEqual(res.json.items);
    // A super admin may open any organisation's roles.
    const root = await signedInUser(server, { email: 'root@example.test' });
    root.client.orgId = orgId;
    expect((await root.client.get('/api/v1/roles')).status).toBe(200);
  });

  it('needs a session and an organisation the caller belongs to', async () => {
    expect((await server.client().get('/api/v1/roles')).status).toBe(401);
    const a = await signedInUser(server);
    const noOrg = await a.client.get('/api/v1/roles');
    expect(noOrg.status).toBe(400);
    expect(noOrg.json.error.code).toBe('ORGANIZATION_REQUIRED');
    const b = await signedInUser(server);
    b.client.orgId = (
      await b.client.post('/api/functions/complete-user-setup')
    ).json.organization.id;
    a.client.orgId = b.client.orgId;
    expect((await a.client.get('/api/v1/roles')).status).toBe(404);
  });
});
