import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP } from 'otpauth';
import { signedInUser, startTestServer, type TestServer } from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('e-mail and password', () => {
  it('signs up, refuses sign-in before verification, verifies from the mail, signs in', async () => {
    const client = server.client();
    const email = 'ada@example.test';
    const password = 'a long enough password';
    const signUp = await client.post('/api/auth/sign-up/email', {
      email,
      password,
      name: 'Ada Lovelace',
    });
    expect(signUp.status).toBe(200);

    const early = await client.post('/api/auth/sign-in/email', { email, password });
    expect(early.status).toBe(403);

    const link = await server.mailLink(email, '/api/auth/verify-email?token=');
    const url = new URL(link);
    expect(url.searchParams.get('callbackURL')).toBe('/verify-email');
    const verify = await client.get(url.pathname + url.search);
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/verify-email');

    const signIn = await client.post('/api/auth/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);
    expect(signIn.json.user.email).toBe(email);
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('meridian.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);

    const me = await client.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({
      email,
      fullName: 'Ada Lovelace',
      username: 'ada',
      avatar: '',
      role: 'client',
      super_admin: false,
      org_roles: [],
    });
  });

  it('rejects a wrong password and a bad verification token', async () => {
    const { client, email } = await signedInUser(server);
    const wrong = await server
      .client()
      .post('/api/auth/sign-in/email', { email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    const bad = await client.get('/api/auth/verify-email?token=nonsense&callbackURL=/verify-email');
    expect(bad.status).toBe(302);
    expect(bad.headers.get('location')).toMatch(/\/verify-email\?error=/);
  });

  it('resets a forgotten password and ends the other sessions', async () => {
    const { client: first, email, password } = await signedInUser(server);
    const other = server.client();
    expect((await other.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    expect((await other.get('/api/v1/me')).status).toBe(200);

    const ask = await server.client().post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(ask.status).toBe(200);
    const link = await server.mailLink(email, '/api/auth/reset-password/');
    const token = new URL(link).pathname.split('/').pop()!;
    const reset = await server.client().post('/api/auth/reset-password', {
      token,
      newPassword: 'a brand new password',
    });
    expect(reset.status).toBe(200);

    expect((await first.get('/api/v1/me')).status).toBe(401);
    expect((await other.get('/api/v1/me')).status).toBe(401);
    const old = await server.client().post('/api/auth/sign-in/email', { email, password });
    expect(old.status).toBe(401);
    const fresh = await server.client().post('/api/auth/sign-in/email', {
      email,
      password: 'a brand new password',
    });
    expect(fresh.status).toBe(200);
  });

  it('changes the password with the current one', async () => {
    const { client, email, password } = await signedInUser(server);
    const change = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'another good password',
      revokeOtherSessions: true,
    });
    expect(change.status).toBe(200);
    const fresh = await server.client().post('/api/auth/sign-in/email', {
      email,
      password: 'another good password',
    });
    expect(fresh.status).toBe(200);
  });

  it('changes the e-mail only after the old address confirms and the new one is verified', async () => {
    const { client, email, password } = await signedInUser(server);
    const newEmail = `new-${email}`;
    const change = await client.post('/api/auth/change-email', {
      newEmail,
      callbackURL: '/pages/account-settings/account',
    });
    expect(change.status).toBe(200);
    expect((await client.get('/api/v1/me')).json.user.email).toBe(email);

    const confirm = new URL(await server.mailLink(email, '/api/auth/verify-email?token='));
    expect((await client.get(confirm.pathname + confirm.search)).status).toBe(302);
    expect((await client.get('/api/v1/me')).json.user.email).toBe(email);

    const verify = new URL(await server.mailLink(newEmail, '/api/auth/verify-email?token='));
    expect((await client.get(verify.pathname + verify.search)).status).toBe(302);
    const signIn = await server
      .client()
      .post('/api/auth/sign-in/email', { email: newEmail, password });
    expect(signIn.status).toBe(200);
    expect(signIn.json.user.email).toBe(newEmail);
  });

  it('deletes the account after the password is given', async () => {
    const { client, email, password } = await signedInUser(server);
    const del = await client.post('/api/auth/delete-user', { password });
    expect(del.status).toBe(200);
    expect((await client.get('/api/v1/me')).status).toBe(401);
    const again = await server.client().post('/api/auth/sign-in/email', { email, password });
    expect(again.status).toBe(401);
  });
});

describe('sessions', () => {
  it('lists sessions and revokes one, the others, or all', async () => {
    const { email, password } = await signedInUser(server);
    const a = server.client();
    const b = server.client();
    const c = server.client();
    for (const x of [a, b, c]) {
      expect((await x.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    }
    const list = await a.get('/api/auth/list-sessions');
    expect(list.status).toBe(200);
    expect(list.json.length).toBe(4);

    const bToken = b.cookieHeader.match(/meridian\.session_token=([^.;]+)/)![1];
    expect((await a.post('/api/auth/revoke-session', { token: bToken })).status).toBe(200);
    expect((await b.get('/api/v1/me')).status).toBe(401);
    expect((await c.get('/api/v1/me')).status).toBe(200);

    expect((await a.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect((await c.get('/api/v1/me')).status).toBe(401);
    expect((await a.get('/api/v1/me')).status).toBe(200);

    expect((await a.post('/api/auth/revoke-sessions')).status).toBe(200);
    expect((await a.get('/api/v1/me')).status).toBe(401);
  });
});

describe('two-factor', () => {
  it('requires a TOTP code after enabling, and a backup code works once only', async () => {
    const { client, email, password } = await signedInUser(server);
    const enable = await client.post('/api/auth/two-factor/enable', { password });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = enable.json as { totpURI: string; backupCodes: string[] };
    const secret = new URL(totpURI).searchParams.get('secret')!;
    const totp = new TOTP({ secret, digits: 6, period: 30 });
    const confirm = await client.post('/api/auth/two-factor/verify-totp', {
      code: totp.generate(),
    });
    expect(confirm.status).toBe(200);

    const browser = server.client();
    const step1 = await browser.post('/api/auth/sign-in/email', { email, password });
    expect(step1.status).toBe(200);
    expect(step1.json.twoFactorRedirect).toBe(true);
    expect((await browser.get('/api/v1/me')).status).toBe(401);
    const wrong = await browser.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.status).toBe(401);
    // The next step's code: codes are single-use, and this step's went to enabling two-factor.
    const step2 = await browser.post('/api/auth/two-factor/verify-totp', {
      code: totp.generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(step2.status).toBe(200);
    expect((await browser.get('/api/v1/me')).status).toBe(200);

    const code = backupCodes[0]!;
    const withBackup = server.client();
    await withBackup.post('/api/auth/sign-in/email', { email, password });
    expect(
      (await withBackup.post('/api/auth/two-factor/verify-backup-code', { code })).status,
    ).toBe(200);
    expect((await withBackup.get('/api/v1/me')).status).toBe(200);

    const reuse = server.client();
    await reuse.post('/api/auth/sign-in/email', { email, password });
    expect((await reuse.post('/api/auth/two-factor/verify-backup-code', { code })).status).toBe(
      401,
    );
    expect((await reuse.get('/api/v1/me')).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers 429 with a retry time after too many sign-in attempts, from the database', async () => {
    const ip = server.newIp();
    const client = server.client(ip);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await client.post('/api/auth/sign-in/email', {
        email: 'nobody@example.test',
        password: 'wrong password',
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    // The counter lives in the database, so another server process sees the same limit.
    const rows = await server.deps.db.query.rateLimit.findMany();
    expect(rows.some((r) => r.key.includes(ip))).toBe(true);
    // Another address is not limited (with another account: this one is now locked, see
    // sign-in-throttle.test.ts).
    const other = await server.client().post('/api/auth/sign-in/email', {
      email: 'nobody-else@example.test',
      password: 'wrong password',
    });
    expect(other.status).toBe(401);
  });
});
