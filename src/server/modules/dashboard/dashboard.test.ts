import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { customerActivities, customers, member, projects } from '../../db/schema/index.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let ann: Signed;
let ben: Signed;
let other: Signed;
let orgA: string;
const ids: Record<string, string> = {};

async function adminOfNewOrg(who: Signed) {
  const orgId = (await who.client.post('/api/functions/complete-user-setup')).json.organization
    .id as string;
  who.client.orgId = orgId;
  return orgId;
}

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, { name: 'Ada Admin' });
  orgA = await adminOfNewOrg(admin);
  ann = await signedInUser(server, { name: 'Ann Owner' });
  ben = await signedInUser(server, { name: 'Ben Owner' });
  for (const [who, role] of [
    [ann, 'user'],
    [ben, 'member'],
  ] as const) {
    await server.db.insert(member).values({ organizationId: orgA, userId: who.userId, role });
    who.client.orgId = orgA;
  }
  other = await signedInUser(server, { name: 'Otto Other' });
  await adminOfNewOrg(other);

  // Known data; the range under test is 2025-03-03 (a Monday) to 2025-03-16 (a Sunday).
  const rows = [
    {
      key: 'c1',
      status: 'lead',
      value: '100',
      createdAt: at('2025-03-03T10:00:00Z'),
      ownerId: ann.userId,
    },
    {
      key: 'c2',
      status: 'prospect',
      value: '200',
      createdAt: at('2025-03-09T23:59:59Z'),
      ownerId: ann.userId,
    },
    {
      key: 'c3',
      status: 'active',
      value: '1000',
      createdAt: at('2025-03-10T00:00:00Z'),
      ownerId: ben.userId,
    },
    {
      key: 'c4',
      status: 'churned',
      value: '50',
      createdAt: at('2025-02-20T12:00:00Z'),
      ownerId: ben.userId,
    },
    {
      key: 'c5',
      status: 'active',
      value: '500.25',
      createdAt: at('2025-01-01T00:00:00Z'),
      ownerId: null,
    },
    {
      key: 'c6',
      status: 'lead',
      value: '9999',
      createdAt: at('2025-03-05T00:00:00Z'),
      ownerId: ann.userId,
      deletedAt: at('2025-03-06T00:00:00Z'),
    },
    { key: 'c7', status: 'lead', value: '0', createdAt: at('2025-03-17T00:00:00Z'), ownerId: null },
  ] as const;
  for (const { key, ...row } of rows) {
    const [created] = await server.db
      .insert(customers)
      .values({ ...row, name: `Customer ${key}`, organizationId: orgA })
      .returning({ id: customers.id });
    ids[key] = created!.id;
  }
  await server.db.insert(customerActivities).values([
    {
      organizationId: orgA,
      customerId: ids.c4!,
      type: 'status_change',
      fromStatus: 'active',
      toStatus: 'churned',
      actorId: ben.userId,
      createdAt: at('2025-03-12T09:00:00Z'),
    },
    {
      organizationId: orgA,
      customerId: ids.c6!,
      type: 'status_change',
      fromStatus: 'lead',
      toStatus: 'churned',
      createdAt: at('2025-03-05T09:00:00Z'),
    },
    {
      organizationId: orgA,
      customerId: ids.c1!,
      type: 'note',
      body: 'First call',
      actorId: ann.userId,
      createdAt: at('2025-03-04T09:00:00Z'),
    },
    {
      organizationId: orgA,
      customerId: ids.c7!,
      type: 'created',
      createdAt: at('2025-03-17T00:00:00Z'),
    },
  ]);
  const p = (name: string, status: 'active' | 'archived', deletedAt: Date | null = null) => ({
    organizationId: orgA,
    name,
    colour: '#7367F0',
    icon: 'folder',
    status,
    deletedAt,
  });
  await server.db
    .insert(projects)
    .values([
      p('P1', 'active'),
      p('P2', 'active'),
      p('P3', 'archived'),
      p('P4', 'active', new Date()),
    ]);
});
afterAll(() => server?.close());

describe('GET /api/v1/dashboard/crm', () => {
  it('computes every figure from the organisation’s live records', async () => {
    const res = await ann.client.get('/api/v1/dashboard/crm?from=2025-03-03&to=2025-03-16');
    expect(res.status).toBe(200);
    expect(res.json.range).toEqual({ from: '2025-03-03', to: '2025-03-16' });
    expect(res.json.kpis).toEqual({
      customers: 6,
      newCustomers: 3,
      newCustomersPrevious: 1,
      pipelineValue: 300,
      wonValue: 1500.25,
      churned: 1,
      churnedInRange: 1,
      churnRate: 1 / 6,
    });
    expect(res.json.byStatus).toEqual([
      { status: 'lead', count: 2, value: 100 },
      { status: 'prospect', count: 1, value: 200 },
      { status: 'active', count: 2, value: 1500.25 },
      { status: 'churned', count: 1, value: 50 },
    ]);
    expect(res.json.newPerWeek).toEqual([
      { week: '2025-03-03', count: 2 },
      { week: '2025-03-10', count: 1 },
    ]);
    expect(res.json.topOwners).toEqual([
      { id: ben.userId, name: 'Ben Owner', email: ben.email, customers: 2, value: 1050 },
      { id: ann.userId, name: 'Ann Owner', email: ann.email, customers: 2, value: 300 },
    ]);
    expect(res.json.projectsByStatus).toEqual([
      { status: 'active', count: 2 },
      { status: 'archived', count: 1 },
    ]);
    expect(res.json.recentActivity).toEqual([
      expect.objectContaining({
        type: 'status_change',
        customer: { id: ids.c4, name: 'Customer c4' },
        actor: { id: ben.userId, name: 'Ben Owner' },
        fromStatus: 'active',
        toStatus: 'churned',
        createdAt: '2025-03-12T09:00:00.000Z',
      }),
      expect.objectContaining({
        type: 'note',
        body: 'First call',
        customer: { id: ids.c1, name: 'Customer c1' },
      }),
    ]);
  });

  it('fills weeks without customers with zero and splits ranges mid-week', async () => {
    const res = await admin.client.get('/api/v1/dashboard/crm?from=2025-02-26&to=2025-03-11');
    expect(res.json.newPerWeek).toEqual([
      { week: '2025-02-24', count: 0 },
      { week: '2025-03-03', count: 2 },
      { week: '2025-03-10', count: 1 },
    ]);
    expect(res.json.kpis.newCustomers).toBe(3);
  });

  it('defaults to the 12 weeks up to today and follows changes made through the API', async () => {
    const before = await admin.client.get('/api/v1/dashboard/crm');
    expect(before.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(before.json.range.to).toBe(today);
    expect(before.json.newPerWeek.length).toBeGreaterThanOrEqual(12);
    const created = await admin.client.post('/api/v1/customers', {
      name: 'Fresh',
      status: 'prospect',
      value: 40,
      ownerId: ann.userId,
    });
    await admin.client.request('PATCH', `/api/v1/customers/${created.json.id}`, {
      status: 'churned',
    });
    const after = await admin.client.get('/api/v1/dashboard/crm');
    expect(after.json.kpis.customers).toBe(before.json.kpis.customers + 1);
    expect(after.json.kpis.newCustomers).toBe(before.json.kpis.newCustomers + 1);
    expect(after.json.kpis.churnedInRange).toBe(before.json.kpis.churnedInRange + 1);
    expect(after.json.recentActivity[0]).toMatchObject({
      type: 'status_change',
      customer: { name: 'Fresh' },
      toStatus: 'churned',
    });
    expect(after.json.newPerWeek.at(-1).count).toBe(before.json.newPerWeek.at(-1).count + 1);
  });

  it('counts churn from the daily statistics: a deleted customer takes its churn along', async () => {
    const before = await admin.client.get('/api/v1/dashboard/crm');
    const created = await admin.client.post('/api/v1/customers', { name: 'Leaving', value: 10 });
    await admin.client.request('PATCH', `/api/v1/customers/${created.json.id}`, {
      status: 'churned',
    });
    const churned = await admin.client.get('/api/v1/dashboard/crm');
    expect(churned.json.kpis.churnedInRange).toBe(before.json.kpis.churnedInRange + 1);
    expect(churned.json.kpis.churned).toBe(before.json.kpis.churned + 1);
    const removed = await admin.client.request('DELETE', `/api/v1/customers/${created.json.id}`);
    expect(removed.status).toBe(204);
    const gone = await admin.client.get('/api/v1/dashboard/crm');
    expect(gone.json.kpis.churnedInRange).toBe(before.json.kpis.churnedInRange);
    expect(gone.json.kpis.churned).toBe(before.json.kpis.churned);
  });

  it('shows another organisation only its own figures', async () => {
    const res = await other.client.get('/api/v1/dashboard/crm?from=2025-03-03&to=2025-03-16');
    expect(res.status).toBe(200);
    expect(res.json.kpis).toMatchObject({ customers: 0, newCustomers: 0, pipelineValue: 0 });
    expect(res.json.byStatus.every((s: { count: number }) => s.count === 0)).toBe(true);
    expect(res.json.topOwners).toEqual([]);
    expect(res.json.recentActivity).toEqual([]);
    expect(res.json.projectsByStatus).toEqual([
      { status: 'active', count: 0 },
      { status: 'archived', count: 0 },
    ]);
  });

  it('checks the range and needs a session and an organisation', async () => {
    const reversed = await admin.client.get('/api/v1/dashboard/crm?from=2025-03-10&to=2025-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.json.error.fields.to).toEqual(['The start must not be after the end']);
    const bad = await admin.client.get('/api/v1/dashboard/crm?from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.from).toBeDefined();
    const long = await admin.client.get('/api/v1/dashboard/crm?from=2020-01-01&to=2025-01-01');
    expect(long.status).toBe(400);
    expect((await server.client().get('/api/v1/dashboard/crm')).status).toBe(401);
    const loner = await signedInUser(server);
    expect((await loner.client.get('/api/v1/dashboard/crm')).status).toBe(400);
    expect((await ben.client.get('/api/v1/dashboard/crm')).status).toBe(200);
  });
});
