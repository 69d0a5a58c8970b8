/**
 * The address an e-mail change is waiting for, remembered in this browser so that the
 * security tab can tell, when a change link brings the user back, whether the change is done
 * or the new address still has to confirm. Only a convenience: another browser shows a
 * general message instead.
 */
const PENDING_EMAIL_KEY = 'pendingEmailChange';

export function readPendingEmail(): string | null {
  try {
    return window.localStorage.getItem(PENDING_EMAIL_KEY);
  } catch {
    return null;
  }
}

export function writePendingEmail(email: string | null): void {
  try {
    if (email) window.localStorage.setItem(PENDING_EMAIL_KEY, email);
    else window.localStorage.removeItem(PENDING_EMAIL_KEY);
  } catch {
    // storage is a convenience, never a failure
  }
}

/** What the security tab says when a change link has brought the user back. */
export type EmailChangeReturn =
  | { kind: 'changed'; email: string }
  | { kind: 'confirmed'; newEmail: string }
  | { kind: 'unknown'; email: string };

export function emailChangeReturn(currentEmail: string, pending: string | null): EmailChangeReturn {
  if (pending && pending.toLowerCase() === currentEmail.toLowerCase()) {
    return { kind: 'changed', email: currentEmail };
  }
  if (pending) return { kind: 'confirmed', newEmail: pending };
  return { kind: 'unknown', email: currentEmail };
}
