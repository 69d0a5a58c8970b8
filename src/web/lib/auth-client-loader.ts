import type { authClient as AuthClient } from './auth-client';

/**
 * The Better Auth client (with its plugins) is fetched the first time an auth action needs it
 * (signing in or up, a reset, a second factor, signing out), not with the first page: reading
 * the session at start-up goes to its endpoint directly (lib/session).
 */
let loading: Promise<typeof AuthClient> | undefined;

export function loadAuthClient(): Promise<typeof AuthClient> {
  loading ??= import('./auth-client').then(
    (module) => module.authClient,
    (error: unknown) => {
      loading = undefined; // the next action tries again
      throw error;
    },
  );
  return loading;
}

/** Warms the client ahead of an action (e.g. on the first keystroke in a sign-in form). */
export const prefetchAuthClient = (): void => void loadAuthClient().catch(() => undefined);
