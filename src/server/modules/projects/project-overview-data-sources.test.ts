import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';

/** The `dataSources` count of GET /api/v1/projects/{id}/overview (issue 6, sections 1 and 2). */
type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, { name: 'Ada Admin' });
  admin.client.orgId = (await admin.client.post('/api/functions/complete-user-setup')).json
    .organization.id as string;
});
afterAll(() => server?.close());

const createHttpSource = async (name: string) => {
  const res = await admin.client.post('/api/v1/data-sources', {
    type: 'http',
    name,
    config: { baseUrl: 'https://api.example.com' },
  });
  expect(res.status).toBe(201);
  return res.json.id as string;
};

const overviewCount = async (projectId: string) => {
  const res = await admin.client.get(`/api/v1/projects/${projectId}/overview`);
  expect(res.status).toBe(200);
  return res.json.counts.dataSources as number;
};

describe('project overview: data sources count', () => {
  it('counts the assigned data sources, not the deleted ones nor those of other projects', async () => {
    const { json: project } = await admin.client.post('/api/v1/projects', { name: 'Counted' });
    const { json: otherProject } = await admin.client.post('/api/v1/projects', { name: 'Other' });
    expect(await overviewCount(project.id)).toBe(0);

    const first = await createHttpSource('First API');
    const second = await createHttpSource('Second API');
    const elsewhere = await createHttpSource('Elsewhere API');
    for (const [source, target] of [
      [first, project.id],
      [second, project.id],
      [elsewhere, otherProject.id],
    ] as const) {
      const res = await admin.client.request(
        'PUT',
        `/api/v1/data-sources/${source}/projects/${target}`,
      );
      expect(res.status).toBe(204);
    }
    expect(await overviewCount(project.id)).toBe(2);
    expect(await overviewCount(otherProject.id)).toBe(1);

    expect((await admin.client.request('DELETE', `/api/v1/data-sources/${second}`)).status).toBe(
      204,
    );
    expect(await overviewCount(project.id)).toBe(1);

    const unassigned = await admin.client.request(
      'DELETE',
      `/api/v1/data-sources/${first}/projects/${project.id}`,
    );
    expect(unassigned.status).toBe(204);
    expect(await overviewCount(project.id)).toBe(0);
  });
});
