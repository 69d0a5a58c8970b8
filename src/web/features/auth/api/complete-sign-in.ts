import { NEW_USER_WINDOW_MS } from '../../../../shared/constants';
import { api, FUNCTIONS_BASE } from '../../../lib/api';
import { handleAuthEvent, selectOrganization } from '../../../lib/auth-store';
import { fetchSession } from '../../../lib/session';
import { removeStorage, STORAGE_KEYS } from '../../../lib/storage';

/** Why the callback page cannot sign the user in: a message key or the provider's text. */
export class CallbackError extends Error {
  readonly key: 'noSession' | 'failed' | null;

  constructor(key: 'noSession' | 'failed' | null, message = '') {
    super(message);
    this.key = key;
    this.name = 'CallbackError';
  }
}

/** The error the provider or the server put in the callback URL, if any (spec section 8). */
export function callbackUrlError(search: URLSearchParams, hash: URLSearchParams): string | null {
  for (const params of [search, hash]) {
    for (const key of ['error_description', 'error', 'error_code']) {
      const value = params.get(key);
      if (value) return value.replace(/_/g, ' ');
    }
  }
  return null;
}

/** A Google or OIDC user counts as new while the account is under 5 minutes old. */
export function isNewUser(createdAt: Date | string, now = Date.now()): boolean {
  const created = new Date(createdAt).getTime();
  return Number.isFinite(created) && now - created < NEW_USER_WINDOW_MS;
}

async function completeUserSetup(): Promise<string> {
  let body: { organization?: { id?: string } } | undefined;
  try {
    body = await api<typeof body>('/complete-user-setup', {
      base: FUNCTIONS_BASE,
      method: 'POST',
    });
  } catch {
    throw new CallbackError('failed');
  }
  if (!body?.organization?.id) throw new CallbackError('failed');
  return body.organization.id;
}

/**
 * The end of a Google or OIDC sign-in: the session must exist; a new user gets their
 * organisation (complete-user-setup) and it becomes the selected one.
 */
export async function completeSocialSignIn(): Promise<void> {
  const session = await fetchSession();
  if (!session) throw new CallbackError('noSession');
  removeStorage(STORAGE_KEYS.explicitLogout);
  const orgId = isNewUser(session.user.createdAt) ? await completeUserSetup() : null;
  await handleAuthEvent('SIGNED_IN', session);
  if (orgId) await selectOrganization(orgId);
}
