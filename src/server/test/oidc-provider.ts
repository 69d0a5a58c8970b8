import { OAuth2Server } from 'oauth2-mock-server';

export type OidcProfile = { sub: string; email: string; name: string; email_verified?: boolean };

/** The client Meridian is registered as at the test provider, and the name it shows. */
export const OIDC_TEST_CLIENT = {
  OIDC_CLIENT_ID: 'meridian',
  OIDC_CLIENT_SECRET: 'meridian-secret',
  OIDC_NAME: 'Test IdP',
} as const;

/**
 * A real OpenID Connect provider (not yet listening), standing in for a company's identity
 * provider. Whoever signs in next is `setProfile`'s person (with a verified e-mail unless the
 * profile says otherwise). Shared by the server tests and the browser tests' provider.
 */
export async function createOidcIdp(first: OidcProfile) {
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  let profile = first;
  const claims = (target: Record<string, unknown>) =>
    Object.assign(target, { email_verified: true }, profile);
  idp.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    claims(token.payload);
  });
  idp.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    claims(response.body);
  });
  return {
    idp,
    setProfile(next: OidcProfile) {
      profile = next;
    },
  };
}

/** The provider of `createOidcIdp` on a free local port (for the server tests). */
export async function startOidcProvider(first: OidcProfile) {
  const { idp, setProfile } = await createOidcIdp(first);
  await idp.start(0, '127.0.0.1');
  return {
    /** The server environment that points Meridian at this provider. */
    env: { OIDC_ISSUER: idp.issuer.url!, ...OIDC_TEST_CLIENT },
    setProfile,
    stop: () => idp.stop(),
  };
}
