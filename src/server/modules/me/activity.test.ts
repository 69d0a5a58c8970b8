import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLogs } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /api/v1/me/activity', () => {
  it('needs a session', async () => {
    expect((await server.client().get('/api/v1/me/activity')).status).toBe(401);
  });

  it("lists the caller's own latest 10 entries, newest first, with the organisation", async () => {
    const alice = await signedInUser(server, { name: 'Alice' });
    const bob = await signedInUser(server, { name: 'Bob' });
    const orgId = (await alice.client.post('/api/functions/complete-user-setup')).json.organization
      .id as string;
    alice.client.orgId = orgId;
    expect((await alice.client.get('/api/v1/me/activity')).json).toEqual({ items: [] });

    // Bob, an admin of nothing, reads his own activity too, and only his.
    const base = Date.parse('2025-03-01T00:00:00Z');
    await server.db.insert(auditLogs).values([
      ...Array.from({ length: 11 }, (_, i) => ({
        organizationId: i % 2 ? orgId : null,
        actorId: alice.userId,
        actorEmail: alice.email,
        action: `test.action.${i}`,
        targetType: 'test',
        targetId: `t-${i}`,
        createdAt: new Date(base + i * 60_000),
      })),
      {
        organizationId: orgId,
        actorId: bob.userId,
        actorEmail: bob.email,
        action: 'test.bob',
        targetType: 'test',
        createdAt: new Date(base + 3_600_000),
      },
    ]);

    // A change Alice makes through the API is recorded with her as the actor, and shows first.
    const renamed = await alice.client.request('PATCH', '/api/v1/organizations/current', {
      name: 'Analytical Engines',
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);

    const mine = await alice.client.get('/api/v1/me/activity');
    expect(mine.status).toBe(200);
    expect(mine.json.items).toHaveLength(10);
    expect(mine.json.items[0]).toMatchObject({
      action: 'organization.update',
      targetType: 'organization',
      targetId: orgId,
      targetName: 'Analytical Engines',
      actor: { id: alice.userId, name: 'Alice' },
      organization: { id: orgId, name: 'Analytical Engines' },
    });
    expect(mine.json.items.slice(1).map((item: { action: string }) => item.action)).toEqual(
      [10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `test.action.${i}`),
    );
    expect(mine.json.items[1]).toMatchObject({
      organization: null,
      targetId: 't-10',
      targetName: null,
    });
    expect(mine.json.items[2].organization).toEqual({ id: orgId, name: 'Analytical Engines' });
    expect(mine.json.items[1].createdAt).toBe(new Date(base + 10 * 60_000).toISOString());

    const his = await bob.client.get('/api/v1/me/activity');
    expect(his.json.items.map((item: { action: string }) => item.action)).toEqual(['test.bob']);
  });
});
