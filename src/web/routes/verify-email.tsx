import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/auth/pages/VerifyEmailPage';

export interface VerifyEmailSearch {
  /** Better Auth's error code when the link could not be used (INVALID_TOKEN, TOKEN_EXPIRED…). */
  error?: string;
  /** Where to go after signing in (a registration that started at an invitation). */
  to?: string;
}

export const Route = createFileRoute('/verify-email')({
  staticData: { meta: { layout: 'blank', public: true } },
  validateSearch: (search: Record<string, unknown>): VerifyEmailSearch => ({
    ...(typeof search.error === 'string' && search.error ? { error: search.error } : {}),
    ...(typeof search.to === 'string' && search.to ? { to: search.to } : {}),
  }),
  component: VerifyEmailPage,
});
