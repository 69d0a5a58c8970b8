import type { TFunction } from 'i18next';
import { ORGANIZATION_MESSAGES as M } from '../../../shared/schemas/organization';
import { describeFailure, thrownToFailure } from '../../lib/errors';

/**
 * The server's organisation messages (src/shared/schemas/organization.ts) in the user's
 * language; anything else goes through describeFailure (the server's message as it is).
 */
const KNOWN_MESSAGES = {
  [M.required]: 'validation.required',
  [M.slug]: 'organization.errors.slug',
  [M.slugTaken]: 'organization.errors.slugTaken',
  [M.lastAdmin]: 'organization.errors.lastAdmin',
  [M.alreadyMember]: 'organization.errors.alreadyMember',
  [M.confirmName]: 'organization.errors.confirmName',
} as const;

type KnownMessage = keyof typeof KNOWN_MESSAGES;
const isKnown = (message: string): message is KnownMessage => message in KNOWN_MESSAGES;

/** What to show for a failed organisation call. */
export function organizationErrorText(t: TFunction, language: string, error: unknown): string {
  const failure = thrownToFailure(error);
  if (failure.message && isKnown(failure.message)) return t(KNOWN_MESSAGES[failure.message]);
  return describeFailure(t, language, failure);
}

/** The message the server gave for one field of a failed call, if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  const fields = (error as { fields?: Record<string, string[] | undefined> } | null)?.fields;
  return fields?.[field]?.[0];
}
