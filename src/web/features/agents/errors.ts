import type { TFunction } from 'i18next';
import { errorText } from '../../lib/error-text';

/** What to show for a failed agent call; without an organisation, the agents' own sentence. */
export function agentErrorText(t: TFunction, language: string, error: unknown): string {
  return errorText(t, language, error, { ORGANIZATION_REQUIRED: t('agents.noOrganization') });
}
