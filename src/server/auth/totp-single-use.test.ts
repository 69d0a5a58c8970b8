import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP } from 'otpauth';
import { signedInUser, startTestServer, type TestServer } from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A user with two-factor on, confirmed with the current step's code. */
async function userWithTotp() {
  const user = await signedInUser(server);
  const enable = await user.client.post('/api/auth/two-factor/enable', {
    password: user.password,
  });
  expect(enable.status).toBe(200);
  const secret = new URL(enable.json.totpURI as string).searchParams.get('secret')!;
  const totp = new TOTP({ secret, digits: 6, period: 30 });
  const enablingCode = totp.generate();
  const confirm = await user.client.post('/api/auth/two-factor/verify-totp', {
    code: enablingCode,
  });
  expect(confirm.status).toBe(200);
  return { ...user, totp, enablingCode };
}

/** A new browser that got past the password and now owes a code. */
async function challenged(email: string, password: string) {
  const browser = server.client();
  const res = await browser.post('/api/auth/sign-in/email', { email, password });
  expect(res.json.twoFactorRedirect).toBe(true);
  return browser;
}

/** The next step's code: valid now (Better Auth accepts one step either way), not used yet. */
const nextCode = (totp: TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

describe('TOTP codes are single-use', () => {
  it('refuses a code already used by a sign-in, in a second sign-in within its window', async () => {
    const { email, password, totp } = await userWithTotp();
    const code = nextCode(totp);

    const first = await challenged(email, password);
    expect((await first.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(200);
    expect((await first.get('/api/v1/me')).status).toBe(200);

    const second = await challenged(email, password);
    const replay = await second.post('/api/auth/two-factor/verify-totp', { code });
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('TOTP_CODE_USED');
    expect((await second.get('/api/v1/me')).status).toBe(401);
  });

  it('refuses the code that turned two-factor on, and any code of an earlier step', async () => {
    const { email, password, totp, enablingCode } = await userWithTotp();
    const browser = await challenged(email, password);
    // The very code that turned it on (not the current step's: a step may have begun since).
    const earlier = totp.generate({ timestamp: Date.now() - 30_000 });
    for (const code of [enablingCode, earlier]) {
      const res = await browser.post('/api/auth/two-factor/verify-totp', { code });
      expect(res.status).toBe(401);
    }
    expect((await browser.get('/api/v1/me')).status).toBe(401);
  });

  it('lets one of two simultaneous sign-ins with the same code through', async () => {
    const { email, password, totp } = await userWithTotp();
    const code = nextCode(totp);
    const browsers = [await challenged(email, password), await challenged(email, password)];
    const statuses = await Promise.all(
      browsers.map(
        async (b) => (await b.post('/api/auth/two-factor/verify-totp', { code })).status,
      ),
    );
    expect(statuses.sort()).toEqual([200, 401]);
  });
});
