import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function adminWithOrg() {
  const user = await signedInUser(server, { name: 'Home Admin' });
  const setup = await user.client.post('/api/functions/complete-user-setup');
  user.client.orgId = setup.json.organization.id as string;
  return user;
}

const home = async (client: Awaited<ReturnType<typeof adminWithOrg>>['client']) => {
  const res = await client.get('/api/v1/home');
  expect(res.status, res.text).toBe(200);
  return res.json;
};
const steps = (json: { checklist: { step: string; done: boolean }[] }) =>
  Object.fromEntries(json.checklist.map((item) => [item.step, item.done]));

describe('GET /api/v1/home', () => {
  it('counts the organisation and ticks the getting-started steps as they are done', async () => {
    const admin = await adminWithOrg();
    const fresh = await home(admin.client);
    expect(fresh.counts).toEqual({ projects: 0, dataSources: 0, customers: 0, members: 1 });
    expect(steps(fresh)).toEqual({
      dataSource: false,
      inviteMember: false,
      importCustomers: false,
    });
    expect(fresh.checklist.every((item: { canDo: boolean }) => item.canDo)).toBe(true);

    expect((await admin.client.post('/api/v1/projects', { name: 'Atlas' })).status).toBe(201);
    const source = await admin.client.post('/api/v1/data-sources', {
      type: 'http',
      name: 'Weather API',
      config: { baseUrl: 'https://api.example.com' },
    });
    expect(source.status, source.text).toBe(201);
    const invited = await admin.client.post('/api/v1/organizations/current/invitations', {
      email: 'someone@example.test',
      role: 'member',
    });
    expect(invited.status, invited.text).toBe(200);
    const imported = await admin.client.post('/api/v1/customers/import/commit', {
      csv: 'name,email\nTheo Simon,theo@simon.test\nAda Byron,ada@byron.test\n',
      mapping: { name: 'name', email: 'email' },
    });
    expect(imported.status, imported.text).toBe(201);

    const after = await home(admin.client);
    expect(after.counts).toEqual({ projects: 1, dataSources: 1, customers: 2, members: 1 });
    expect(steps(after)).toEqual({ dataSource: true, inviteMember: true, importCustomers: true });
    // Newest first, with the names a sentence needs.
    expect(after.activity[0]).toMatchObject({
      action: 'customer.import',
      actor: { name: 'Home Admin' },
    });
    expect(
      after.activity.find((entry: { action: string }) => entry.action === 'project.create'),
    ).toMatchObject({ targetName: 'Atlas', targetType: 'project' });
  });

  it("shows another organisation's figures to nobody and needs a selected organisation", async () => {
    const admin = await adminWithOrg();
    await admin.client.post('/api/v1/projects', { name: 'Secret project' });
    const other = await adminWithOrg();
    const own = await home(other.client);
    expect(own.counts.projects).toBe(0);
    expect(own.activity.map((entry: { targetName: string }) => entry.targetName)).not.toContain(
      'Secret project',
    );
    other.client.orgId = undefined;
    const none = await other.client.get('/api/v1/home');
    expect(none.status).toBe(400);
  });

  it('answers a user in no organisation with a 4xx in the error shape, never a 500', async () => {
    const loner = await signedInUser(server, { name: 'No Org Yet' });
    const none = await loner.client.get('/api/v1/home');
    expect(none.status).toBe(400);
    expect(none.json).toEqual({
      error: {
        code: 'ORGANIZATION_REQUIRED',
        message: 'Select an organization first (X-Organization-Id header)',
      },
    });

    const owner = await adminWithOrg();
    loner.client.orgId = owner.client.orgId;
    const foreign = await loner.client.get('/api/v1/home');
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toEqual(expect.any(String));

    for (const bogus of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', 'x'.repeat(300)]) {
      loner.client.orgId = bogus;
      const res = await loner.client.get('/api/v1/home');
      expect(res.status, bogus).toBeGreaterThanOrEqual(400);
      expect(res.status, bogus).toBeLessThan(500);
      expect(res.json.error.code).toEqual(expect.any(String));
    }
  });
});
