import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLogs } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function adminWithOrg() {
  const user = await signedInUser(server);
  const created = await user.client.post('/api/v1/organizations', { name: 'Logo Labs' });
  expect(created.status).toBe(200);
  user.client.orgId = created.json.id as string;
  return { ...user, orgId: created.json.id as string };
}

async function upload(
  client: { cookieHeader: string; orgId: string | undefined },
  bytes: Buffer,
  name = 'logo.png',
) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  const res = await server.app.request('/api/v1/organizations/current/logo', {
    method: 'PUT',
    body: form,
    headers: {
      cookie: client.cookieHeader,
      origin: 'http://localhost:3000',
      ...(client.orgId ? { 'x-organization-id': client.orgId } : {}),
    },
  });
  return { status: res.status, json: await res.json() };
}

describe('organisation logo', () => {
  it('stores an uploaded logo, serves it to signed-in users, audits and removes it', async () => {
    const admin = await adminWithOrg();
    const saved = await upload(admin.client, PNG);
    expect(saved.status).toBe(200);
    expect(saved.json.logo).toMatch(
      new RegExp(`^/api/v1/organization-logos/${admin.orgId}\\?v=\\d+$`),
    );

    const stranger = await signedInUser(server);
    const image = await stranger.client.get(saved.json.logo);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await server.client().get(saved.json.logo)).status).toBe(401);

    const removed = await admin.client.request('DELETE', '/api/v1/organizations/current/logo');
    expect(removed.json.logo).toBeNull();
    expect((await admin.client.get(saved.json.logo)).status).toBe(404);

    const audits = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, admin.orgId), eq(auditLogs.action, 'organization.update')),
      );
    expect(audits).toHaveLength(2);
  });

  it('checks the type from the bytes, the size and the permission', async () => {
    const admin = await adminWithOrg();
    const fake = await upload(admin.client, Buffer.from('<svg onload=alert(1)>'), 'x.png');
    expect(fake.status).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);
    expect((await upload(admin.client, big)).status).toBe(413);
    const notMultipart = await admin.client.request('PUT', '/api/v1/organizations/current/logo', {
      file: 'x',
    });
    expect(notMultipart.status).toBe(415);

    const invitee = await signedInUser(server);
    const sent = await admin.client.post('/api/v1/organizations/current/invitations', {
      email: invitee.email,
      role: 'developer',
    });
    await invitee.client.post(`/api/v1/invitations/${sent.json.id}/accept`);
    invitee.client.orgId = admin.orgId;
    expect((await upload(invitee.client, PNG)).status).toBe(403);
    expect((await admin.client.get('/api/v1/organizations/current')).json.logo).toBeNull();
  });

  it('reports how many admins the organisation has', async () => {
    const admin = await adminWithOrg();
    const current = await admin.client.get('/api/v1/organizations/current');
    expect(current.json).toMatchObject({ memberCount: 1, adminCount: 1 });
  });
});
