import { describe, expect, it } from 'vitest';
import { actionSuggestions, EMPTY_AUDIT_FILTERS, validateAuditFilters } from './filters';

describe('validateAuditFilters', () => {
  it('drops blank fields and trims the others', () => {
    expect(
      validateAuditFilters('organization', {
        ...EMPTY_AUDIT_FILTERS,
        actor: '  ada@example.test ',
        action: 'member.*',
      }),
    ).toEqual({
      ok: true,
      filters: {
        scope: 'organization',
        actor: 'ada@example.test',
        action: 'member.*',
        from: undefined,
        to: undefined,
      },
    });
  });

  it('accepts a date range that covers one day', () => {
    const result = validateAuditFilters('all', {
      ...EMPTY_AUDIT_FILTERS,
      from: '2025-01-31',
      to: '2025-01-31',
    });
    expect(result.ok).toBe(true);
  });

  it('refuses an action with spaces and a range that ends before it starts', () => {
    expect(
      validateAuditFilters('all', {
        actor: '',
        action: 'member role',
        from: '2025-02-01',
        to: '2025-01-01',
      }),
    ).toEqual({ ok: false, errors: { action: 'action', to: 'range' } });
  });

  it('refuses a date that is not one', () => {
    expect(validateAuditFilters('all', { ...EMPTY_AUDIT_FILTERS, from: '31/01/2025' })).toEqual({
      ok: false,
      errors: { from: 'date' },
    });
  });
});

describe('actionSuggestions', () => {
  it('offers each family once, before the actions', () => {
    const suggestions = actionSuggestions();
    expect(suggestions.slice(0, 2)).toEqual(['organization.*', 'member.*']);
    expect(suggestions.filter((s) => s === 'member.*')).toHaveLength(1);
    expect(suggestions).toContain('user.super_admin.grant');
    // Every suggestion passes the API's own action rule.
    for (const action of suggestions) {
      expect(validateAuditFilters('all', { ...EMPTY_AUDIT_FILTERS, action }).ok, action).toBe(true);
    }
  });
});
