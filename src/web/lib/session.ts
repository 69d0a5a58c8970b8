import type { QueryClient } from '@tanstack/react-query';
import { LOGOUT_TIMEOUT_MS } from '../../shared/constants';
import { authClient, type AuthSession } from './auth-client';
import { removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/** The current session from the server, or null (no session, or the server cannot say). */
export async function fetchSession(): Promise<AuthSession | null> {
  try {
    const { data, error } = await authClient.getSession();
    if (error || !data?.session || !data.user) return null;
    return data;
  } catch {
    return null;
  }
}

/** A successful password sign-in clears the explicit-logout flag (spec section 4). */
export function markSignedIn(): void {
  removeStorage(STORAGE_KEYS.explicitLogout);
}

/**
 * Explicit logout (spec section 4): set the flag, clear what the browser keeps about the user,
 * then ask the server to end the session, giving up after 3 s (local cleanup still happens).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  writeStorage(STORAGE_KEYS.explicitLogout, 'true');
  removeStorage(
    STORAGE_KEYS.selectedOrgId,
    STORAGE_KEYS.selectedOrgRole,
    STORAGE_KEYS.userData,
    STORAGE_KEYS.userAbilityRules,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      authClient.signOut(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, LOGOUT_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    console.warn('Sign-out request failed; continuing with local cleanup', error);
  } finally {
    clearTimeout(timer);
    queryClient.clear();
  }
}
