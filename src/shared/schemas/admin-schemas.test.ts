import { describe, expect, it } from 'vitest';
import { isWhitelistPattern, whitelistEntryInputSchema, whitelistKeysFor } from './whitelist.ts';
import { auditLogQuerySchema, auditRange } from './audit.ts';
import { userStatus } from './users.ts';
import { MAIL_ID_PATTERN, banUserSchema, helpRequestUpdateSchema, projectLink } from './admin.ts';

describe('whitelist patterns', () => {
  it('accepts e-mail addresses and @domains, normalised to lower case', () => {
    for (const ok of [
      'ada@example.com',
      '@example.com',
      '@sub.example.co.uk',
      'a.b+c@xn--bcher-kva.example',
    ]) {
      expect(isWhitelistPattern(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      '@',
      'example.com',
      '@nodot',
      'a@b',
      '@-x.com',
      '@x-.com',
      'a@@b.com',
      'a b@c.com',
      '@a..com',
    ]) {
      expect(isWhitelistPattern(bad), bad).toBe(false);
    }
    expect(whitelistEntryInputSchema.parse({ pattern: ' @Example.COM ' })).toEqual({
      pattern: '@example.com',
      note: '',
    });
  });

  it('derives the entries that admit an address', () => {
    expect(whitelistKeysFor(' Ada@Example.com ')).toEqual(['ada@example.com', '@example.com']);
  });
});

describe('audit filters', () => {
  it('reads dates as whole UTC days and times as instants, `to` included', () => {
    expect(auditRange('2025-01-02', '2025-01-02')).toEqual({
      from: new Date('2025-01-02T00:00:00.000Z'),
      before: new Date('2025-01-03T00:00:00.000Z'),
    });
    expect(auditRange(undefined, '2025-01-02T10:00:00Z')).toEqual({
      before: new Date('2025-01-02T10:00:00.001Z'),
    });
    expect(auditRange()).toEqual({});
  });

  it('refuses a range that ends before it starts', () => {
    expect(auditLogQuerySchema.safeParse({ from: '2025-01-03', to: '2025-01-02' }).success).toBe(
      false,
    );
    expect(auditLogQuerySchema.safeParse({ from: '2025-01-02', to: '2025-01-02' }).success).toBe(
      true,
    );
  });
});

describe('admin schemas', () => {
  it('derives status, project links and checks message ids', () => {
    expect(userStatus({ bannedAt: new Date(), emailVerified: true })).toBe('banned');
    expect(userStatus({ bannedAt: null, emailVerified: false })).toBe('unverified');
    expect(userStatus({ bannedAt: null, emailVerified: true })).toBe('active');
    expect(projectLink('p 1')).toBe('/projects/p%201');
    expect(projectLink(null)).toBeNull();
    expect(MAIL_ID_PATTERN.test('1700000000000-0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(MAIL_ID_PATTERN.test('../1700000000000-0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(
      false,
    );
  });

  it('needs a ban reason and something to change in a help request', () => {
    expect(banUserSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(banUserSchema.parse({ reason: ' Spam ' })).toEqual({ reason: 'Spam' });
    expect(helpRequestUpdateSchema.safeParse({}).success).toBe(false);
    expect(helpRequestUpdateSchema.parse({ note: null })).toEqual({ note: null });
  });
});
