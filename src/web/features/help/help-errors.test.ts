import { describe, expect, it } from 'vitest';
import { HELP_REQUEST_MESSAGES } from '../../../shared/schemas/help-request';
import { describeHelpFailure, validationRuleOf } from './help-errors';

/** What lib/api throws (ApiError): status, code and the server's message. */
const apiError = (status: number, code: string, message: string) =>
  Object.assign(new Error(message), { status, code });

describe('describeHelpFailure', () => {
  it("says 'User not authenticated' for a 401", () => {
    expect(describeHelpFailure(apiError(401, 'UNAUTHENTICATED', 'User not authenticated'))).toEqual(
      { kind: 'unauthenticated' },
    );
    expect(describeHelpFailure(apiError(401, 'HTTP_401', 'Unauthorized'))).toEqual({
      kind: 'unauthenticated',
    });
  });

  it('recognises a missing table by its code', () => {
    expect(describeHelpFailure(apiError(503, 'TABLE_NOT_FOUND', 'relation missing'))).toEqual({
      kind: 'tableMissing',
    });
    expect(describeHelpFailure(apiError(500, '42P01', 'undefined_table'))).toEqual({
      kind: 'tableMissing',
    });
  });

  it('adds the detail to any other failure', () => {
    expect(describeHelpFailure(apiError(500, 'INTERNAL', 'Something went wrong'))).toEqual({
      kind: 'failed',
      detail: { kind: 'message', message: 'Something went wrong' },
    });
    expect(describeHelpFailure(apiError(0, 'NETWORK_ERROR', 'Network error'))).toEqual({
      kind: 'failed',
      detail: { kind: 'network' },
    });
    expect(describeHelpFailure(apiError(429, 'RATE_LIMITED', 'Too many'))).toEqual({
      kind: 'failed',
      detail: { kind: 'rateLimited' },
    });
    expect(
      describeHelpFailure(apiError(400, 'VALIDATION_ERROR', HELP_REQUEST_MESSAGES.min)),
    ).toEqual({ kind: 'failed', detail: { kind: 'validation', rule: 'min' } });
    expect(describeHelpFailure(new Error(''))).toEqual({
      kind: 'failed',
      detail: { kind: 'unknown' },
    });
    expect(describeHelpFailure(undefined)).toEqual({ kind: 'failed', detail: { kind: 'unknown' } });
  });
});

describe('validationRuleOf', () => {
  it('maps the shared schema messages to their rule', () => {
    expect(validationRuleOf(HELP_REQUEST_MESSAGES.required)).toBe('required');
    expect(validationRuleOf(HELP_REQUEST_MESSAGES.min)).toBe('min');
    expect(validationRuleOf(HELP_REQUEST_MESSAGES.max)).toBe('max');
    expect(validationRuleOf(undefined)).toBeUndefined();
  });
});
