import { i18n } from './i18n';

/**
 * Dates and numbers in the current language (spec section 5: formatted per locale), through
 * Intl. Arabic uses Arabic-Indic digits and French its own separators, as Intl decides.
 */
function currentLanguage(language?: string): string {
  return language ?? i18n.resolvedLanguage ?? i18n.language ?? 'en';
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    cache.set(key, format);
  }
  return format;
}

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    cache.set(key, format);
  }
  return format;
}

const DEFAULT_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** A date (Date, ISO string or epoch ms); '' for an invalid one. */
export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = DEFAULT_DATE,
  language?: string,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(currentLanguage(language), options).format(date);
}

/** A date with its time, e.g. "12 Mar 2025, 14:05". */
export function formatDateTime(value: Date | string | number, language?: string): string {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }, language);
}

export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  language?: string,
): string {
  return numberFormat(currentLanguage(language), options).format(value);
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "5 minutes ago", "il y a 5 minutes", "قبل ٥ دقائق" (relative to `now`). */
export function formatRelativeTime(
  value: Date | string | number,
  now: Date | number = Date.now(),
  language?: string,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((date.getTime() - new Date(now).getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(currentLanguage(language), { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return format.format(Math.round(seconds / size), unit);
    }
  }
  return '';
}
