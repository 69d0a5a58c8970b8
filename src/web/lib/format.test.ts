import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatRelativeTime } from './format';

describe('locale formatting', () => {
  const date = new Date(Date.UTC(2025, 2, 12, 12, 0, 0));

  it('formats numbers per language', () => {
    expect(formatNumber(1234.5, {}, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, {}, 'fr')).toMatch(/^1\s234,5$/u);
    expect(formatNumber(12, {}, 'ar')).toBe(new Intl.NumberFormat('ar').format(12));
  });

  it('formats dates per language', () => {
    expect(formatDate(date, { dateStyle: 'long', timeZone: 'UTC' }, 'en')).toBe('March 12, 2025');
    expect(formatDate(date, { dateStyle: 'long', timeZone: 'UTC' }, 'fr')).toBe('12 mars 2025');
    expect(formatDate('not a date', undefined, 'en')).toBe('');
  });

  it('formats relative times per language', () => {
    const now = date.getTime() + 5 * 60 * 1000;
    expect(formatRelativeTime(date, now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(date, now, 'fr')).toBe('il y a 5 minutes');
  });
});
