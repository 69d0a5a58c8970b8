import { safeRedirectTarget } from '../../../lib/guard';

/** Where the server's verification link sends the browser back (spec: /verify-email). */
export const VERIFY_EMAIL_CALLBACK = '/verify-email';

/**
 * The verification link's way back: /verify-email, carrying the page to open after signing in
 * (`to`, e.g. the invitation the user registered for) when there is one on this site.
 */
export function verifyEmailCallback(to?: string): string {
  const target = to ? safeRedirectTarget(to) : '/';
  return target === '/'
    ? VERIFY_EMAIL_CALLBACK
    : `${VERIFY_EMAIL_CALLBACK}?to=${encodeURIComponent(target)}`;
}
