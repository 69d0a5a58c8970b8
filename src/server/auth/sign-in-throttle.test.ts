import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import path from 'node:path';
import { signedInUser, startTestServer, type TestServer } from '../test/harness.ts';
import { signInThrottle } from '../db/schema/index.ts';
import { readOutbox } from '../mail/outbox.ts';
import { SIGN_IN_LOCKOUT } from '../../shared/constants.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Each attempt from its own client address, so only a per-account limit can stop them. */
const signIn = (email: string, password: string) =>
  server.client().post('/api/auth/sign-in/email', { email, password });

async function failTimes(email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await signIn(email, 'a wrong password');
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  }
}

const lockMails = async (to: string) =>
  (await readOutbox(path.join(server.deps.config.dataDir, 'mail'))).filter(
    (m) => m.to.includes(to) && m.subject.includes('locked'),
  );

describe('per-account sign-in lock', () => {
  it('locks an account after wrong passwords from many addresses, mails its owner, then expires', async () => {
    const { email, password } = await signedInUser(server);
    await failTimes(email, SIGN_IN_LOCKOUT.maxFailures);

    const locked = await signIn(email, password);
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(locked.json.message).toMatch(/locked/);
    const wait = Number(locked.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(SIGN_IN_LOCKOUT.lockMinutes * 60 - 60);
    expect(wait).toBeLessThanOrEqual(SIGN_IN_LOCKOUT.lockMinutes * 60);

    const mails = await lockMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${SIGN_IN_LOCKOUT.lockMinutes} minutes`);
    expect(mails[0]!.text).toContain('http://localhost:3000/forgot-password');

    // The lock runs out (moved into the past here); the right password works and clears it.
    await server.db
      .update(signInThrottle)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(signInThrottle.email, email));
    expect((await signIn(email, password)).status).toBe(200);
    expect(
      await server.db.select().from(signInThrottle).where(eq(signInThrottle.email, email)),
    ).toEqual([]);
  });

  it('counts wrong passwords in a row only: a successful sign-in starts again', async () => {
    const { email, password } = await signedInUser(server);
    await failTimes(email, SIGN_IN_LOCKOUT.maxFailures - 1);
    expect((await signIn(email, password)).status).toBe(200);
    await failTimes(email, SIGN_IN_LOCKOUT.maxFailures - 1);
    expect((await signIn(email, password)).status).toBe(200);
    expect(await lockMails(email)).toEqual([]);
  });

  it('forgets a failure older than the window', async () => {
    const { email, password } = await signedInUser(server);
    await failTimes(email, SIGN_IN_LOCKOUT.maxFailures - 1);
    await server.db
      .update(signInThrottle)
      .set({
        lastFailedAt: sql`now() - make_interval(mins => ${SIGN_IN_LOCKOUT.failureWindowMinutes + 1})`,
      })
      .where(eq(signInThrottle.email, email));
    await failTimes(email, 1);
    const [row] = await server.db
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.email, email));
    expect(row).toMatchObject({ failures: 1, lockedUntil: null });
    expect((await signIn(email, password)).status).toBe(200);
  });

  it('answers the same for an address without an account, and mails nobody', async () => {
    const email = 'nobody-here@example.test';
    await failTimes(email, SIGN_IN_LOCKOUT.maxFailures);
    const locked = await signIn(email, 'another password');
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe('ACCOUNT_LOCKED');
    expect(await lockMails(email)).toEqual([]);
  });
});
