import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/pages/ResetPasswordPage';

export interface ResetPasswordSearch {
  /** The reset token the server's link puts in the query. */
  token?: string;
  /** Better Auth's error code when the link could not be used (INVALID_TOKEN). */
  error?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export const Route = createFileRoute('/reset-password')({
  staticData: { name: 'reset-password', meta: { layout: 'blank', public: true } },
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => {
    const token = text(search.token);
    const error = text(search.error);
    return { ...(token ? { token } : {}), ...(error ? { error } : {}) };
  },
  component: ResetPasswordPage,
});
