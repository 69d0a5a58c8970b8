import { loadAuthClient } from '../../../lib/auth-client-loader';
import { authFailure } from '../../../lib/errors';

/** Where Google and the OIDC provider send the browser back (spec: auth-callback). */
export const AUTH_CALLBACK = '/auth/callback';

export type SocialProvider = 'google' | 'oidc';

/**
 * Starts a Google or OIDC sign-in: the server answers with the provider's address and the
 * browser goes there. Better Auth serves the generic OIDC provider as a social provider too
 * (`/sign-in/social` with provider `oidc`; the server's OIDC test covers that path).
 */
export async function startSocialSignIn(provider: SocialProvider): Promise<void> {
  const auth = await loadAuthClient();
  const { data, error } = await auth.$fetch<{ url?: string }>('/sign-in/social', {
    method: 'POST',
    // The browser goes to the provider once, below: with Better Auth's own redirect as well, the
    // second navigation cancels the first after its callback has already used the one-time state
    // (the second callback then fails with state_mismatch).
    body: {
      provider,
      callbackURL: AUTH_CALLBACK,
      errorCallbackURL: AUTH_CALLBACK,
      disableRedirect: true,
    },
  });
  if (error) throw authFailure(error);
  if (data?.url) window.location.assign(data.url);
}
