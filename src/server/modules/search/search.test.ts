import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../db/schema/index.ts';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { SEARCH_SECTIONS } from './search.service.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let other: Signed;
let adminOrg: string;

async function adminOfNewOrg(who: Signed) {
  const orgId = (await who.client.post('/api/functions/complete-user-setup')).json.organization
    .id as string;
  who.client.orgId = orgId;
  return orgId;
}

const group = (res: { json: { groups: { type: string; items: unknown[] }[] } }, type: string) =>
  res.json.groups.find((g) => g.type === type)?.items ?? [];

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, { name: 'Ada Admin' });
  adminOrg = await adminOfNewOrg(admin);
  other = await signedInUser(server, { name: 'Otto Other' });
  await adminOfNewOrg(other);
  for (const name of ['Northwind rollout', 'Old northwind', 'Unrelated']) {
    expect((await admin.client.post('/api/v1/projects', { name })).status).toBe(201);
  }
  for (let i = 1; i <= 7; i++) {
    const res = await admin.client.post('/api/v1/customers', {
      name: `Buyer ${i}`,
      company: i % 2 ? 'Northwind Traders' : null,
      email: `buyer${i}@example.test`,
    });
    expect(res.status).toBe(201);
  }
  await other.client.post('/api/v1/projects', { name: 'Northwind elsewhere' });
  await other.client.post('/api/v1/customers', { name: 'Northwind foreign' });
});
afterAll(() => server?.close());

describe('GET /api/v1/search', () => {
  it('finds projects and customers of the organisation, prefix matches first, 5 at most', async () => {
    const res = await admin.client.get('/api/v1/search?q=northwind');
    expect(res.status).toBe(200);
    expect(res.json.q).toBe('northwind');
    expect(res.json.groups.map((g: { type: string }) => g.type)).toEqual(
      SEARCH_SECTIONS.map((s) => s.type),
    );
    expect(group(res, 'projects')).toEqual([
      { id: expect.any(String), title: 'Northwind rollout', subtitle: 'active' },
      { id: expect.any(String), title: 'Old northwind', subtitle: 'active' },
    ]);
    const found = group(res, 'customers') as { title: string; subtitle: string }[];
    expect(found.map((c) => c.title)).toEqual(['Buyer 1', 'Buyer 3', 'Buyer 5', 'Buyer 7']);
    expect(found[0]!.subtitle).toBe('Northwind Traders');

    const many = await admin.client.get('/api/v1/search?q=buyer');
    expect(group(many, 'customers')).toHaveLength(5);
    const byEmail = await admin.client.get('/api/v1/search?q=buyer2@');
    expect(group(byEmail, 'customers')).toEqual([
      { id: expect.any(String), title: 'Buyer 2', subtitle: 'buyer2@example.test' },
    ]);
  });

  it('leaves out deleted records and other organisations', async () => {
    const { json: project } = await admin.client.get('/api/v1/projects?search=Old');
    await admin.client.request('DELETE', `/api/v1/projects/${project.items[0].id}`);
    const res = await admin.client.get('/api/v1/search?q=northwind');
    expect(group(res, 'projects').map((p) => (p as { title: string }).title)).toEqual([
      'Northwind rollout',
    ]);
    const theirs = await other.client.get('/api/v1/search?q=northwind');
    expect(group(theirs, 'projects').map((p) => (p as { title: string }).title)).toEqual([
      'Northwind elsewhere',
    ]);
    expect(group(theirs, 'customers').map((p) => (p as { title: string }).title)).toEqual([
      'Northwind foreign',
    ]);
  });

  it('finds members of the organisation by name or e-mail, not people of other organisations', async () => {
    const colleague = await signedInUser(server, {
      name: 'Nora Northwind',
      email: `nora-${Date.now()}@example.test`,
    });
    await server.db
      .insert(member)
      .values({ organizationId: adminOrg, userId: colleague.userId, role: 'member' });

    const byName = await admin.client.get('/api/v1/search?q=nora');
    expect(group(byName, 'people')).toEqual([
      { id: colleague.userId, title: 'Nora Northwind', subtitle: colleague.email, image: null },
    ]);
    const byEmail = await admin.client.get(`/api/v1/search?q=${encodeURIComponent(admin.email)}`);
    expect(group(byEmail, 'people')).toEqual([
      { id: admin.userId, title: 'Ada Admin', subtitle: admin.email, image: null },
    ]);
    // Otto is in another organisation; Nora is not a member of Otto's.
    expect(group(await admin.client.get('/api/v1/search?q=otto'), 'people')).toEqual([]);
    expect(group(await other.client.get('/api/v1/search?q=nora'), 'people')).toEqual([]);

    // A member sees the people of their organisation too (read on users).
    colleague.client.orgId = adminOrg;
    const theirs = await colleague.client.get('/api/v1/search?q=ada');
    expect(group(theirs, 'people').map((p) => (p as { title: string }).title)).toEqual([
      'Ada Admin',
    ]);
  });

  it('returns no groups for blank text and checks the input', async () => {
    expect((await admin.client.get('/api/v1/search?q=%20')).json).toEqual({ q: '', groups: [] });
    expect((await admin.client.get(`/api/v1/search?q=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await admin.client.get('/api/v1/search')).status).toBe(400);
    expect((await server.client().get('/api/v1/search?q=a')).status).toBe(401);
    const loner = await signedInUser(server);
    expect((await loner.client.get('/api/v1/search?q=a')).status).toBe(400);
  });
});
