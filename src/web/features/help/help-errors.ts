import { HELP_REQUEST_MESSAGES } from '../../../shared/schemas/help-request';

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
  | { kind: 'validation'; rule: keyof typeof HELP_REQUEST_MESSAGES }
  | { kind: 'message'; message: string }
  | { kind: 'unknown' };

interface FailureLike {
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

const VALIDATION_RULES = Object.entries(HELP_REQUEST_MESSAGES) as [
  keyof typeof HELP_REQUEST_MESSAGES,
  string,
][];

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
  const rule = VALIDATION_RULES.find(([, text]) => text === message)?.[0];
  if (rule) return { kind: 'failed', detail: { kind: 'validation', rule } };
  if (message) return { kind: 'failed', detail: { kind: 'message', message } };
  return { kind: 'failed', detail: { kind: 'unknown' } };
}

/** The rule behind a validation message of the shared schema ('required', 'min', 'max'). */
export function validationRuleOf(
  message: string | undefined,
): keyof typeof HELP_REQUEST_MESSAGES | undefined {
  if (!message) return undefined;
  return VALIDATION_RULES.find(([, text]) => text === message)?.[0] ?? 'required';
}
