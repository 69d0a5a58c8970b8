import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorText as describeFailure } from './error-text';

/** Shows the key and its values, so the test sees which text was chosen. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('describeFailure', () => {
  it('tells a locked account from a rate limit, with the wait when known', () => {
    expect(describeFailure(t, 'en', { status: 429, code: 'ACCOUNT_LOCKED', retryAfter: 900 })).toBe(
      'auth.errors.accountLockedFor {"duration":"15 minutes"}',
    );
    expect(describeFailure(t, 'en', { status: 429, code: 'ACCOUNT_TEMPORARILY_LOCKED' })).toBe(
      'auth.errors.accountLocked',
    );
    expect(describeFailure(t, 'en', { status: 429, code: 'RATE_LIMITED', retryAfter: 30 })).toBe(
      'auth.errors.tooManyRequests {"duration":"30 seconds"}',
    );
  });

  it('says so when a two-factor code was already used', () => {
    expect(describeFailure(t, 'en', { status: 401, code: 'TOTP_CODE_USED' })).toBe(
      'auth.errors.codeAlreadyUsed',
    );
  });
});
