import { OAuth2Server } from 'oauth2-mock-server';

export type OidcProfile = { sub: string; email: string; name: string };

/**
 * A real OpenID Connect provider on a local port, standing in for a company's identity
 * provider. Whoever signs in next is `setProfile`'s person (with a verified e-mail).
 */
export async function startOidcProvider(first: OidcProfile) {
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  let profile = first;
  const claims = (target: Record<string, unknown>) =>
    Object.assign(target, profile, { email_verified: true });
  idp.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    claims(token.payload);
  });
  idp.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    claims(response.body);
  });
  return {
    /** The server environment that points Meridian at this provider. */
    env: {
      OIDC_ISSUER: idp.issuer.url!,
      OIDC_CLIENT_ID: 'meridian',
      OIDC_CLIENT_SECRET: 'meridian-secret',
      OIDC_NAME: 'Test IdP',
    },
    setProfile(next: OidcProfile) {
      profile = next;
    },
    stop: () => idp.stop(),
  };
}
