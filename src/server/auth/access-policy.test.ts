import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  signedInUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../test/harness.ts';
import { startOidcProvider } from '../test/oidc-provider.ts';
import { appSetting, session, user, whitelistEntry } from '../db/schema/index.ts';
import { WHITELIST_MESSAGES } from '../../shared/schemas/whitelist.ts';
import {
  ACCOUNT_SUSPENDED_MESSAGE,
  WHITELIST_SETTING_KEY,
  mayCreateAccount,
  whitelistEnabledIn,
  type PolicyStore,
} from './access-policy.ts';
import { seedFirstStart } from './seed.ts';

describe('mayCreateAccount', () => {
  const store = (enabled: boolean, listed: string[]): PolicyStore & { asked: string[][] } => {
    const asked: string[][] = [];
    return {
      asked,
      whitelistEnabled: async () => enabled,
      isListed: async (patterns) => {
        asked.push(patterns);
        return patterns.some((p) => listed.includes(p));
      },
    };
  };
  const none = new Set<string>();

  it('allows everyone while the whitelist is off', async () => {
    expect(await mayCreateAccount('anyone@example.com', store(false, []), none)).toBe(true);
  });

  it('when on, allows listed addresses and domains only, case-insensitively', async () => {
    const s = store(true, ['ada@example.com', '@corp.test']);
    expect(await mayCreateAccount('Ada@Example.com', s, none)).toBe(true);
    expect(await mayCreateAccount('bob@corp.test', s, none)).toBe(true);
    expect(await mayCreateAccount('bob@example.com', s, none)).toBe(false);
    expect(await mayCreateAccount('bob@sub.corp.test', s, none)).toBe(false);
    expect(await mayCreateAccount('', s, none)).toBe(false);
    expect(s.asked[0]).toEqual(['ada@example.com', '@example.com']);
  });

  it('always allows the configured super admins', async () => {
    const s = store(true, []);
    expect(await mayCreateAccount('ROOT@example.com', s, new Set(['root@example.com']))).toBe(true);
    expect(s.asked).toEqual([]);
  });

  it('reads the switch as on only for { enabled: true }', () => {
    expect(whitelistEnabledIn({ enabled: true })).toBe(true);
    for (const value of [undefined, null, true, 'true', { enabled: 'yes' }, { enabled: false }]) {
      expect(whitelistEnabledIn(value)).toBe(false);
    }
  });
});

// Integration: the real Better Auth, password sign-up and a local OpenID Connect provider.
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let server: TestServer;

beforeAll(async () => {
  idp = await startOidcProvider({ sub: 'idp-1', email: 'first@idp.test', name: 'First' });
  server = await startTestServer({
    SUPER_ADMIN_EMAILS: 'root@example.test',
    SEED_ADMIN_EMAIL: 'seed@example.test',
    ...idp.env,
  });
});
afterAll(async () => {
  await server?.close();
  await idp?.stop();
});

const setWhitelist = async (enabled: boolean) => {
  await server.db
    .insert(appSetting)
    .values({ key: WHITELIST_SETTING_KEY, value: { enabled } })
    .onConflictDoUpdate({ target: appSetting.key, set: { value: { enabled } } });
};
const usersWithEmail = async (email: string) =>
  (await server.db.select({ n: count() }).from(user).where(eq(user.email, email)))[0]!.n;

/** The browser's part of an OIDC sign-in; returns where the app finally redirects. */
async function oidcSignIn(client: TestClient): Promise<URL> {
  const start = await client.post('/api/auth/sign-in/social', {
    provider: 'oidc',
    callbackURL: '/auth/callback',
    errorCallbackURL: '/login',
  });
  expect(start.status).toBe(200);
  const authorize = await fetch(start.json.url, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await client.get(back.pathname + back.search);
  expect(callback.status).toBe(302);
  return new URL(callback.headers.get('location')!, 'http://localhost:3000');
}

describe('first start', () => {
  it('seeds the first super admin although Better Auth now validates new users', async () => {
    const seeded = await seedFirstStart(server.db, server.deps.auth, {
      email: 'seed@example.test',
      password: 'seed-password-123',
    });
    expect(seeded).toMatchObject({ email: 'seed@example.test' });
    const signIn = await server.client().post('/api/auth/sign-in/email', {
      email: 'seed@example.test',
      password: 'seed-password-123',
    });
    expect(signIn.status).toBe(200);
    expect(signIn.json.user.superAdmin).toBe(true);
  });
});

describe('sign-up whitelist', () => {
  it('refuses a password sign-up of an unlisted address with 403 and creates nothing', async () => {
    const existing = await signedInUser(server); // created before the switch
    await setWhitelist(true);
    try {
      const res = await server.client().post('/api/auth/sign-up/email', {
        email: 'stranger@example.test',
        password: 'correct horse battery staple',
        name: 'Stranger',
      });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({
        code: 'EMAIL_NOT_ALLOWED',
        message: WHITELIST_MESSAGES.refused,
      });
      expect(await usersWithEmail('stranger@example.test')).toBe(0);

      // Existing users keep their access.
      const again = await server.client().post('/api/auth/sign-in/email', {
        email: existing.email,
        password: existing.password,
      });
      expect(again.status).toBe(200);
    } finally {
      await setWhitelist(false);
    }
  });

  it('admits listed addresses, whole @domains and SUPER_ADMIN_EMAILS while on', async () => {
    await server.db
      .insert(whitelistEntry)
      .values([{ pattern: 'ada@listed.test' }, { pattern: '@corp.test' }]);
    await setWhitelist(true);
    try {
      await signedInUser(server, { email: 'ada@listed.test' });
      await signedInUser(server, { email: 'Grace@Corp.test' });
      const root = await signedInUser(server, { email: 'root@example.test' });
      expect(root.userId).toBeTruthy();
      const refused = await server.client().post('/api/auth/sign-up/email', {
        email: 'bob@listed.test',
        password: 'correct horse battery staple',
        name: 'Bob',
      });
      expect(refused.status).toBe(403);
    } finally {
      await setWhitelist(false);
    }
  });

  it('refuses an OIDC sign-up of an unlisted address, and lets existing OIDC users back in', async () => {
    idp.setProfile({ sub: 'idp-known', email: 'known@idp.test', name: 'Known' });
    expect((await oidcSignIn(server.client())).pathname).toBe('/auth/callback');

    await setWhitelist(true);
    try {
      idp.setProfile({ sub: 'idp-new', email: 'new@idp.test', name: 'Newcomer' });
      const refused = await oidcSignIn(server.client());
      expect(refused.pathname).toBe('/login');
      expect(refused.searchParams.get('error')).toBe('EMAIL_NOT_ALLOWED');
      expect(refused.searchParams.get('error_description')).toBe(WHITELIST_MESSAGES.refused);
      expect(await usersWithEmail('new@idp.test')).toBe(0);

      idp.setProfile({ sub: 'idp-known', email: 'known@idp.test', name: 'Known' });
      const client = server.client();
      expect((await oidcSignIn(client)).pathname).toBe('/auth/callback');
      expect((await client.get('/api/v1/me')).status).toBe(200);
    } finally {
      await setWhitelist(false);
    }
  });
});

describe('bans', () => {
  const ban = (id: string) =>
    server.db.update(user).set({ bannedAt: new Date(), banReason: 'test' }).where(eq(user.id, id));

  it('refuses a password sign-in of a suspended account with 403', async () => {
    const u = await signedInUser(server);
    await ban(u.userId);
    const res = await server.client().post('/api/auth/sign-in/email', {
      email: u.email,
      password: u.password,
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: ACCOUNT_SUSPENDED_MESSAGE,
    });
    const wrong = await server.client().post('/api/auth/sign-in/email', {
      email: u.email,
      password: 'not the password at all',
    });
    expect(wrong.status).toBe(401);
  });

  it('refuses an OIDC sign-in of a suspended account', async () => {
    idp.setProfile({ sub: 'idp-banned', email: 'banned@idp.test', name: 'Banned' });
    await oidcSignIn(server.client());
    const [row] = await server.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'banned@idp.test'));
    await ban(row!.id);
    await server.db.delete(session).where(eq(session.userId, row!.id));

    const refused = await oidcSignIn(server.client());
    expect(refused.pathname).toBe('/login');
    expect(refused.searchParams.get('error')).toBe('ACCOUNT_SUSPENDED');
    expect(refused.searchParams.get('error_description')).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    const [sessions] = await server.db
      .select({ n: count() })
      .from(session)
      .where(eq(session.userId, row!.id));
    expect(sessions!.n).toBe(0);
  });
});
