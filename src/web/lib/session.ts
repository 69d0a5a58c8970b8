import type { QueryClient } from '@tanstack/react-query';
import { LOGOUT_TIMEOUT_MS, SIGN_OUT_IGNORED_STATUSES } from '../../shared/constants';
import { api, FUNCTIONS_BASE } from './api';
import type { AuthSession } from './auth-client';
import { loadAuthClient } from './auth-client-loader';
import { takeEarlyResponse } from './early-requests';
import { removeStorage, STORAGE_KEYS, writeStorage } from './storage';

// Better Auth's session endpoint, the one authClient.getSession() calls. Every page load asks
// it, so it is fetched directly: the auth client (and its plugins) loads only with the pages
// and actions that use it (sign-in, sign-out, security settings).
const SESSION_URL = '/api/auth/get-session';

/** The ISO dates of a session as the Better Auth client gives them (Date objects). */
function withDates(session: AuthSession): AuthSession {
  const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : value);
  const { user, session: own } = session;
  return {
    ...session,
    user: { ...user, createdAt: date(user.createdAt), updatedAt: date(user.updatedAt) },
    session: {
      ...own,
      createdAt: date(own.createdAt),
      updatedAt: date(own.updatedAt),
      expiresAt: date(own.expiresAt),
    },
  } as AuthSession;
}

/** The current session from the server, or null (no session, or the server cannot say). */
export async function fetchSession(): Promise<AuthSession | null> {
  try {
    // At start-up, the request public/initial-loader.js already made (lib/early-requests).
    const response =
      (await takeEarlyResponse('session')) ??
      (await fetch(SESSION_URL, {
        credentials: 'include',
        headers: { Accept: 'application/json' },
      }));
    if (!response.ok) return null;
    const data = (await response.json()) as AuthSession | null;
    if (!data?.session || !data.user) return null;
    return withDates(data);
  } catch {
    return null;
  }
}

/** The server function check-super-admin (spec section 7); false when it fails. */
export async function fetchIsSuperAdmin(): Promise<boolean> {
  try {
    // The first check of the page's start: the request public/initial-loader.js already made.
    const early = await takeEarlyResponse('superAdmin');
    const earlyBody = early?.ok
      ? ((await early.json().catch(() => undefined)) as { is_super_admin?: unknown } | undefined)
      : undefined;
    if (earlyBody !== undefined) return earlyBody?.is_super_admin === true;
    const body = await api<{ is_super_admin?: unknown } | undefined>('/check-super-admin', {
      base: FUNCTIONS_BASE,
      method: 'POST',
    });
    return body?.is_super_admin === true;
  } catch {
    return false;
  }
}

const ignoredSignOutStatus = (status: number) =>
  (SIGN_OUT_IGNORED_STATUSES as readonly number[]).includes(status);

/** Asks the server to end the session; errors 401/403/404 are ignored, others warn. */
async function endServerSession(): Promise<void> {
  try {
    const { error } = await (await loadAuthClient()).signOut();
    if (error && !ignoredSignOutStatus(error.status)) {
      console.warn('Sign-out failed; continuing with local cleanup', error);
    }
  } catch (error) {
    console.warn('Sign-out request failed; continuing with local cleanup', error);
  }
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
  const timedOut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`Sign-out took more than ${LOGOUT_TIMEOUT_MS} ms; continuing`);
      resolve();
    }, LOGOUT_TIMEOUT_MS);
  });
  try {
    await Promise.race([endServerSession(), timedOut]);
  } finally {
    clearTimeout(timer);
    queryClient.clear();
  }
}
