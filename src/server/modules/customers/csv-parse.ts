import {
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_IMPORT_SYNONYMS,
  type CustomerImportCells,
  type CustomerImportMapping,
} from '../../../shared/schemas/customers.ts';
import { WorkerMemoryError, WorkerTaskError, runWorkerTask } from '../../threads/worker-task.ts';

export type ParsedCsv = { header: string[]; rows: string[][] };

export class CsvSyntaxError extends Error {
  readonly line: number;

  constructor(line: number) {
    super(`Unclosed quote starting on line ${line}`);
    this.line = line;
  }
}

const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter that splits the first line into the most columns (outside quotes). */
function detectDelimiter(text: string): string {
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    let n = 0;
    let quoted = false;
    for (const ch of text) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && (ch === '\n' || ch === '\r')) break;
      else if (!quoted && ch === delimiter) n++;
    }
    if (n > bestCount) {
      best = delimiter;
      bestCount = n;
    }
  }
  return best;
}

/** A cell that our own export neutralised (`'=…`) gets its text back. */
const unneutralise = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * RFC 4180 CSV (also `;` or tab separated, detected from the header line): quoted cells with
 * `""` escapes and line breaks, CRLF or LF, a leading byte-order mark, blank lines skipped.
 * Header names are trimmed and made unique.
 */
export function parseCsv(input: string): ParsedCsv {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  let cellWasQuoted = false;

  const endCell = () => {
    record.push(unneutralise(cellWasQuoted ? cell : cell.trim()));
    cell = '';
    cellWasQuoted = false;
  };
  const endRecord = () => {
    endCell();
    if (record.some((value) => value !== '')) records.push(record);
    record = [];
  };

  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cellWasQuoted = true;
      quoteLine = line;
      cell = '';
    } else if (ch === delimiter) endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      endRecord();
    } else cell += ch;
  }
  if (quoted) throw new CsvSyntaxError(quoteLine);
  endRecord();

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
