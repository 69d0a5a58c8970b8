import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { constantTimeEqual, symmetricDecrypt } from 'better-auth/crypto';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { twoFactor } from '../db/schema/index.ts';
import { TWO_FACTOR_COOKIE } from './oauth-two-factor.ts';

/** The TOTP settings given to Better Auth's two-factor plugin, so both read codes alike. */
export const TOTP_OPTIONS = { digits: 6, period: 30 } as const;
/** Better Auth accepts the codes of the previous, current and next step (its default window). */
const WINDOW = 1;
const VERIFY_TOTP = '/two-factor/verify-totp';
/** Better Auth's prefix for imported Base32 secrets (two-factor plugin, totp). */
const BASE32_PREFIX = 'base32:';

export const TOTP_CODE_USED = 'TOTP_CODE_USED';
export const TOTP_CODE_USED_MESSAGE =
  'This code has already been used. Enter the next code from your authenticator app.';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose code it is: the signed-in user (enabling two-factor), or the pending sign-in's user. */
async function codeOwner(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  return (await ctx.context.internalAdapter.findVerificationValue(challenge))?.value ?? null;
}

/** The time step whose code `code` is, within Better Auth's window, or null. */
async function stepOf(secret: string | Uint8Array, code: string): Promise<number | null> {
  const otp = createOTP(secret, TOTP_OPTIONS);
  const now = Math.floor(Date.now() / 1000 / TOTP_OPTIONS.period);
  let matched: number | null = null;
  for (let step = now - WINDOW; step <= now + WINDOW; step++) {
    if (constantTimeEqual(await otp.hotp(step), code)) matched = step;
  }
  return matched;
}

/**
 * Makes TOTP codes single-use (RFC 6238 section 5.2), which Better Auth's two-factor plugin
 * does not: before it verifies a code, the code's time step is claimed for the user, atomically,
 * and a code of the last claimed step or an earlier one is refused. Wrong codes pass through
 * untouched, so Better Auth still counts them toward its lock.
 */
export function totpSingleUse(db: Database): BetterAuthPlugin {
  return {
    id: 'meridian-totp-single-use',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP,
          handler: createAuthMiddleware(async (ctx) => {
            const code: unknown = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== 'string') return;
            const userId = await codeOwner(ctx);
            if (!userId) return;
            const [row] = await db
              .select({ id: twoFactor.id, secret: twoFactor.secret })
              .from(twoFactor)
              .where(eq(twoFactor.userId, userId));
            if (!row) return;
            const secret = await symmetricDecrypt({
              key: ctx.context.secretConfig,
              data: row.secret,
            });
            const step = await stepOf(
              secret.startsWith(BASE32_PREFIX)
                ? base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase())
                : secret,
              code,
            );
            if (step === null) return;
            const claimed = await db
              .update(twoFactor)
              .set({ lastUsedStep: step })
              .where(
                and(
                  eq(twoFactor.id, row.id),
                  or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
                ),
              )
              .returning({ id: twoFactor.id });
            if (claimed.length === 0) {
              throw new APIError('UNAUTHORIZED', {
                code: TOTP_CODE_USED,
                message: TOTP_CODE_USED_MESSAGE,
              });
            }
          }),
        },
      ],
    },
  };
}
