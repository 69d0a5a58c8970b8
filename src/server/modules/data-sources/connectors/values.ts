/** Turning values from a driver into what a JSON answer (and a CSV export) can carry. */

/** Longer texts are cut in the console (the row stays readable; the full value is in the source). */
export const CELL_MAX_CHARS = 10_000;

const cut = (text: string) =>
  text.length > CELL_MAX_CHARS ? `${text.slice(0, CELL_MAX_CHARS)}…` : text;

/** One cell: JSON-safe, big numbers as text, binary as hex, long texts cut. */
export function toCell(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
    return cut(`\\x${Buffer.from(value).toString('hex')}`);
  }
  try {
    const json = JSON.stringify(value);
    return json.length > CELL_MAX_CHARS ? cut(json) : value;
  } catch {
    return cut(String(value));
  }
}

export function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
