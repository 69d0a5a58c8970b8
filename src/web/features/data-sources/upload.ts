import { DATA_SOURCE_LIMITS } from '../../../shared/schemas/data-sources';

/** What is wrong with a chosen file before it is sent (locale key under dataSources.upload). */
export type UploadProblem = 'tooLarge' | 'wrongFormat' | 'empty';

const ACCEPTED = /\.(csv|tsv|txt|json)$/i;

/** Checks a file the way the server will: a CSV or JSON file of at most 50 MB. */
export function checkUploadFile(file: { name: string; size: number; type: string }) {
  if (!ACCEPTED.test(file.name) && !/json|csv|tab-separated/.test(file.type)) {
    return 'wrongFormat' as const;
  }
  if (file.size > DATA_SOURCE_LIMITS.fileMaxBytes) return 'tooLarge' as const;
  if (file.size === 0) return 'empty' as const;
  return null;
}

export interface InvalidRow {
  location: string;
  message: string;
}

/** The bad rows of a 422 INVALID_FILE answer (`fields`: "line 12" → messages), in file order. */
export function invalidRowsOf(fields: Record<string, string[]> | undefined): InvalidRow[] {
  const number = (location: string) => Number(/\d+/.exec(location)?.[0] ?? Infinity);
  return Object.entries(fields ?? {})
    .filter(([location]) => location !== 'file')
    .map(([location, messages]) => ({ location, message: messages.join('; ') }))
    .sort((a, b) => number(a.location) - number(b.location));
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1536 → "1.5 KB" (binary multiples, as file managers show them). */
export function formatBytes(bytes: number, language?: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const text = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return `${text} ${UNITS[unit]}`;
}
