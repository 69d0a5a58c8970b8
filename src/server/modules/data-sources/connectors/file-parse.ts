/**
 * Reading an uploaded CSV or JSON file into typed rows, with a report of the rows that could not
 * be read. CSV: read by PapaParse (src/shared/csv.ts: quoted values, doubled quotes, CRLF or LF,
 * the separator — comma, semicolon, tab or | — guessed from the first rows); the first line
 * names the columns. JSON: an array of objects. Column types are inferred from every value
 * (integer, number, boolean, date, datetime, text; json for nested values in JSON files);
 * values with leading zeros stay text.
 */
import {
  DATA_SOURCE_LIMITS,
  type FileColumn,
  type FileColumnType,
  type FileFormat,
} from '../../../../shared/schemas/data-sources.ts';
import { readCsv } from '../../../../shared/csv.ts';
import { WorkerMemoryError, WorkerTaskError, runWorkerTask } from '../../../threads/worker-task.ts';

export interface RowError {
  /** `line 12` (CSV, counting the header as line 1) or `item 3` (JSON, from 1). */
  location: string;
  message: string;
}

export interface ParsedFile {
  columns: FileColumn[];
  rows: Record<string, unknown>[];
  /** The first `fileReportedErrors` invalid rows. */
  errors: RowError[];
  errorCount: number;
}

/** The whole file is unusable (no header, not JSON, too many columns…). */
export class FileParseError extends Error {}

/** Bytes to text: UTF-8 (a byte-order mark is dropped), or Latin-1 when the bytes are not UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return Buffer.from(bytes).toString('latin1');
  }
}

export function parseFile(format: FileFormat, text: string): ParsedFile {
  return format === 'csv' ? parseCsvFile(text) : parseJsonFile(text);
}

/**
 * Rows as JSON array texts of `rowsPerBatch` rows each (the last may hold fewer), as
 * `storeFileRows` inserts them: a few long strings are much cheaper for the server to receive
 * and hold than one object per row.
 */
export interface JsonRows {
  length: number;
  rowsPerBatch: number;
  batches: string[];
}

export type ParsedUpload = Omit<ParsedFile, 'rows'> & { rows: JsonRows };

/** Rows, and values, per JSON batch of rows (one INSERT each). */
const BATCH_ROWS = 5000;
const BATCH_VALUES = 50_000;
/**
 * Memory a file's worker may use: the densest 50 MB file (26 million one-character values)
 * needs between 640 MB and 1 GB.
 */
const WORKER_MEMORY_MB = 1536;

/** The worker's side of `parseFileInWorker`. */
export function parseUpload(format: FileFormat, bytes: Uint8Array): ParsedUpload {
  const { rows, ...report } = parseFile(format, decodeText(bytes));
  const columns = Math.max(1, report.columns.length);
  const rowsPerBatch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(BATCH_VALUES / columns)));
  const batches: string[] = [];
  for (let start = 0; start < rows.length; start += rowsPerBatch) {
    batches.push(JSON.stringify(rows.slice(start, start + rowsPerBatch)));
  }
  return { ...report, rows: { length: rows.length, rowsPerBatch, batches } };
}

/**
 * `parseUpload` in a worker thread, so that the server keeps answering while a large upload is
 * read. A file that needs more than the worker's memory is a FileParseError.
 */
export async function parseFileInWorker(
  format: FileFormat,
  bytes: Uint8Array,
  options: { memoryMb?: number } = {},
): Promise<ParsedUpload> {
  try {
    const { result, items } = await runWorkerTask<ParsedUpload, string>(
      new URL('./file-parse.worker.ts', import.meta.url),
      format,
      {
        data: bytes,
        resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? WORKER_MEMORY_MB },
      },
    );
    return { ...result, rows: { ...result.rows, batches: items } };
  } catch (error) {
    if (error instanceof WorkerTaskError && error.errorName === FileParseError.name) {
      throw new FileParseError(error.message);
    }
    if (error instanceof WorkerMemoryError) {
      throw new FileParseError('The file needs more memory than a file may use to be read');
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------

/** Column names from a header: trimmed, blanks named `column_N`, duplicates numbered. */
export function columnNames(header: string[]): string[] {
  const used = new Set<string>();
  return header.map((raw, index) => {
    const base = raw.trim() || `column_${index + 1}`;
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    return name;
  });
}

function parseCsvFile(text: string): ParsedFile {
  let names = null as string[] | null;
  const report = new Report();
  const raw: string[][] = [];
  readCsv(text, (record) => {
    if (!names) {
      if (record.error) throw new FileParseError(`The header line cannot be read: ${record.error}`);
      names = columnNames(record.fields);
      checkColumnCount(names.length);
    } else if (record.error) report.add(`line ${record.line}`, record.error);
    else if (record.fields.length !== names.length) {
      report.add(
        `line ${record.line}`,
        `Expected ${names.length} values, found ${record.fields.length}`,
      );
    } else raw.push(record.fields);
  });
  const header = names;
  if (!header) throw new FileParseError('The file is empty');
  const types = header.map((_, column) => inferTextType(raw, column));
  const rows = raw.map((fields) => {
    const row: Record<string, unknown> = {};
    header.forEach((name, column) => {
      row[name] = convertText(fields[column]!, types[column]!);
    });
    return row;
  });
  return {
    columns: header.map((name, i) => ({ name, type: types[i]! })),
    rows,
    ...report.result(),
  };
}

// ---------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------

function parseJsonFile(text: string): ParsedFile {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new FileParseError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) {
    throw new FileParseError('A JSON file must hold an array of objects: [{ … }, { … }]');
  }
  const report = new Report();
  const rows: Record<string, unknown>[] = [];
  const names: string[] = [];
  const seen = new Set<string>();
  value.forEach((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      report.add(`item ${index + 1}`, 'Not an object');
      return;
    }
    for (const key of Object.keys(item)) {
      if (!seen.has(key)) {
        seen.add(key);
        names.push(key);
        checkColumnCount(names.length);
      }
    }
    rows.push(item as Record<string, unknown>);
  });
  const columns = names.map((name) => ({
    name,
    type: inferJsonType(rows.map((row) => row[name])),
  }));
  return { columns, rows, ...report.result() };
}

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

const INTEGER = /^-?(0|[1-9]\d*)$/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?$/;
const BOOLEAN = /^(true|false)$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:(\d{2})(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

function validCalendar(match: RegExpMatchArray): boolean {
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

export function isDate(value: string): boolean {
  const match = value.match(DATE);
  return Boolean(match && validCalendar(match));
}

export function isDateTime(value: string): boolean {
  const match = value.match(DATETIME);
  return Boolean(
    match &&
    validCalendar(match) &&
    Number(match[4]) < 24 &&
    Number(match[5]) < 60 &&
    Number(match[7] ?? 0) < 60,
  );
}

const isInteger = (v: string) => INTEGER.test(v) && Number.isSafeInteger(Number(v));
const isNumber = (v: string) => NUMBER.test(v) && Number.isFinite(Number(v));

const CANDIDATES: [Exclude<FileColumnType, 'text' | 'json'>, (value: string) => boolean][] = [
  ['integer', isInteger],
  ['number', isNumber],
  ['boolean', (v) => BOOLEAN.test(v)],
  ['date', isDate],
  ['datetime', isDateTime],
];

/** The narrowest type every non-empty value of a CSV column fits. */
function inferTextType(rows: string[][], column: number): FileColumnType {
  const possible = new Set(CANDIDATES.map(([type]) => type));
  for (const row of rows) {
    const value = row[column]!.trim();
    if (value === '') continue;
    for (const [type, test] of CANDIDATES)
      if (possible.has(type) && !test(value)) possible.delete(type);
    if (possible.size === 0) return 'text';
  }
  // A column with no values at all is text.
  if (rows.every((row) => row[column]!.trim() === '')) return 'text';
  for (const [type] of CANDIDATES) if (possible.has(type)) return type;
  return 'text';
}

function convertText(raw: string, type: FileColumnType): unknown {
  const value = raw.trim();
  if (value === '') return null;
  switch (type) {
    case 'integer':
    case 'number':
      return Number(value);
    case 'boolean':
      return value.toLowerCase() === 'true';
    case 'date':
    case 'datetime':
      return value;
    default:
      return raw;
  }
}

function inferJsonType(values: unknown[]): FileColumnType {
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length === 0) return 'text';
  if (present.some((value) => typeof value === 'object')) {
    return present.every((value) => typeof value === 'object') ? 'json' : 'text';
  }
  if (present.every((value) => typeof value === 'number')) {
    return present.every((value) => Number.isSafeInteger(value)) ? 'integer' : 'number';
  }
  if (present.every((value) => typeof value === 'boolean')) return 'boolean';
  if (present.every((value) => typeof value === 'string')) {
    const strings = present as string[];
    if (strings.every(isDate)) return 'date';
    if (strings.every(isDateTime)) return 'datetime';
  }
  return 'text';
}

// ---------------------------------------------------------------------------

function checkColumnCount(count: number) {
  if (count > DATA_SOURCE_LIMITS.fileMaxColumns) {
    throw new FileParseError(`The file has more than ${DATA_SOURCE_LIMITS.fileMaxColumns} columns`);
  }
}

class Report {
  private errors: RowError[] = [];
  private count = 0;

  add(location: string, message: string) {
    this.count++;
    if (this.errors.length < DATA_SOURCE_LIMITS.fileReportedErrors) {
      this.errors.push({ location, message });
    }
  }

  result() {
    return { errors: this.errors, errorCount: this.count };
  }
}
