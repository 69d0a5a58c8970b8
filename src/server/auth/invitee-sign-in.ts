import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { invitation } from '../db/schema/index.ts';

const VERIFY_EMAIL = '/verify-email';
const ACCEPT_INVITE = '/accept-invite';

/** The invitation id a verification link's callback carries (`/verify-email?to=/accept-invite?id=…`). */
export function invitationIdOf(callbackURL: unknown): string | null {
  if (typeof callbackURL !== 'string') return null;
  try {
    const callback = new URL(callbackURL, 'http://meridian.invalid');
    const to = new URL(callback.searchParams.get('to') ?? '', 'http://meridian.invalid');
    if (to.origin !== 'http://meridian.invalid' || to.pathname !== ACCEPT_INVITE) return null;
    return to.searchParams.get('id');
  } catch {
    return null;
  }
}

/** The e-mail address a verification token was issued for (its signature was checked by then). */
function emailOfToken(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return typeof payload.email === 'string' && !payload.updateTo ? payload.email : null;
  } catch {
    return null;
  }
}

/**
 * Someone who registered from an invitation and opens the verification link is signed in, so
 * the invitation page they return to can be accepted at once. Only then: every other
 * verification leaves signing in to the sign-in page (Better Auth's switch for this is global).
 * It applies when the link succeeded (Better Auth checked the token's signature and expiry and
 * redirected to the callback, not to an error), the callback leads to an invitation, and that
 * invitation is pending, unexpired and addressed to the verified address.
 */
export function inviteeSignIn(db: Database): BetterAuthPlugin {
  return {
    id: 'invitee-sign-in',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === VERIFY_EMAIL,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const location = isAPIError(returned)
              ? new Headers(returned.headers ?? {}).get('location')
              : null;
            if (!location || location.includes('error=')) return;
            const invitationId = invitationIdOf(ctx.query?.callbackURL);
            const email = emailOfToken(ctx.query?.token);
            if (!invitationId || !email || ctx.context.session) return;
            const [pending] = await db
              .select({ id: invitation.id })
              .from(invitation)
              .where(
                and(
                  sql`${invitation.id}::text = ${invitationId}`,
                  sql`lower(${invitation.email}) = lower(${email})`,
                  eq(invitation.status, 'pending'),
                  gt(invitation.expiresAt, new Date()),
                ),
              )
              .limit(1);
            if (!pending) return;
            const found = await ctx.context.internalAdapter.findUserByEmail(email);
            if (!found?.user.emailVerified) return;
            const session = await ctx.context.internalAdapter.createSession(found.user.id);
            await setSessionCookie(ctx, { session, user: found.user });
          }),
        },
      ],
    },
  };
}
