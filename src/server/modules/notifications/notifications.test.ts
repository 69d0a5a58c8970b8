import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { notify } from '../../notifications/record.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('notifications', () => {
  it('starts empty, lists the caller’s own newest first with the unread count, and marks read', async () => {
    const a = await signedInUser(server);
    const b = await signedInUser(server);
    const orgId = (await a.client.post('/api/functions/complete-user-setup')).json.organization.id;

    const empty = await a.client.get('/api/v1/notifications');
    expect(empty.json).toEqual({ items: [], total: 0, unread: 0, page: 1, pageSize: 20 });

    const message = (title: string) => ({ kind: 'message' as const, params: { title, body: '' } });
    const [general] = await notify(server.db, { userIds: [a.userId], ...message('Welcome') });
    await notify(server.db, {
      userIds: [a.userId],
      organizationId: orgId,
      ...message('Org news'),
      link: '/',
    });
    await notify(server.db, { userIds: [b.userId], ...message('Not for A') });

    const withoutOrg = await a.client.get('/api/v1/notifications');
    expect(withoutOrg.json.items.map((n: { params: { title: string } }) => n.params.title)).toEqual(
      ['Welcome'],
    );

    a.client.orgId = orgId;
    const withOrg = await a.client.get('/api/v1/notifications?pageSize=5');
    expect(withOrg.json.total).toBe(2);
    expect(withOrg.json.unread).toBe(2);
    expect(withOrg.json.items[0]).toMatchObject({
      kind: 'message',
      params: { title: 'Org news' },
      link: '/',
      read_at: null,
    });

    expect((await b.client.post(`/api/v1/notifications/${general!.id}/read`)).status).toBe(404);
    expect((await a.client.post(`/api/v1/notifications/${general!.id}/read`)).status).toBe(200);
    expect((await a.client.get('/api/v1/notifications')).json.unread).toBe(1);
    expect((await a.client.post('/api/v1/notifications/read-all')).json).toEqual({ updated: 1 });
    expect((await a.client.get('/api/v1/notifications')).json.unread).toBe(0);

    expect((await a.client.post('/api/v1/notifications/not-a-uuid/read')).status).toBe(400);
    expect((await server.client().get('/api/v1/notifications')).status).toBe(401);
  });
});
