import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { authFailure } from '../../../lib/errors';

type Result<T> = {
  data: T | null;
  error: { status: number; code?: string; message?: string } | null;
};

/** A Better Auth client answer as a value, or a thrown Failure. */
async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const { data, error } = await call;
  if (error) throw authFailure(error);
  return data as T;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'session'],
    queryFn: () => unwrap(authClient.getSession()),
  });

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'],
    queryFn: () => unwrap(authClient.listSessions()),
  });

/** A mutation on the auth API that refreshes the session data afterwards. */
export function useAuthMutation<TVariables, TData>(fn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['auth'] }),
  });
}

export const securityCalls = {
  changePassword: (values: {
    currentPassword: string;
    newPassword: string;
    revokeOtherSessions: boolean;
  }) => unwrap(authClient.changePassword(values)),
  enableTwoFactor: (password: string) => unwrap(authClient.twoFactor.enable({ password })),
  verifyTotp: (code: string) => unwrap(authClient.twoFactor.verifyTotp({ code })),
  generateBackupCodes: (password: string) =>
    unwrap(authClient.twoFactor.generateBackupCodes({ password })),
  disableTwoFactor: (password: string) => unwrap(authClient.twoFactor.disable({ password })),
  revokeSession: (token: string) => unwrap(authClient.revokeSession({ token })),
  revokeOtherSessions: () => unwrap(authClient.revokeOtherSessions()),
};
