import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '../../../lib/auth-client-loader';
import { authFailure, captureRetryAfter, FailureError } from '../../../lib/errors';
import { markSignedIn } from '../../../lib/auth-store';
import { verifyEmailCallback } from './verify-email-callback';

export type SignInOutcome = { kind: 'signedIn' } | { kind: 'twoFactor'; methods: string[] };

/** "Password login fails with 'Authentication failed' if no session or user comes back." */
const authenticationFailed = () => new FailureError({ status: 200, code: 'AUTHENTICATION_FAILED' });

export function useSignIn() {
  return useMutation({
    mutationFn: async (values: { email: string; password: string }): Promise<SignInOutcome> => {
      const capture = captureRetryAfter();
      const auth = await loadAuthClient();
      const { data, error } = await auth.signIn.email({
        email: values.email,
        password: values.password,
        fetchOptions: capture.fetchOptions,
      });
      if (error) throw authFailure(error, capture.retryAfter);
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        const methods =
          'twoFactorMethods' in data && Array.isArray(data.twoFactorMethods)
            ? data.twoFactorMethods.filter((method): method is string => typeof method === 'string')
            : [];
        return { kind: 'twoFactor', methods };
      }
      if (!data?.user || !data.token) throw authenticationFailed();
      markSignedIn();
      return { kind: 'signedIn' };
    },
  });
}

export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: async (values: {
      method: 'totp' | 'backup';
      code: string;
      trustDevice: boolean;
    }): Promise<void> => {
      const capture = captureRetryAfter();
      const body = {
        code: values.code,
        trustDevice: values.trustDevice,
        fetchOptions: capture.fetchOptions,
      };
      const auth = await loadAuthClient();
      const { data, error } =
        values.method === 'totp'
          ? await auth.twoFactor.verifyTotp(body)
          : await auth.twoFactor.verifyBackupCode(body);
      if (error) throw authFailure(error, capture.retryAfter);
      if (!data?.user || !data.token) throw authenticationFailed();
      markSignedIn();
    },
  });
}

export type SignUpOutcome = { kind: 'signedIn' } | { kind: 'verifyEmail'; email: string };

export function useSignUp() {
  return useMutation({
    mutationFn: async (values: {
      name: string;
      email: string;
      password: string;
      /** Where to go after verifying and signing in. */
      to?: string | undefined;
    }): Promise<SignUpOutcome> => {
      const capture = captureRetryAfter();
      const auth = await loadAuthClient();
      const { data, error } = await auth.signUp.email({
        name: values.name,
        email: values.email,
        password: values.password,
        callbackURL: verifyEmailCallback(values.to),
        fetchOptions: capture.fetchOptions,
      });
      if (error) throw authFailure(error, capture.retryAfter);
      // Without required verification the server signs the new user in at once.
      if (data?.token) {
        markSignedIn();
        return { kind: 'signedIn' };
      }
      return { kind: 'verifyEmail', email: values.email };
    },
  });
}

export function useResendVerification(to?: string) {
  return useMutation({
    mutationFn: async (email: string): Promise<string> => {
      const capture = captureRetryAfter();
      const auth = await loadAuthClient();
      const { error } = await auth.sendVerificationEmail({
        email,
        callbackURL: verifyEmailCallback(to),
        fetchOptions: capture.fetchOptions,
      });
      if (error) throw authFailure(error, capture.retryAfter);
      return email;
    },
  });
}
