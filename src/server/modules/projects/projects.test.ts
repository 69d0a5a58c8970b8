import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLogs, member, projectStats, projects } from '../../db/schema/index.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let developer: Signed;
let plainMember: Signed;
let plainUser: Signed;
let other: Signed;
let orgA: string;
let orgB: string;

async function join(orgId: string, who: Signed, role: string) {
  await server.db.insert(member).values({ organizationId: orgId, userId: who.userId, role });
  who.client.orgId = orgId;
}

async function adminOfNewOrg(who: Signed) {
  const orgId = (await who.client.post('/api/functions/complete-user-setup')).json.organization
    .id as string;
  who.client.orgId = orgId;
  return orgId;
}

const projectCount = async (orgId: string) =>
  (
    await server.db.select({ n: count() }).from(projects).where(eq(projects.organizationId, orgId))
  )[0]!.n;

const auditsOf = (id: string) =>
  server.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'project'), eq(auditLogs.targetId, id)));

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, { name: 'Ada Admin' });
  orgA = await adminOfNewOrg(admin);
  developer = await signedInUser(server, { name: 'Dev Developer' });
  await join(orgA, developer, 'developer');
  plainMember = await signedInUser(server, { name: 'Meg Member' });
  await join(orgA, plainMember, 'member');
  plainUser = await signedInUser(server, { name: 'Ugo User' });
  await join(orgA, plainUser, 'user');
  other = await signedInUser(server, { name: 'Otto Other' });
  orgB = await adminOfNewOrg(other);
});
afterAll(() => server?.close());

describe('projects: create and read', () => {
  it('creates a project with defaults, records it in the audit log and reads it back', async () => {
    const created = await admin.client.post('/api/v1/projects', {
      name: '  Website relaunch ',
      description: 'New marketing site',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: 'Website relaunch',
      description: 'New marketing site',
      colour: '#7367F0',
      icon: 'folder',
      status: 'active',
      createdBy: { id: admin.userId, name: 'Ada Admin' },
    });
    const id = created.json.id as string;
    const [entry] = await auditsOf(id);
    expect(entry).toMatchObject({
      organizationId: orgA,
      action: 'project.create',
      actorId: admin.userId,
      after: expect.objectContaining({ name: 'Website relaunch' }),
    });

    const read = await plainUser.client.get(`/api/v1/projects/${id}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);
  });

  it('rejects invalid bodies with field messages and writes nothing', async () => {
    const before = await projectCount(orgA);
    const blank = await admin.client.post('/api/v1/projects', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { name: ['This field is required'] },
    });
    const bad = await admin.client.post('/api/v1/projects', {
      name: 'Ok',
      colour: 'red',
      icon: 'not-an-icon',
      status: 'deleted',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['colour', 'icon', 'status']);
    const unknown = await admin.client.post('/api/v1/projects', { name: 'Ok', owner: 'me' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toMatch(/Unknown field: owner/);
    const long = await admin.client.post('/api/v1/projects', { name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(await projectCount(orgA)).toBe(before);
  });

  it('refuses a second live project with the same name (any case): 409', async () => {
    const first = await developer.client.post('/api/v1/projects', { name: 'Billing' });
    expect(first.status).toBe(201);
    const again = await admin.client.post('/api/v1/projects', { name: 'BILLING' });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({
      code: 'PROJECT_NAME_TAKEN',
      fields: { name: expect.any(Array) },
    });
    // The same name in another organisation is fine.
    expect((await other.client.post('/api/v1/projects', { name: 'Billing' })).status).toBe(201);
  });
});

describe('projects: list', () => {
  beforeAll(async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta 50%', 'Epsilon']) {
      const res = await admin.client.post('/api/v1/projects', { name, colour: '#28c76f' });
      expect(res.status).toBe(201);
    }
    const gamma = await admin.client.get('/api/v1/projects?search=gamma');
    await admin.client.post(`/api/v1/projects/${gamma.json.items[0].id}/archive`);
  });

  it('pages, searches, filters by status and sorts', async () => {
    const all = await plainMember.client.get('/api/v1/projects?pageSize=5&sort=name&order=asc');
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ total: 7, page: 1, pageSize: 5 });
    expect(all.json.items.map((p: { name: string }) => p.name)).toEqual([
      'Alpha',
      'Beta',
      'Billing',
      'Delta 50%',
      'Epsilon',
    ]);
    const second = await plainMember.client.get(
      '/api/v1/projects?pageSize=5&page=2&sort=name&order=asc',
    );
    expect(second.json.items.map((p: { name: string }) => p.name)).toEqual([
      'Gamma',
      'Website relaunch',
    ]);

    const search = await plainMember.client.get('/api/v1/projects?search=ET');
    expect(search.json.items.map((p: { name: string }) => p.name).sort()).toEqual(['Beta']);
    // % is taken literally.
    const percent = await plainMember.client.get('/api/v1/projects?search=50%25');
    expect(percent.json.items.map((p: { name: string }) => p.name)).toEqual(['Delta 50%']);

    const archived = await plainMember.client.get('/api/v1/projects?status=archived');
    expect(archived.json.items.map((p: { name: string }) => p.name)).toEqual(['Gamma']);
    const active = await plainMember.client.get('/api/v1/projects?status=active&pageSize=100');
    expect(active.json.total).toBe(6);
  });

  it('rejects page sizes that are not offered and unknown filters', async () => {
    const size = await admin.client.get('/api/v1/projects?pageSize=7');
    expect(size.status).toBe(400);
    expect(size.json.error.fields.pageSize).toBeDefined();
    expect((await admin.client.get('/api/v1/projects?status=gone')).status).toBe(400);
    expect((await admin.client.get('/api/v1/projects?sort=colour')).status).toBe(400);
  });

  it('needs a session and a selected organisation', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/v1/projects')).status).toBe(401);
    const noOrg = await signedInUser(server);
    const res = await noOrg.client.get('/api/v1/projects');
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('ORGANIZATION_REQUIRED');
    // An organisation the caller is not a member of does not exist for them.
    noOrg.client.orgId = orgA;
    expect((await noOrg.client.get('/api/v1/projects')).status).toBe(404);
  });
});

describe('projects: update, archive, delete', () => {
  it('updates fields, archives and restores, each in the audit log', async () => {
    const { json: project } = await developer.client.post('/api/v1/projects', { name: 'Ops' });
    const updated = await developer.client.request('PATCH', `/api/v1/projects/${project.id}`, {
      description: 'Runbooks',
      colour: '#ff4c51',
      icon: 'rocket',
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      name: 'Ops',
      description: 'Runbooks',
      colour: '#FF4C51',
      icon: 'rocket',
    });
    expect(Date.parse(updated.json.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(project.updatedAt),
    );
    const archived = await developer.client.post(`/api/v1/projects/${project.id}/archive`);
    expect(archived.json.status).toBe('archived');
    const restored = await developer.client.post(`/api/v1/projects/${project.id}/restore`);
    expect(restored.json.status).toBe('active');
    const actions = (await auditsOf(project.id)).map((e) => e.action).sort();
    expect(actions).toEqual([
      'project.archive',
      'project.create',
      'project.restore',
      'project.update',
    ]);
    const update = (await auditsOf(project.id)).find((e) => e.action === 'project.update')!;
    expect(update.before).toMatchObject({ description: '', icon: 'folder' });
    expect(update.after).toMatchObject({ description: 'Runbooks', icon: 'rocket' });

    const empty = await developer.client.request('PATCH', `/api/v1/projects/${project.id}`, {});
    expect(empty.status).toBe(400);
    const taken = await developer.client.request('PATCH', `/api/v1/projects/${project.id}`, {
      name: 'alpha',
    });
    expect(taken.status).toBe(409);
  });

  it('shows an overview with counts and the latest changes', async () => {
    const { json: project } = await admin.client.post('/api/v1/projects', { name: 'Overview' });
    await admin.client.request('PATCH', `/api/v1/projects/${project.id}`, { description: 'x' });
    const res = await plainUser.client.get(`/api/v1/projects/${project.id}/overview`);
    expect(res.status).toBe(200);
    expect(res.json.project.id).toBe(project.id);
    expect(res.json.counts).toMatchObject({ changes: 2 });
    expect(res.json.recentActivity.map((a: { action: string }) => a.action)).toEqual([
      'project.update',
      'project.create',
    ]);
    expect(res.json.recentActivity[0].actor.id).toBe(admin.userId);
  });

  it('soft-deletes: the project disappears, its name is free again, the row stays', async () => {
    const { json: project } = await admin.client.post('/api/v1/projects', { name: 'Temporary' });
    const removed = await admin.client.request('DELETE', `/api/v1/projects/${project.id}`);
    expect(removed.status).toBe(204);
    expect((await admin.client.get(`/api/v1/projects/${project.id}`)).status).toBe(404);
    expect((await admin.client.get(`/api/v1/projects/${project.id}/overview`)).status).toBe(404);
    const patch = await admin.client.request('PATCH', `/api/v1/projects/${project.id}`, {
      name: 'Back',
    });
    expect(patch.status).toBe(404);
    expect((await admin.client.post(`/api/v1/projects/${project.id}/restore`)).status).toBe(404);
    expect((await admin.client.request('DELETE', `/api/v1/projects/${project.id}`)).status).toBe(
      404,
    );
    const list = await admin.client.get('/api/v1/projects?search=Temporary');
    expect(list.json.total).toBe(0);
    const [row] = await server.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await auditsOf(project.id)).map((e) => e.action)).toContain('project.delete');
    expect((await admin.client.post('/api/v1/projects', { name: 'Temporary' })).status).toBe(201);
  });
});

describe('projects: the statistics kept by triggers', () => {
  it('match a fresh count after creates, archives, restores and deletes; list totals use them', async () => {
    const fresh = async () => {
      const result = (await server.db.execute(sql`
        select organization_id::text as org, status, count(*)::int as n
        from projects where deleted_at is null group by 1, 2 order by 1, 2`)) as unknown as {
        rows: { org: string; status: string; n: number }[];
      };
      return result.rows.map((r) => `${r.org} ${r.status} ${r.n}`);
    };
    const kept = async () => {
      const rows = await server.db
        .select()
        .from(projectStats)
        .where(ne(projectStats.projects, 0))
        .orderBy(projectStats.organizationId, projectStats.status);
      return rows.map((r) => `${r.organizationId} ${r.status} ${r.projects}`);
    };
    const ids: string[] = [];
    for (let i = 1; i <= 25; i++) {
      ids.push((await admin.client.post('/api/v1/projects', { name: `Counted ${i}` })).json.id);
    }
    expect(await kept()).toEqual(await fresh());
    await admin.client.post(`/api/v1/projects/${ids[0]}/archive`);
    await admin.client.post(`/api/v1/projects/${ids[1]}/archive`);
    await admin.client.post(`/api/v1/projects/${ids[1]}/restore`);
    await admin.client.request('DELETE', `/api/v1/projects/${ids[2]}`);
    expect(await kept()).toEqual(await fresh());

    const live = async (status?: string) =>
      (
        await server.db
          .select({ n: count() })
          .from(projects)
          .where(
            and(
              eq(projects.organizationId, orgA),
              isNull(projects.deletedAt),
              status ? eq(projects.status, status as 'active') : undefined,
            ),
          )
      )[0]!.n;
    // Page 1 of several: the total from the statistics; the last page: from the page itself.
    const first = await admin.client.get('/api/v1/projects?pageSize=10');
    expect(first.json.items).toHaveLength(10);
    expect(first.json.total).toBe(await live());
    const archived = await admin.client.get('/api/v1/projects?status=archived&pageSize=10');
    expect(archived.json.total).toBe(await live('archived'));
    const lastPage = Math.ceil((await live()) / 10);
    const last = await admin.client.get(`/api/v1/projects?pageSize=10&page=${lastPage}`);
    expect(last.json.total).toBe(await live());
    const past = await admin.client.get(`/api/v1/projects?pageSize=10&page=${lastPage + 1}`);
    expect(past.json).toMatchObject({ items: [], total: await live() });
    // With a search, counted.
    const searched = await admin.client.get('/api/v1/projects?search=counted%202&pageSize=10');
    expect(searched.json.total).toBe(7); // Counted 2 and 20 to 25
  });
});

describe('projects: permissions per role', () => {
  it('lets everyone read, admins and developers create and update, only admins delete', async () => {
    const { json: project } = await admin.client.post('/api/v1/projects', { name: 'Guarded' });
    const path = `/api/v1/projects/${project.id}`;
    for (const who of [plainMember, plainUser]) {
      expect((await who.client.get(path)).status).toBe(200);
      const create = await who.client.post('/api/v1/projects', { name: 'Nope' });
      expect(create.status).toBe(403);
      expect(create.json.error.code).toBe('FORBIDDEN');
      expect((await who.client.request('PATCH', path, { name: 'Nope' })).status).toBe(403);
      expect((await who.client.post(`${path}/archive`)).status).toBe(403);
      expect((await who.client.request('DELETE', path)).status).toBe(403);
    }
    // Denied before validation: a member sending a bad body still gets 403.
    expect((await plainMember.client.post('/api/v1/projects', { name: '' })).status).toBe(403);
    expect((await developer.client.request('PATCH', path, { name: 'Guarded 2' })).status).toBe(200);
    expect((await developer.client.request('DELETE', path)).status).toBe(403);
    expect((await admin.client.request('DELETE', path)).status).toBe(204);
  });

  it('hides another organisation’s projects: 404 for every action', async () => {
    const { json: project } = await admin.client.post('/api/v1/projects', { name: 'Private' });
    const path = `/api/v1/projects/${project.id}`;
    expect((await other.client.get(path)).status).toBe(404);
    expect((await other.client.get(`${path}/overview`)).status).toBe(404);
    expect((await other.client.request('PATCH', path, { name: 'Mine' })).status).toBe(404);
    expect((await other.client.post(`${path}/archive`)).status).toBe(404);
    expect((await other.client.request('DELETE', path)).status).toBe(404);
    const list = await other.client.get('/api/v1/projects?pageSize=100');
    expect(list.json.items.map((p: { id: string }) => p.id)).not.toContain(project.id);
    expect(list.json.items.every((p: { name: string }) => p.name === 'Billing')).toBe(true);
    const [row] = await server.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ name: 'Private', deletedAt: null, organizationId: orgA });
    expect(orgB).not.toBe(orgA);
  });
});

describe('OpenAPI', () => {
  it('publishes the project, customer, dashboard and search routes with their permissions', async () => {
    const res = await server.app.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { 'x-permission'?: unknown }>>;
    };
    expect(doc.paths['/projects/{id}']!.delete!['x-permission']).toEqual({
      kind: 'ability',
      action: 'delete',
      subject: 'Project',
    });
    expect(doc.paths['/customers/import/commit']!.post!['x-permission']).toEqual({
      kind: 'ability',
      action: 'create',
      subject: 'customer',
    });
    expect(doc.paths['/dashboard/crm']!.get!['x-permission']).toEqual({
      kind: 'ability',
      action: 'read',
      subject: 'dashboards-crm',
    });
    expect(doc.paths['/search']!.get!['x-permission']).toEqual({ kind: 'organization' });
  });
});
