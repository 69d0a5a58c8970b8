import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { signInThrottle, user } from '../db/schema/index.ts';
import type { Logger } from '../http/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailTemplates } from '../mail/templates.ts';
import { SIGN_IN_LOCKOUT } from '../../shared/constants.ts';

export const ACCOUNT_LOCKED = 'ACCOUNT_LOCKED';
export const ACCOUNT_LOCKED_MESSAGE =
  'Too many failed sign-in attempts: this account is locked for a while. Try again later, or reset your password.';
const SIGN_IN = '/sign-in/email';
const WRONG_PASSWORD = 'INVALID_EMAIL_OR_PASSWORD';

const { maxFailures, lockMinutes, failureWindowMinutes } = SIGN_IN_LOCKOUT;

function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}

/** Seconds until the address's lock ends, 0 when it is not locked. */
async function lockedFor(db: Database, email: string): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from ${signInThrottle.lockedUntil} - now()))`,
    })
    .from(signInThrottle)
    .where(and(eq(signInThrottle.email, email), gt(signInThrottle.lockedUntil, sql`now()`)));
  return row ? Math.max(1, Number(row.seconds)) : 0;
}

/**
 * Counts one wrong password (atomically, so concurrent attempts from many processes all
 * count) and locks the address when the count reaches the limit. True when this call locked it.
 */
async function recordFailure(db: Database, email: string): Promise<boolean> {
  const [counted] = await db
    .insert(signInThrottle)
    .values({ email, failures: 1, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: signInThrottle.email,
      set: {
        failures: sql`case when ${signInThrottle.lastFailedAt} < now() - make_interval(mins => ${failureWindowMinutes}) then 1 else ${signInThrottle.failures} + 1 end`,
        lastFailedAt: sql`now()`,
      },
    })
    .returning({ failures: signInThrottle.failures });
  if (!counted || counted.failures < maxFailures) return false;
  // The count starts again once the lock is over; of concurrent calls, one locks.
  const locked = await db
    .update(signInThrottle)
    .set({ failures: 0, lockedUntil: sql`now() + make_interval(mins => ${lockMinutes})` })
    .where(and(eq(signInThrottle.email, email), gte(signInThrottle.failures, maxFailures)))
    .returning({ email: signInThrottle.email });
  return locked.length > 0;
}

/**
 * A per-account limit on password sign-in, across client addresses (Better Auth's rate limits
 * count per address only): see SIGN_IN_LOCKOUT. A locked address answers 429 ACCOUNT_LOCKED
 * with Retry-After before the password is even checked, whether or not an account has it; the
 * owner of an account is told by mail when it locks.
 */
export function signInThrottlePlugin(deps: {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
}): BetterAuthPlugin {
  const { db, mailer, logger, appUrl } = deps;

  async function notify(email: string) {
    const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!owner) return;
    try {
      const resetUrl = new URL('/forgot-password', appUrl).toString();
      await mailer.send({
        to: email,
        ...mailTemplates.accountLocked(maxFailures, lockMinutes, resetUrl),
      });
    } catch (err) {
      logger.error({ err, userId: owner.id }, 'the account-locked mail could not be sent');
    }
  }

  return {
    id: 'meridian-sign-in-throttle',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            if (!email) return;
            const seconds = await lockedFor(db, email);
            if (seconds > 0) {
              throw new APIError(
                'TOO_MANY_REQUESTS',
                { code: ACCOUNT_LOCKED, message: ACCOUNT_LOCKED_MESSAGE },
                { 'X-Retry-After': String(seconds) },
              );
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            if (!email) return;
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) {
              await db.delete(signInThrottle).where(eq(signInThrottle.email, email));
              return;
            }
            if (returned.body?.code !== WRONG_PASSWORD) return;
            if (await recordFailure(db, email)) await notify(email);
          }),
        },
      ],
    },
  };
}
