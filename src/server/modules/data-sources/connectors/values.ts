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

/** About how many bytes a row read from a driver takes (before its cells are cut). */
export function rowBytes(row: unknown[]): number {
  let bytes = row.length;
  for (const value of row) {
    if (typeof value === 'string') bytes += value.length;
    else if (value instanceof Uint8Array) bytes += value.byteLength * 2;
    else if (value !== null && typeof value === 'object') bytes += JSON.stringify(value).length;
    else bytes += 8;
  }
  return bytes;
}

/**
 * Collects converted rows until the row cap or DATA_SOURCE_LIMITS.resultMaxBytes of raw data
 * (the first row always counts, so a single huge value still shows, cut).
 */
export class CappedRows {
  readonly rows: unknown[][] = [];
  bytes = 0;
  truncatedBy: 'rows' | 'bytes' | undefined;
  private readonly rowCap: number;
  private readonly maxBytes: number;

  constructor(rowCap: number, maxBytes: number) {
    this.rowCap = rowCap;
    this.maxBytes = maxBytes;
  }

  /** Adds a raw row; false when the result is full (and `truncatedBy` says why). */
  add(raw: unknown[]): boolean {
    if (this.rows.length === this.rowCap) {
      this.truncatedBy = 'rows';
      return false;
    }
    const size = rowBytes(raw);
    if (this.rows.length > 0 && this.bytes + size > this.maxBytes) {
      this.truncatedBy = 'bytes';
      return false;
    }
    this.bytes += size;
    this.rows.push(raw.map(toCell));
    if (this.bytes > this.maxBytes) {
      this.truncatedBy = 'bytes';
      return false;
    }
    return true;
  }
}

export function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
