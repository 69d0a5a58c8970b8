import type { TFunction } from 'i18next';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import { WHITELIST_MESSAGES } from '../../../shared/schemas/whitelist';
import { describeFailure, thrownToFailure } from '../../lib/errors';

/**
 * The server's known administration messages (src/shared/schemas/{admin,whitelist}.ts), so
 * that they read in the user's language; anything else goes through describeFailure.
 */
const KNOWN_MESSAGES = {
  [ADMIN_MESSAGES.lastSuperAdmin]: 'admin.errors.lastSuperAdmin',
  [ADMIN_MESSAGES.banSelf]: 'admin.errors.banSelf',
  [ADMIN_MESSAGES.banReason]: 'admin.errors.banReason',
  [ADMIN_MESSAGES.outboxOff]: 'admin.errors.outboxOff',
  [WHITELIST_MESSAGES.pattern]: 'admin.errors.whitelistPattern',
  [WHITELIST_MESSAGES.duplicate]: 'admin.errors.whitelistDuplicate',
} as const;

type KnownMessage = keyof typeof KNOWN_MESSAGES;

const isKnown = (message: string): message is KnownMessage => message in KNOWN_MESSAGES;

/** A validation or server message in the user's language (unknown ones as they are). */
export function messageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isKnown(message) ? t(KNOWN_MESSAGES[message]) : message;
}

/** What to show for a failed administration call. */
export function adminErrorText(t: TFunction, language: string, error: unknown): string {
  const failure = thrownToFailure(error);
  if (failure.message && isKnown(failure.message)) return t(KNOWN_MESSAGES[failure.message]);
  return describeFailure(t, language, failure);
}
