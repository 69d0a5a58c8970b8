import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '../../../lib/auth-client-loader';
import { authFailure, captureRetryAfter } from '../../../lib/errors';

/** Where the server's reset link sends the browser back, with `?token=` or `?error=`. */
export const RESET_PASSWORD_CALLBACK = '/reset-password';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string): Promise<string> => {
      const capture = captureRetryAfter();
      const auth = await loadAuthClient();
      const { error } = await auth.requestPasswordReset({
        email,
        redirectTo: RESET_PASSWORD_CALLBACK,
        fetchOptions: capture.fetchOptions,
      });
      if (error) throw authFailure(error, capture.retryAfter);
      return email;
    },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (values: { token: string; newPassword: string }): Promise<void> => {
      const capture = captureRetryAfter();
      const auth = await loadAuthClient();
      const { error } = await auth.resetPassword({
        token: values.token,
        newPassword: values.newPassword,
        fetchOptions: capture.fetchOptions,
      });
      if (error) throw authFailure(error, capture.retryAfter);
    },
  });
}
