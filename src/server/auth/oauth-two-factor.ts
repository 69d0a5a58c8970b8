import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';

/** Better Auth's own names (two-factor plugin), so its verify endpoints accept our challenge. */
export const TWO_FACTOR_COOKIE = 'two_factor';
const CHALLENGE_SECONDS = 600;
const OAUTH_CALLBACK = '/callback/:id';
export const TWO_FACTOR_PAGE = '/login?twoFactor=1';

/**
 * Better Auth's two-factor plugin challenges password sign-ins only. This plugin extends the
 * challenge to Google and OpenID Connect sign-ins: when the user has two-factor enabled, the
 * session the callback just created is dropped and replaced by the same pending challenge the
 * plugin uses, and the browser is sent to the sign-in page to enter a code.
 */
export function oauthTwoFactorGate(): BetterAuthPlugin {
  return {
    id: 'oauth-two-factor-gate',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === OAUTH_CALLBACK,
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!(signedIn?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled) {
              return;
            }
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(signedIn!.session.token);
            ctx.context.setNewSession(null);

            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
            const userId = signedIn!.user.id;
            await ctx.context.internalAdapter.createVerificationValue({
              value: userId,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, {
              maxAge: CHALLENGE_SECONDS,
            });
            await ctx.setSignedCookie(
              cookie.name,
              identifier,
              ctx.context.secret,
              cookie.attributes,
            );
            throw ctx.redirect(TWO_FACTOR_PAGE);
          }),
        },
      ],
    },
  };
}
