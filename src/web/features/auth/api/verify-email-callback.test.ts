import { describe, expect, it } from 'vitest';
import { VERIFY_EMAIL_CALLBACK, verifyEmailCallback } from './verify-email-callback';

describe('verifyEmailCallback', () => {
  it('is /verify-email without a target, or with the home page as target', () => {
    expect(verifyEmailCallback()).toBe(VERIFY_EMAIL_CALLBACK);
    expect(verifyEmailCallback('/')).toBe(VERIFY_EMAIL_CALLBACK);
  });

  it('carries a path on this site, query included, as `to`', () => {
    const url = verifyEmailCallback('/accept-invite?id=abc-123');
    expect(url).toBe('/verify-email?to=%2Faccept-invite%3Fid%3Dabc-123');
    expect(new URL(url, 'http://x.test').searchParams.get('to')).toBe('/accept-invite?id=abc-123');
  });

  it('drops targets on other sites and the login page', () => {
    for (const to of [
      'https://evil.test/x',
      '//evil.test',
      '/login?to=/x',
      'javascript:alert(1)',
    ]) {
      expect(verifyEmailCallback(to)).toBe(VERIFY_EMAIL_CALLBACK);
    }
  });
});
