import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { member, notifications, user } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Person = Awaited<ReturnType<typeof signedInUser>>;

async function adminWithOrg(name: string) {
  const admin = await signedInUser(server, { name });
  const orgId = (await admin.client.post('/api/functions/complete-user-setup')).json.organization
    .id as string;
  admin.client.orgId = orgId;
  return { ...admin, orgId };
}

async function invite(inviter: Person & { orgId: string }, role: string, name = 'Invitee') {
  const invitee = await signedInUser(server, { name });
  const sent = await inviter.client.post('/api/v1/organizations/current/invitations', {
    email: invitee.email,
    role,
  });
  expect(sent.status).toBe(200);
  return { invitee, invitationId: sent.json.id as string };
}

async function accept(invitee: Person, invitationId: string, orgId: string) {
  expect((await invitee.client.post(`/api/v1/invitations/${invitationId}/accept`)).status).toBe(
    200,
  );
  invitee.client.orgId = orgId;
}

/** `owner` invites a new user with `role`, who accepts. */
async function joined(owner: Person & { orgId: string }, role: string, name: string) {
  const { invitee, invitationId } = await invite(owner, role, name);
  await accept(invitee, invitationId, owner.orgId);
  return invitee;
}

/** What each user was told, as `kind` lists, straight from the table. */
const kindsOf = async (userId: string) =>
  (await server.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (row) => row.kind,
  );
const rowsOf = (userId: string) =>
  server.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('notifications of events', () => {
  it('tells the inviter the invitation was accepted, the other admins a member joined, no one else', async () => {
    const owner = await adminWithOrg('Owner');
    const coAdmin = await joined(owner, 'admin', 'Co Admin');
    const plain = await joined(owner, 'member', 'Plain');
    const outsider = await adminWithOrg('Outsider');

    // Co Admin joined (owner invited) then Plain joined (owner invited): Co Admin, an admin by
    // then, hears that Plain joined; the owner hears each acceptance once.
    expect((await kindsOf(owner.userId)).sort()).toEqual([
      'invitation.accepted',
      'invitation.accepted',
    ]);
    const coRows = await rowsOf(coAdmin.userId);
    expect(coRows).toHaveLength(1);
    expect(coRows[0]).toMatchObject({
      kind: 'member.joined',
      organizationId: owner.orgId,
      link: '/organization?tab=members',
      params: { memberName: 'Plain' },
    });
    expect(await kindsOf(plain.userId)).toEqual([]);
    expect(await kindsOf(outsider.userId)).toEqual([]);

    // The API shows kind + params while the organisation is selected, not without it.
    const listed = await coAdmin.client.get('/api/v1/notifications');
    expect(listed.json.items[0]).toMatchObject({
      kind: 'member.joined',
      params: { memberName: 'Plain' },
      link: '/organization?tab=members',
      read_at: null,
    });
    coAdmin.client.orgId = undefined;
    expect((await coAdmin.client.get('/api/v1/notifications')).json.total).toBe(0);
  });

  it('tells the admins (but the one who acted) when a member leaves or is removed', async () => {
    const owner = await adminWithOrg('Owner');
    const coAdmin = await joined(owner, 'admin', 'Co Admin');
    const leaver = await joined(owner, 'member', 'Leaver');
    const removed = await joined(owner, 'member', 'Removed');
    await server.db.delete(notifications);

    expect((await leaver.client.post('/api/v1/organizations/current/leave')).status).toBe(200);
    const [target] = await server.db.select().from(member).where(eq(member.userId, removed.userId));
    const res = await owner.client.request(
      'DELETE',
      `/api/v1/organizations/current/members/${target!.id}`,
    );
    expect(res.status).toBe(200);

    expect((await kindsOf(owner.userId)).sort()).toEqual(['member.left']);
    expect((await kindsOf(coAdmin.userId)).sort()).toEqual(['member.left', 'member.removed']);
    expect(await kindsOf(leaver.userId)).toEqual([]);
    expect(await kindsOf(removed.userId)).toEqual([]);
    const [left] = await rowsOf(owner.userId);
    expect(left).toMatchObject({ organizationId: owner.orgId, params: { memberName: 'Leaver' } });
  });

  it('tells every super admin of a new help request, and its author when it is answered', async () => {
    const author = await signedInUser(server, { name: 'Asker' });
    const rootA = await signedInUser(server, { name: 'Root A' });
    const rootB = await signedInUser(server, { name: 'Root B' });
    for (const root of [rootA, rootB]) {
      await server.db.update(user).set({ superAdmin: true }).where(eq(user.id, root.userId));
    }
    const bystander = await signedInUser(server);
    await server.db.delete(notifications);

    const sent = await author.client.post('/api/v1/help-requests', {
      url: 'http://localhost/home',
      issue_description: 'Help me please',
    });
    expect(sent.status).toBeLessThan(300);
    const superAdmins = await server.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.superAdmin, true));
    for (const { id } of superAdmins) {
      const rows = await rowsOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: 'help_request.received',
        organizationId: null,
        link: '/admin/super-admin?tab=help',
        params: { authorName: 'Asker', helpRequestId: sent.json.id },
      });
    }
    expect(await kindsOf(author.userId)).toEqual([]);
    expect(await kindsOf(bystander.userId)).toEqual([]);

    const path = `/api/v1/help-requests/${sent.json.id}`;
    expect((await rootA.client.request('PATCH', path, { status: 'resolved' })).status).toBe(200);
    expect(await kindsOf(author.userId)).toEqual(['help_request.answered']);
    expect((await rowsOf(author.userId))[0]).toMatchObject({
      organizationId: null,
      link: '/pages/account-settings/help',
      params: { helpRequestId: sent.json.id, status: 'resolved' },
    });
    // Reopening is no answer.
    expect((await rootA.client.request('PATCH', path, { status: 'open' })).status).toBe(200);
    expect(await kindsOf(author.userId)).toEqual(['help_request.answered']);
    expect((await kindsOf(rootB.userId)).sort()).toEqual(['help_request.received']);
  });

  it('tells the importing user the counts of a finished customer import, in its organisation', async () => {
    const admin = await adminWithOrg('Importer');
    const { invitee: colleague, invitationId } = await invite(admin, 'admin', 'Colleague');
    await accept(colleague, invitationId, admin.orgId);
    await server.db.delete(notifications);

    const invalid = await admin.client.post('/api/v1/customers/import/commit', {
      csv: 'name,email\n,bad@x.test\n',
      mapping: { name: 'name', email: 'email' },
    });
    expect(invalid.status).toBe(422);
    expect(await kindsOf(admin.userId)).toEqual([]);

    const res = await admin.client.post('/api/v1/customers/import/commit', {
      csv: 'name,email\nOne,one@x.test\nTwo,two@x.test\n',
      mapping: { name: 'name', email: 'email' },
    });
    expect(res.status).toBe(201);
    const rows = await rowsOf(admin.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'customers.import_finished',
      organizationId: admin.orgId,
      link: '/customer',
      params: { created: 2, updated: 0, failed: 0 },
    });
    expect(await kindsOf(colleague.userId)).toEqual([]);
  });
});
