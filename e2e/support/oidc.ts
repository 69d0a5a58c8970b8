// The local OpenID Connect provider of the browser tests (e2e/support/oidc-server.ts), which
// playwright.config.ts starts before the app server and points the app server at.
import { OIDC_TEST_CLIENT, type OidcProfile } from '../../src/server/test/oidc-provider.ts';
import { E2E_PORT } from './env.ts';

/** Port of the provider: the app server's port plus one. */
export const OIDC_PORT = E2E_PORT + 1;

/** The provider's issuer (its discovery document is under /.well-known/openid-configuration). */
export const OIDC_ISSUER = `http://localhost:${OIDC_PORT}`;

/** The name the app shows for the provider: 'Sign in with {OIDC_NAME}'. */
export const OIDC_NAME = OIDC_TEST_CLIENT.OIDC_NAME;

/** The app server's environment that configures the provider. */
export const OIDC_SERVER_ENV = { OIDC_ISSUER, ...OIDC_TEST_CLIENT };

/** Path of the provider's control endpoint that sets the profile of the next sign-ins. */
export const OIDC_PROFILE_PATH = '/__e2e/profile';

/** Makes whoever signs in at the provider next (and until the next call) this person. */
export async function setOidcProfile(
  profile: { sub: string; email: string; name: string } & Pick<OidcProfile, 'email_verified'>,
): Promise<void> {
  const response = await fetch(OIDC_ISSUER + OIDC_PROFILE_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(profile),
  });
  if (response.status !== 204) {
    throw new Error(`The OIDC provider refused the profile: ${response.status}`);
  }
}
