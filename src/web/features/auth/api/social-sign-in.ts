import { authClient } from '../../../lib/auth-client';
import { authFailure } from '../../../lib/errors';

/** Where Google and the OIDC provider send the browser back (spec: auth-callback). */
export const AUTH_CALLBACK = '/auth/callback';

export type SocialProvider = 'google' | 'oidc';

/**
 * Starts a Google or OIDC sign-in: the server answers with the provider's address and the
 * browser goes there. OIDC is Better Auth's generic OAuth plugin (`/sign-in/oauth2`).
 */
export async function startSocialSignIn(provider: SocialProvider): Promise<void> {
  const body = { callbackURL: AUTH_CALLBACK, errorCallbackURL: AUTH_CALLBACK };
  const { data, error } =
    provider === 'google'
      ? await authClient.$fetch<{ url?: string }>('/sign-in/social', {
          method: 'POST',
          body: { ...body, provider: 'google' },
        })
      : await authClient.$fetch<{ url?: string }>('/sign-in/oauth2', {
          method: 'POST',
          body: { ...body, providerId: 'oidc' },
        });
  if (error) throw authFailure(error);
  if (data?.url) window.location.assign(data.url);
}
