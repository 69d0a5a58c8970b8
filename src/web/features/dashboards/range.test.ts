import { describe, expect, it } from 'vitest';
import { crmSearchSchema, presetRange, resolveRange, utcDay } from './range';

const NOW = Date.parse('2025-03-31T22:30:00Z');

describe('CRM date range', () => {
  it('presets end today (UTC) and include both ends', () => {
    expect(presetRange('7d', NOW)).toEqual({ from: '2025-03-25', to: '2025-03-31' });
    expect(presetRange('30d', NOW)).toEqual({ from: '2025-03-02', to: '2025-03-31' });
    expect(presetRange('12w', NOW)).toEqual({ from: '2025-01-07', to: '2025-03-31' });
    expect(utcDay(Date.parse('2025-04-01T00:30:00+02:00'))).toBe('2025-03-31');
  });

  it('the default period sends no dates (the server decides)', () => {
    expect(resolveRange({}, NOW)).toEqual({ choice: '12w', query: {}, problem: null });
    expect(resolveRange({ range: '90d' }, NOW).query).toEqual({
      from: '2025-01-01',
      to: '2025-03-31',
    });
  });

  it('a custom range is sent as it is, or refused with a reason', () => {
    expect(resolveRange({ range: 'custom', from: '2025-01-01', to: '2025-01-31' }, NOW)).toEqual({
      choice: 'custom',
      query: { from: '2025-01-01', to: '2025-01-31' },
      problem: null,
    });
    expect(
      resolveRange({ range: 'custom', from: '2025-02-01', to: '2025-01-01' }, NOW).problem,
    ).toBe('invalid');
    expect(
      resolveRange({ range: 'custom', from: '2020-01-01', to: '2025-01-01' }, NOW).problem,
    ).toBe('tooLong');
    expect(resolveRange({ range: 'custom', from: '2025-01-01' }, NOW).problem).toBe('incomplete');
  });

  it('drops what is not valid in the address', () => {
    expect(crmSearchSchema.parse({ range: 'year', from: '31/01/2025', to: '2025-01-31' })).toEqual({
      range: undefined,
      from: undefined,
      to: '2025-01-31',
    });
  });
});
