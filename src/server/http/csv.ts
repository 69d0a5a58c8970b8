import type { Context } from 'hono';

/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): dates as ISO strings, objects as JSON, a leading formula character
 * neutralised with a `'`, and the cell quoted when it holds a comma, quote or line break.
 */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and the data rows, CRLF line endings (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

/**
 * Sends a CSV file as a download named `<name>-<UTC date>.csv`. `truncated` (the export hit its
 * row limit) is told in the `X-Export-Truncated` header.
 */
export function csvResponse(c: Context, name: string, csv: string, truncated = false) {
  const day = new Date().toISOString().slice(0, 10);
  return c.body(csv, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}-${day}.csv"`,
    'cache-control': 'no-store',
    ...(truncated ? { 'x-export-truncated': 'true' } : {}),
  });
}
