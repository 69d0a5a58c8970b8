import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLogs, invitation, member, organization } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAILS: 'root@example.test' });
});
afterAll(() => server?.close());

async function adminWithOrg(name = 'Org Admin') {
  const user = await signedInUser(server, { name });
  const orgId = (await user.client.post('/api/functions/complete-user-setup')).json.organization
    .id as string;
  user.client.orgId = orgId;
  return { ...user, orgId };
}

/** Invites `email` with `role` and has that user accept; returns the signed-in invitee. */
async function join(admin: Awaited<ReturnType<typeof adminWithOrg>>, role: string) {
  const invitee = await signedInUser(server);
  const sent = await admin.client.post('/api/v1/organizations/current/invitations', {
    email: invitee.email,
    role,
  });
  expect(sent.status).toBe(200);
  const accepted = await invitee.client.post(`/api/v1/invitations/${sent.json.id}/accept`);
  expect(accepted.status).toBe(200);
  invitee.client.orgId = admin.orgId;
  return invitee;
}

const audits = (orgId: string, action: string) =>
  server.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.organizationId, orgId), eq(auditLogs.action, action)));

describe('organisation profile', () => {
  it('creates, reads and updates an organisation; the creator is admin; slugs are unique', async () => {
    const { client } = await signedInUser(server);
    const created = await client.post('/api/v1/organizations', {
      name: 'Acme Labs',
      slug: 'acme-labs',
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      name: 'Acme Labs',
      slug: 'acme-labs',
      role: 'admin',
      memberCount: 1,
    });
    client.orgId = created.json.id;
    const updated = await client.request('PATCH', '/api/v1/organizations/current', {
      name: 'Acme Research',
      logo: 'https://cdn.example.test/logo.png',
    });
    expect(updated.json).toMatchObject({
      name: 'Acme Research',
      logo: 'https://cdn.example.test/logo.png',
    });
    expect(await audits(created.json.id, 'organization.update')).toHaveLength(1);

    const other = await signedInUser(server);
    const clash = await other.client.post('/api/v1/organizations', {
      name: 'Other',
      slug: 'acme-labs',
    });
    expect(clash.status).toBe(409);
    expect(clash.json.error.fields.slug).toBeDefined();
    const bad = await other.client.post('/api/v1/organizations', { name: '', slug: 'X' });
    expect(bad.status).toBe(400);
    const list = await client.get('/api/v1/organizations');
    expect(list.json.items.map((o: { name: string }) => o.name)).toContain('Acme Research');
  });

  it('lets only a super admin delete, after typing the name', async () => {
    const admin = await adminWithOrg();
    const denied = await admin.client.request('DELETE', '/api/v1/organizations/current', {
      confirmName: "Org Admin's organization",
    });
    expect(denied.status).toBe(403);
    const root = await signedInUser(server, { email: 'root@example.test' });
    root.client.orgId = admin.orgId;
    const wrong = await root.client.request('DELETE', '/api/v1/organizations/current', {
      confirmName: 'nope',
    });
    expect(wrong.status).toBe(400);
    const done = await root.client.request('DELETE', '/api/v1/organizations/current', {
      confirmName: "Org Admin's organization",
    });
    expect(done.status).toBe(200);
    expect((await admin.client.get('/api/v1/organizations/current')).status).toBe(404);
  });
});

describe('members', () => {
  it('lists and searches members, changes roles, removes, and protects the last admin', async () => {
    const admin = await adminWithOrg();
    const dev = await join(admin, 'developer');
    const members = await admin.client.get('/api/v1/organizations/current/members?pageSize=5');
    expect(members.json.total).toBe(2);
    const search = await admin.client.get(
      `/api/v1/organizations/current/members?search=${encodeURIComponent(dev.email.slice(0, 8))}`,
    );
    expect(search.json.items.map((m: { email: string }) => m.email)).toEqual([dev.email]);
    const percent = await admin.client.get('/api/v1/organizations/current/members?search=%25');
    expect(percent.json.total).toBe(0);

    const adminMember = members.json.items.find((m: { email: string }) => m.email === admin.email);
    const devMember = members.json.items.find((m: { email: string }) => m.email === dev.email);

    const demote = await admin.client.request(
      'PATCH',
      `/api/v1/organizations/current/members/${adminMember.id}`,
      {
        role: 'member',
      },
    );
    expect(demote.status).toBe(409);
    expect(demote.json.error.message).toBe(
      'An organization needs at least one admin. Make someone else admin first.',
    );
    expect(
      (
        await admin.client.request(
          'DELETE',
          `/api/v1/organizations/current/members/${adminMember.id}`,
        )
      ).status,
    ).toBe(409);
    expect((await admin.client.post('/api/v1/organizations/current/leave')).status).toBe(409);

    // A developer may not manage members.
    expect(
      (
        await dev.client.request('PATCH', `/api/v1/organizations/current/members/${devMember.id}`, {
          role: 'admin',
        })
      ).status,
    ).toBe(403);

    expect(
      (
        await admin.client.request(
          'PATCH',
          `/api/v1/organizations/current/members/${devMember.id}`,
          { role: 'admin' },
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.client.request(
          'PATCH',
          `/api/v1/organizations/current/members/${devMember.id}`,
          { role: 'owner' },
        )
      ).status,
    ).toBe(400);
    // Now two admins: the first may step down.
    expect(
      (
        await admin.client.request(
          'PATCH',
          `/api/v1/organizations/current/members/${adminMember.id}`,
          { role: 'member' },
        )
      ).status,
    ).toBe(200);
    expect(await audits(admin.orgId, 'member.role_change')).toHaveLength(2);

    expect(
      (
        await dev.client.request(
          'DELETE',
          `/api/v1/organizations/current/members/${adminMember.id}`,
        )
      ).status,
    ).toBe(200);
    expect((await admin.client.get('/api/v1/organizations/current')).status).toBe(404);
  });

  it('answers 404 for another organisation’s members', async () => {
    const a = await adminWithOrg();
    const b = await adminWithOrg();
    const bMembers = await b.client.get('/api/v1/organizations/current/members');
    a.client.orgId = b.orgId;
    expect((await a.client.get('/api/v1/organizations/current/members')).status).toBe(404);
    a.client.orgId = a.orgId;
    const foreign = bMembers.json.items[0].id;
    expect(
      (await a.client.request('DELETE', `/api/v1/organizations/current/members/${foreign}`)).status,
    ).toBe(404);
    const rows = await server.db.select().from(member).where(eq(member.id, foreign));
    expect(rows).toHaveLength(1);
  });
});

describe('invitations', () => {
  it('mails a link, shows it publicly, and lets only the invited address accept once', async () => {
    const admin = await adminWithOrg('Inviting Admin');
    const sent = await admin.client.post('/api/v1/organizations/current/invitations', {
      email: 'New.Person@Example.test',
      role: 'member',
    });
    const link = await server.mailLink('new.person@example.test', '/accept-invite?id=');
    expect(new URL(link).searchParams.get('id')).toBe(sent.json.id);

    const pub = await server.client().get(`/api/v1/invitations/${sent.json.id}`);
    expect(pub.status).toBe(200);
    expect(pub.json).toMatchObject({
      email: 'new.person@example.test',
      role: 'member',
      status: 'pending',
      organization: { name: "Inviting Admin's organization" },
      inviter: { name: 'Inviting Admin' },
    });

    const stranger = await signedInUser(server);
    const wrong = await stranger.client.post(`/api/v1/invitations/${sent.json.id}/accept`);
    expect(wrong.status).toBe(403);
    expect(wrong.json.error.code).toBe('WRONG_INVITEE');

    const invitee = await signedInUser(server, { email: 'new.person@example.test' });
    const accepted = await invitee.client.post(`/api/v1/invitations/${sent.json.id}/accept`);
    expect(accepted.json).toEqual({ organization: { id: admin.orgId }, role: 'member' });
    expect((await invitee.client.post(`/api/v1/invitations/${sent.json.id}/accept`)).status).toBe(
      410,
    );
    expect((await server.client().get(`/api/v1/invitations/${sent.json.id}`)).json.status).toBe(
      'accepted',
    );

    const again = await admin.client.post('/api/v1/organizations/current/invitations', {
      email: 'new.person@example.test',
      role: 'admin',
    });
    expect(again.status).toBe(409);
  });

  it('lists pending invitations, resends with a new expiry, revokes, and marks expired ones', async () => {
    const admin = await adminWithOrg();
    const first = await admin.client.post('/api/v1/organizations/current/invitations', {
      email: 'later@example.test',
      role: 'developer',
    });
    const pending = await admin.client.get('/api/v1/organizations/current/invitations');
    expect(pending.json.items).toEqual([
      expect.objectContaining({
        email: 'later@example.test',
        role: 'developer',
        status: 'pending',
      }),
    ]);
    await server.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, first.json.id));
    expect((await server.client().get(`/api/v1/invitations/${first.json.id}`)).json.status).toBe(
      'expired',
    );
    expect(
      (await admin.client.post(`/api/v1/organizations/current/invitations/${first.json.id}/resend`))
        .status,
    ).toBe(200);
    const resent = await admin.client.get('/api/v1/organizations/current/invitations');
    expect(resent.json.items[0].status).toBe('pending');
    expect(new Date(resent.json.items[0].expiresAt).getTime()).toBeGreaterThan(
      Date.now() + 6 * 86400_000,
    );

    expect(
      (
        await admin.client.request(
          'DELETE',
          `/api/v1/organizations/current/invitations/${first.json.id}`,
        )
      ).status,
    ).toBe(200);
    expect(
      (await admin.client.get('/api/v1/organizations/current/invitations')).json.items,
    ).toEqual([]);
    expect((await server.client().get(`/api/v1/invitations/${first.json.id}`)).json.status).toBe(
      'canceled',
    );

    const badEmail = await admin.client.post('/api/v1/organizations/current/invitations', {
      email: 'not-an-email',
      role: 'member',
    });
    expect(badEmail.status).toBe(400);
    expect((await server.client().get('/api/v1/invitations/not-a-uuid')).status).toBe(400);
    expect(
      (await server.client().get('/api/v1/invitations/00000000-0000-4000-8000-000000000000'))
        .status,
    ).toBe(404);
  });

  it('refuses invitation management to members', async () => {
    const admin = await adminWithOrg();
    const plain = await join(admin, 'member');
    const res = await plain.client.post('/api/v1/organizations/current/invitations', {
      email: 'x@example.test',
      role: 'member',
    });
    expect(res.status).toBe(403);
    expect((await plain.client.get('/api/v1/organizations/current/invitations')).status).toBe(403);
    expect((await plain.client.post('/api/v1/organizations/current/leave')).status).toBe(200);
  });
});

describe('deleting an account', () => {
  it('is refused while the user is the only admin of an organisation with other members', async () => {
    const admin = await adminWithOrg();
    const teammate = await join(admin, 'member');
    const refused = await admin.client.post('/api/auth/delete-user', { password: admin.password });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('LAST_ADMIN_OF_ORGANIZATION');
    expect((await admin.client.get('/api/v1/me')).status).toBe(200);

    const members = await admin.client.get('/api/v1/organizations/current/members');
    const teammateMember = members.json.items.find(
      (m: { email: string }) => m.email === teammate.email,
    );
    const promoted = await admin.client.request(
      'PATCH',
      `/api/v1/organizations/current/members/${teammateMember.id}`,
      { role: 'admin' },
    );
    expect(promoted.status).toBe(200);
    const deleted = await admin.client.post('/api/auth/delete-user', { password: admin.password });
    expect(deleted.status).toBe(200);
    const [kept] = await server.db
      .select()
      .from(organization)
      .where(eq(organization.id, admin.orgId));
    expect(kept?.id).toBe(admin.orgId);
  });

  it('takes the organisations where the user is the only member with it', async () => {
    const alone = await adminWithOrg();
    const deleted = await alone.client.post('/api/auth/delete-user', { password: alone.password });
    expect(deleted.status).toBe(200);
    const rows = await server.db
      .select()
      .from(organization)
      .where(eq(organization.id, alone.orgId));
    expect(rows).toEqual([]);
  });
});
