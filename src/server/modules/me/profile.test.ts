import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(cookie: string, bytes: Buffer, name = 'me.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  const res = await server.app.request('/api/v1/me/avatar', {
    method: 'PUT',
    body: form,
    headers: { cookie, origin: 'http://localhost:3000' },
  });
  return { status: res.status, json: await res.json() };
}

describe('profile', () => {
  it('reads and updates name, username, language and time zone', async () => {
    const { client, email } = await signedInUser(server, { name: 'Marie Curie' });
    const before = await client.get('/api/v1/me/profile');
    expect(before.json).toMatchObject({
      fullName: 'Marie Curie',
      username: email.split('@')[0],
      email,
      avatar: '',
      locale: null,
      timeZone: null,
    });
    const after = await client.request('PATCH', '/api/v1/me/profile', {
      fullName: 'Marie Skłodowska-Curie',
      username: 'Marie.Curie',
      locale: 'fr',
      timeZone: 'Europe/Paris',
    });
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({
      fullName: 'Marie Skłodowska-Curie',
      username: 'marie.curie',
      locale: 'fr',
      timeZone: 'Europe/Paris',
    });
    expect((await client.get('/api/v1/me')).json.user.username).toBe('marie.curie');
  });

  it('refuses a taken username with 409 and bad values with 400, changing nothing', async () => {
    const first = await signedInUser(server);
    await first.client.request('PATCH', '/api/v1/me/profile', { username: 'taken-name' });
    const { client } = await signedInUser(server, { name: 'Second' });
    const taken = await client.request('PATCH', '/api/v1/me/profile', {
      username: 'TAKEN-name',
      fullName: 'Changed',
    });
    expect(taken.status).toBe(409);
    expect(taken.json.error.fields.username).toEqual(['This username is already taken']);
    for (const body of [
      { username: 'a' },
      { username: 'has space' },
      { timeZone: 'Mars/Olympus' },
      { locale: 'de' },
      { fullName: '' },
      { email: 'x@y.z' },
      {},
    ]) {
      const res = await client.request('PATCH', '/api/v1/me/profile', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await client.get('/api/v1/me/profile')).json.fullName).toBe('Second');
  });
});

describe('avatar', () => {
  it('stores an uploaded picture, serves it to signed-in users, and removes it', async () => {
    const { client, userId } = await signedInUser(server);
    const res = await upload(client.cookieHeader, PNG);
    expect(res.status).toBe(200);
    expect(res.json.avatar).toMatch(new RegExp(`^/api/v1/avatars/${userId}\\?v=\\d+$`));

    const other = await signedInUser(server);
    const image = await other.client.get(res.json.avatar);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await server.client().get(res.json.avatar)).status).toBe(401);

    const removed = await client.request('DELETE', '/api/v1/me/avatar');
    expect(removed.json.avatar).toBe('');
    expect((await client.get(res.json.avatar)).status).toBe(404);
  });

  it('checks the type from the bytes and the size', async () => {
    const { client } = await signedInUser(server);
    const fake = await upload(client.cookieHeader, Buffer.from('<svg onload=alert(1)>'), 'x.png');
    expect(fake.status).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(client.cookieHeader, big)).status).toBe(413);
    const notMultipart = await client.request('PUT', '/api/v1/me/avatar', { file: 'x' });
    expect(notMultipart.status).toBe(415);
    expect((await client.get('/api/v1/me/profile')).json.avatar).toBe('');
  });
});

describe('notification preferences', () => {
  it('defaults every event to both channels and keeps what the user saves', async () => {
    const { client } = await signedInUser(server);
    const defaults = await client.get('/api/v1/me/notification-preferences');
    expect(defaults.json.preferences).toEqual([
      { event: 'security', email: true, inApp: true },
      { event: 'organization', email: true, inApp: true },
      { event: 'help', email: true, inApp: true },
      { event: 'agents', email: true, inApp: true },
    ]);
    const saved = await client.request('PUT', '/api/v1/me/notification-preferences', {
      preferences: [{ event: 'organization', email: false, inApp: true }],
    });
    expect(saved.json.preferences[1]).toEqual({ event: 'organization', email: false, inApp: true });
    const bad = await client.request('PUT', '/api/v1/me/notification-preferences', {
      preferences: [{ event: 'marketing', email: true, inApp: true }],
    });
    expect(bad.status).toBe(400);
  });
});
