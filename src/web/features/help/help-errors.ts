import type { HELP_REQUEST_MESSAGES } from '../../../shared/schemas/help-request';
import { fieldMessageKey } from '../../lib/error-text';

/**
 * What the Request Help dialog says when a submit fails (spec sections 5 and 8):
 * - no signed-in user (401 / UNAUTHENTICATED): 'User not authenticated';
 * - the help_requests table is missing: 'Database table not found. Please contact support.'
 *   The server reports that as 503 with the code TABLE_NOT_FOUND (PostgreSQL's 42P01,
 *   undefined_table, is also recognised should it ever come through as the code);
 * - anything else: 'Failed to submit help request.' plus the detail.
 */
export const TABLE_NOT_FOUND_CODES: ReadonlySet<string> = new Set(['TABLE_NOT_FOUND', '42P01']);

export type HelpFailure =
  | { kind: 'unauthenticated' }
  | { kind: 'tableMissing' }
  | { kind: 'failed'; detail: HelpFailureDetail };

/** The detail of a failure: a known situation (translated) or the server's own message. */
export type HelpFailureDetail =
  | { kind: 'network' }
  | { kind: 'rateLimited' }
  | { kind: 'validation'; rule: Rule }
  | { kind: 'message'; message: string }
  | { kind: 'unknown' };

interface FailureLike {
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

type Rule = keyof typeof HELP_REQUEST_MESSAGES;

/** The rule of a shared help-request message, by its locale key in the one error table. */
function ruleOf(message: string): Rule | undefined {
  const key = fieldMessageKey(message);
  if (key === 'validation.required') return 'required';
  if (key === 'help.validation.min') return 'min';
  if (key === 'help.validation.max') return 'max';
  return undefined;
}

export function describeHelpFailure(error: unknown): HelpFailure {
  const failure: FailureLike = error !== null && typeof error === 'object' ? error : {};
  const status = typeof failure.status === 'number' ? failure.status : undefined;
  const code = typeof failure.code === 'string' ? failure.code : undefined;
  const message = typeof failure.message === 'string' ? failure.message.trim() : '';

  if (status === 401 || code === 'UNAUTHENTICATED') return { kind: 'unauthenticated' };
  if (code !== undefined && TABLE_NOT_FOUND_CODES.has(code)) return { kind: 'tableMissing' };
  if (status === 0 || code === 'NETWORK_ERROR')
    return { kind: 'failed', detail: { kind: 'network' } };
  if (status === 429) return { kind: 'failed', detail: { kind: 'rateLimited' } };
  const rule = ruleOf(message);
  if (rule) return { kind: 'failed', detail: { kind: 'validation', rule } };
  if (message) return { kind: 'failed', detail: { kind: 'message', message } };
  return { kind: 'failed', detail: { kind: 'unknown' } };
}

/** The rule behind a validation message of the shared schema ('required', 'min', 'max'). */
export function validationRuleOf(message: string | undefined): Rule | undefined {
  if (!message) return undefined;
  return ruleOf(message) ?? 'required';
}
