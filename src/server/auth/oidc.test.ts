import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP } from 'otpauth';
import {
  signedInUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../test/harness.ts';
import { startOidcProvider } from '../test/oidc-provider.ts';

// A real OpenID Connect provider on a local port stands in for the company's identity provider.
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let server: TestServer;

beforeAll(async () => {
  idp = await startOidcProvider({
    sub: 'idp-user-1',
    email: 'grace@idp.test',
    name: 'Grace Hopper',
  });
  server = await startTestServer({
    ...idp.env,
  });
});
afterAll(async () => {
  await server?.close();
  await idp?.stop();
});

/** Runs the browser's part of an OIDC sign-in and returns where the app finally redirects. */
async function oidcSignIn(client: TestClient): Promise<string> {
  const start = await client.post('/api/auth/sign-in/social', {
    provider: 'oidc',
    callbackURL: '/auth/callback',
  });
  expect(start.status).toBe(200);
  const authorize = await fetch(start.json.url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/callback/oidc');
  const callback = await client.get(back.pathname + back.search);
  expect(callback.status).toBe(302);
  return callback.headers.get('location')!;
}

describe('OpenID Connect sign-in', () => {
  it('creates the account, and complete-user-setup gives the new user an organisation as admin', async () => {
    const client = server.client();
    expect(await oidcSignIn(client)).toBe('/auth/callback');
    const me = await client.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ email: 'grace@idp.test', fullName: 'Grace Hopper' });
    const setup = await client.post('/api/functions/complete-user-setup');
    expect(setup.json.success).toBe(true);
    const again = await client.get('/api/v1/me');
    expect(again.json.user.org_roles).toEqual([
      { org_id: setup.json.organization.id, role: 'admin' },
    ]);
  });

  it('asks for the second factor after an OIDC sign-in once two-factor is enabled', async () => {
    idp.setProfile({ sub: 'idp-user-2', email: 'alan@idp.test', name: 'Alan Turing' });
    const client = server.client();
    await oidcSignIn(client);
    const enable = await client.post('/api/auth/two-factor/enable', {});
    expect(enable.status).toBe(200);
    const secret = new URL(enable.json.totpURI).searchParams.get('secret')!;
    const totp = new TOTP({ secret, digits: 6, period: 30 });
    expect(
      (await client.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status,
    ).toBe(200);

    const browser = server.client();
    expect(await oidcSignIn(browser)).toBe('/login?twoFactor=1');
    expect((await browser.get('/api/v1/me')).status).toBe(401);
    expect(
      (await browser.post('/api/auth/two-factor/verify-totp', { code: '123456' })).status,
    ).toBe(401);
    // The next step's code: codes are single-use, and this step's went to enabling two-factor.
    const verified = await browser.post('/api/auth/two-factor/verify-totp', {
      code: totp.generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(verified.status).toBe(200);
    const me = await browser.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe('alan@idp.test');
  });

  it('links the provider to a password account and never unlinks the last way to sign in', async () => {
    const { client, email } = await signedInUser(server);
    idp.setProfile({ sub: 'idp-user-3', email, name: 'Linked User' });
    const start = await client.post('/api/auth/link-social', {
      provider: 'oidc',
      callbackURL: '/pages/account-settings/security',
    });
    expect(start.status).toBe(200);
    const authorize = await fetch(start.json.url, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    const done = await client.get(back.pathname + back.search);
    expect(done.headers.get('location')).toBe('/pages/account-settings/security');

    const accounts = await client.get('/api/auth/list-accounts');
    expect(accounts.json.map((a: { providerId: string }) => a.providerId).sort()).toEqual([
      'credential',
      'oidc',
    ]);
    const accountOf = (provider: string) =>
      accounts.json.find((a: { providerId: string }) => a.providerId === provider).id;
    const unlink = await client.post('/api/auth/unlink-account', {
      accountId: accountOf('oidc'),
    });
    expect(unlink.status, JSON.stringify(unlink.json)).toBe(200);
    const last = await client.post('/api/auth/unlink-account', {
      accountId: accountOf('credential'),
    });
    expect(last.status).toBe(400);
    expect((await client.get('/api/auth/list-accounts')).json).toHaveLength(1);
  });
});
