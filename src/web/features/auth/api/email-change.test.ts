import { describe, expect, it } from 'vitest';
import { emailChangeReturn } from './email-change';

describe('emailChangeReturn', () => {
  it('is done when the session already has the address the change waited for', () => {
    expect(emailChangeReturn('New@Example.test', 'new@example.test')).toEqual({
      kind: 'changed',
      email: 'New@Example.test',
    });
  });

  it('waits for the new address while the session still has the old one', () => {
    expect(emailChangeReturn('old@example.test', 'new@example.test')).toEqual({
      kind: 'confirmed',
      newEmail: 'new@example.test',
    });
  });

  it('cannot tell without a change remembered in this browser', () => {
    expect(emailChangeReturn('old@example.test', null)).toEqual({
      kind: 'unknown',
      email: 'old@example.test',
    });
  });
});
