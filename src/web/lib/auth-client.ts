import { twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth client. Same origin as the app: cookies are httpOnly and sent by the browser;
 * nothing about the session is kept in browser storage.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  // The login page handles `twoFactorRedirect` itself (no full-page redirect).
  plugins: [twoFactorClient()],
});

export type AuthSession = typeof authClient.$Infer.Session;
