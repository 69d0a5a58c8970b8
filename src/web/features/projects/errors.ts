import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';

/** What to show for a failed project call; without an organisation, the projects' own sentence. */
export function projectErrorText(t: TFunction, language: string, error: unknown): string {
  return errorText(t, language, error, { ORGANIZATION_REQUIRED: t('projects.noOrganization') });
}

/** The project does not exist for the reader: unknown, deleted, another organisation's, or a malformed id. */
export function isProjectNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_ERROR'))
  );
}
