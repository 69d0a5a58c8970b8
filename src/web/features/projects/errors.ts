import type { TFunction } from 'i18next';
import { PROJECT_MESSAGES as M } from '../../../shared/schemas/projects';
import { ApiError } from '../../lib/api';
import { describeFailure, thrownToFailure } from '../../lib/errors';

/**
 * The project messages of src/shared/schemas/projects.ts (from the form's validation or from
 * the server) in the user's language; unknown messages are shown as they are.
 */
const KNOWN_MESSAGES = {
  [M.required]: 'projects.errors.required',
  [M.nameMax]: 'projects.errors.nameMax',
  [M.descriptionMax]: 'projects.errors.descriptionMax',
  [M.colour]: 'projects.errors.colour',
  [M.icon]: 'projects.errors.icon',
  [M.nameTaken]: 'projects.errors.nameTaken',
  [M.nothingToChange]: 'projects.errors.nothingToChange',
  [M.notFound]: 'projects.errors.notFound',
} as const;

type KnownMessage = keyof typeof KNOWN_MESSAGES;
const isKnown = (message: string): message is KnownMessage => message in KNOWN_MESSAGES;

/** A validation or server message about a project field, translated when known. */
export function projectMessageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isKnown(message) ? t(KNOWN_MESSAGES[message]) : message;
}

/** What to show for a failed project call. */
export function projectErrorText(t: TFunction, language: string, error: unknown): string {
  const failure = thrownToFailure(error);
  if (failure.message && isKnown(failure.message)) return t(KNOWN_MESSAGES[failure.message]);
  if (failure.code === 'ORGANIZATION_REQUIRED') return t('projects.noOrganization');
  return describeFailure(t, language, failure);
}

/** The project does not exist for the reader: unknown, deleted, another organisation's, or a malformed id. */
export function isProjectNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_ERROR'))
  );
}
