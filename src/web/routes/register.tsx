import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/pages/RegisterPage';

export interface RegisterSearch {
  /** Where to go after verifying the address and signing in (e.g. the invitation). */
  to?: string;
  /** The address to fill in (an invitation's). */
  email?: string;
}

export const Route = createFileRoute('/register')({
  staticData: { meta: { layout: 'blank', unauthenticatedOnly: true } },
  validateSearch: (search: Record<string, unknown>): RegisterSearch => ({
    ...(typeof search.to === 'string' && search.to ? { to: search.to } : {}),
    ...(typeof search.email === 'string' && search.email ? { email: search.email } : {}),
  }),
  component: RegisterPage,
});
