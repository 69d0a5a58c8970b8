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

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'accounts'],
    queryFn: () => unwrap(authClient.listAccounts()),
  });

/** The providers a user can link besides the password (Better Auth serves OIDC as 'oidc'). */
export type LinkableProvider = 'google' | 'oidc';

/** Where linking a provider comes back to: with `?linked=` on success, `?error=` on failure. */
export const SECURITY_TAB_PATH = '/pages/account-settings/security';

/** Where both e-mail change links (to the current and to the new address) come back to. */
export const EMAIL_CHANGE_CALLBACK = `${SECURITY_TAB_PATH}?emailChange=1`;

/**
 * Starts linking `provider`: the server answers with the provider's address and the browser
 * goes there; it comes back to the security tab.
 */
async function linkProvider(provider: LinkableProvider): Promise<void> {
  const data = await unwrap(
    authClient.linkSocial({
      provider,
      callbackURL: `${SECURITY_TAB_PATH}?linked=${provider}`,
      errorCallbackURL: SECURITY_TAB_PATH,
      disableRedirect: true,
    }),
  );
  if (data?.url) window.location.assign(data.url);
}

export const securityCalls = {
  linkProvider,
  /** `accountId` is Better Auth's id of the account row (listAccounts' `id`). */
  unlinkAccount: (accountId: string) => unwrap(authClient.unlinkAccount({ accountId })),
  changeEmail: (newEmail: string) =>
    unwrap(authClient.changeEmail({ newEmail, callbackURL: EMAIL_CHANGE_CALLBACK })),
  /** With the password when the user has one; without, the session must be fresh. */
  deleteUser: (password: string | null) =>
    unwrap(authClient.deleteUser(password ? { password } : {})),
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
