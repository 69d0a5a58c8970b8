import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { seedFirstStart } from './seed.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function signIn(email: string, password: string) {
  const client = server!.client();
  const res = await client.post('/api/auth/sign-in/email', { email, password });
  expect(res.status, res.text).toBe(200);
  return { client, user: res.json.user as { passwordChangeRequired?: boolean } };
}

describe('the first super admin', () => {
  it('signs in with a generated one-time password and must choose their own', async () => {
    server = await startTestServer();
    const seeded = await seedFirstStart(server.db, server.deps.auth, {
      email: 'first@example.test',
      password: undefined,
    });
    expect(seeded).toMatchObject({ email: 'first@example.test', generatedPassword: true });
    const { client, user } = await signIn('first@example.test', seeded!.password);
    expect(user.passwordChangeRequired).toBe(true);
    expect((await client.get('/api/auth/get-session')).json.user.passwordChangeRequired).toBe(true);

    const changed = await client.post('/api/auth/change-password', {
      currentPassword: seeded!.password,
      newPassword: 'a password of my own 2026',
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await client.get('/api/auth/get-session')).json.user.passwordChangeRequired).toBe(
      false,
    );
    const again = await signIn('first@example.test', 'a password of my own 2026');
    expect(again.user.passwordChangeRequired).toBe(false);
  });

  it('keeps a password chosen through SEED_ADMIN_PASSWORD', async () => {
    server = await startTestServer();
    await seedFirstStart(server.db, server.deps.auth, {
      email: 'chosen@example.test',
      password: 'chosen-password-123',
    });
    const { user } = await signIn('chosen@example.test', 'chosen-password-123');
    expect(user.passwordChangeRequired).toBe(false);
  });
});
