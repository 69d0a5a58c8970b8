import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('reads the quoted file name the CSV exports send', () => {
    expect(
      filenameFromDisposition('attachment; filename="users-2025-01-31.csv"', 'users.csv'),
    ).toBe('users-2025-01-31.csv');
  });

  it('prefers the RFC 5987 encoded name, and reads unquoted names', () => {
    expect(
      filenameFromDisposition(
        "attachment; filename=fallback.csv; filename*=UTF-8''journal%20d%E2%80%99audit.csv",
        'x.csv',
      ),
    ).toBe('journal d’audit.csv');
    expect(filenameFromDisposition('attachment; filename=log.csv', 'x.csv')).toBe('log.csv');
  });

  it('falls back when the header is missing or has no name', () => {
    expect(filenameFromDisposition(null, 'users.csv')).toBe('users.csv');
    expect(filenameFromDisposition('attachment', 'users.csv')).toBe('users.csv');
  });
});
