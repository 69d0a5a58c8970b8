import {
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_IMPORT_SYNONYMS,
  type CustomerImportCells,
  type CustomerImportMapping,
} from '../../../shared/schemas/customers.ts';
import { CSV_ERRORS, readCsv } from '../../../shared/csv.ts';
import { WorkerMemoryError, WorkerTaskError, runWorkerTask } from '../../threads/worker-task.ts';

export type ParsedCsv = { header: string[]; rows: string[][] };

export class CsvSyntaxError extends Error {
  readonly line: number;

  constructor(line: number) {
    super(`Unclosed quote starting on line ${line}`);
    this.line = line;
  }
}

/** Separators an import may use (not `|`, which tags may hold). */
const DELIMITERS = [',', ';', '\t'] as const;

/** A cell that our own export neutralised (`'=…`) gets its text back. */
const unneutralise = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * CSV read by PapaParse (src/shared/csv.ts: quoted cells with `""` escapes and line breaks,
 * CRLF or LF, a leading byte-order mark, `,`, `;` or tab guessed from the first rows). Cells
 * are trimmed, rows of blank cells skipped; header names are made unique.
 */
export function parseCsv(input: string): ParsedCsv {
  const records: string[][] = [];
  readCsv(
    input,
    (record) => {
      if (record.error === CSV_ERRORS.unclosedQuote) throw new CsvSyntaxError(record.line);
      const cells = record.fields.map((cell) => unneutralise(cell.trim()));
      if (cells.some((value) => value !== '')) records.push(cells);
    },
    { delimiters: DELIMITERS },
  );

  const [rawHeader = [], ...rows] = records;
  const seen = new Map<string, number>();
  const header = rawHeader.map((name, i) => {
    const base = name.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
  return { header, rows };
}

/** Memory the worker of one import may use (a 5 MB file needs well under 200 MB). */
const WORKER_MEMORY_MB = 512;

/** The file needs more memory to be read than an import may use. */
export class CsvTooLargeError extends Error {}

/**
 * `parseCsv` in a worker thread, so that the server keeps answering while a file is read. Rows
 * past `maxRows + 1` are left out (enough for the caller to see there are too many).
 */
export async function parseCsvInWorker(
  csv: string,
  options: { maxRows: number; memoryMb?: number },
): Promise<ParsedCsv> {
  try {
    const { result, items } = await runWorkerTask<string[], string[]>(
      new URL('./csv-parse.worker.ts', import.meta.url),
      options.maxRows,
      {
        data: csv,
        resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? WORKER_MEMORY_MB },
      },
    );
    return { header: result, rows: items };
  } catch (error) {
    if (error instanceof WorkerTaskError && error.errorName === CsvSyntaxError.name) {
      throw new CsvSyntaxError(Number(error.fields.line));
    }
    if (error instanceof WorkerMemoryError) throw new CsvTooLargeError(error.message);
    throw error;
  }
}

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** For each field, the first header whose normalised name is one of the field's synonyms. */
export function suggestMapping(header: readonly string[]): CustomerImportMapping {
  const mapping: CustomerImportMapping = {};
  const used = new Set<string>();
  for (const field of CUSTOMER_IMPORT_FIELDS) {
    const synonyms = CUSTOMER_IMPORT_SYNONYMS[field];
    const column = header.find((h) => !used.has(h) && synonyms.includes(normalise(h)));
    mapping[field] = column ?? null;
    if (column) used.add(column);
  }
  return mapping;
}

/** The cells of one row under the mapping (missing cells read as blank). */
export function mapRow(
  header: readonly string[],
  row: readonly string[],
  mapping: CustomerImportMapping,
): CustomerImportCells {
  const cells: CustomerImportCells = {};
  for (const field of CUSTOMER_IMPORT_FIELDS) {
    const column = mapping[field];
    if (!column) continue;
    const index = header.indexOf(column);
    cells[field] = index === -1 ? '' : (row[index] ?? '');
  }
  return cells;
}
