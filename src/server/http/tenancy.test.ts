import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAbility } from '../../shared/abilities.ts';
import { signedInUser, startTestServer, type TestServer } from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAILS: 'root@example.test' });
});
afterAll(() => server?.close());

async function userWithOrganization() {
  const user = await signedInUser(server);
  const setup = await user.client.post('/api/functions/complete-user-setup');
  return { ...user, orgId: setup.json.organization.id as string };
}

describe('organisation context (X-Organization-Id)', () => {
  it('gives a member their role and rules, and 404 for an organisation they are not in', async () => {
    const a = await userWithOrganization();
    const b = await userWithOrganization();

    a.client.orgId = a.orgId;
    const own = await a.client.get('/api/v1/me');
    expect(own.status).toBe(200);
    expect(own.json.organization).toEqual({ id: a.orgId, role: 'admin' });
    const ability = buildAbility(own.json.rules);
    expect(ability.can('update', 'Organization')).toBe(true);
    expect(ability.can('delete', 'Project')).toBe(true);
    expect(ability.can('manage', 'SuperAdmin')).toBe(false);

    a.client.orgId = b.orgId;
    const foreign = await a.client.get('/api/v1/me');
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe('NOT_FOUND');
    const foreignHelp = await a.client.post('/api/v1/help-requests', {
      url: '/x',
      issue_description: 'Cross organisation attempt',
    });
    expect(foreignHelp.status).toBe(404);

    for (const bogus of [
      'not-a-uuid',
      '00000000-0000-4000-8000-000000000000',
      "'; drop table users; --",
    ]) {
      a.client.orgId = bogus;
      const res = await a.client.get('/api/v1/me');
      expect(res.status).toBe(404);
    }
  });

  it('lets a super admin use any organisation', async () => {
    const a = await userWithOrganization();
    const root = await signedInUser(server, { email: 'root@example.test' });
    root.client.orgId = a.orgId;
    const res = await root.client.get('/api/v1/me');
    expect(res.status).toBe(200);
    expect(res.json.organization).toEqual({ id: a.orgId, role: null });
    expect(res.json.user.super_admin).toBe(true);
  });

  it('without the header, answers with the user’s organisations and the rules of no role', async () => {
    const a = await userWithOrganization();
    const res = await a.client.get('/api/v1/me');
    expect(res.status).toBe(200);
    expect(res.json.organization).toBeNull();
    expect(res.json.organizations).toEqual([
      expect.objectContaining({ id: a.orgId, role: 'admin', name: "Test User's organization" }),
    ]);
  });
});
