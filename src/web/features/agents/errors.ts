import type { TFunction } from 'i18next';
import { errorText } from '../../lib/error-text';

/** What to show for a failed agent call; without an organisation, the agents' own sentence. */
export function agentErrorText(t: TFunction, language: string, error: unknown): string {
  return errorText(t, language, error, { ORGANIZATION_REQUIRED: t('agents.noOrganization') });
}

/**
 * What to show for a refused call to the try-builder's demo model: its own codes (off on this
 * instance, the provider failed) in words, the rate limit with its wait, and the rest as usual.
 */
export function demoModelErrorText(t: TFunction, language: string, error: unknown): string {
  return errorText(t, language, error, {
    DEMO_MODEL_OFF: t('builder.try.run.demoOff'),
    DEMO_MODEL_FAILED: t('builder.try.run.demoFailed'),
  });
}
