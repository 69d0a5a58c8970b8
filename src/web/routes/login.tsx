import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/pages/LoginPage';

export interface LoginSearch {
  /** Where to go after signing in (a path on this site). */
  to?: string;
  /** Set by the server after a Google or OIDC sign-in that still needs the second factor. */
  twoFactor?: boolean;
}

export const Route = createFileRoute('/login')({
  staticData: { name: 'login', meta: { layout: 'blank', unauthenticatedOnly: true } },
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...(typeof search.to === 'string' && search.to ? { to: search.to } : {}),
    ...(search.twoFactor === 1 || search.twoFactor === '1' || search.twoFactor === true
      ? { twoFactor: true }
      : {}),
  }),
  component: LoginPage,
});
