/**
 * Reading CSV, the one way (docs/decisions/0015-one-csv-reader.md): PapaParse, for the customers
 * import and for file data sources alike, and in the browser if a preview ever needs it. What
 * we add is what PapaParse leaves to its caller: the line each record starts on (for error
 * reports), blank lines skipped, CRLF and LF mixed in one file, and our messages for broken
 * quotes. Writing CSV stays in src/server/http/csv.ts (it neutralises formulas).
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import Papa from 'papaparse';

/** The separators PapaParse chooses from (by consistent field counts over the first rows). */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;

export const CSV_ERRORS = {
  unclosedQuote: 'A quoted value is not closed (missing ")',
  textAfterQuote: 'Unexpected text after a closing quote',
} as const;

export interface CsvRecord {
  /** The line the record starts on (the first line is 1). */
  line: number;
  fields: string[];
  /** The record's quotes are broken (one of CSV_ERRORS); `fields` is what PapaParse made of it. */
  error?: string;
}

const quoteError = (errors: Papa.ParseError[]): string | undefined => {
  if (errors.some((e) => e.code === 'MissingQuotes')) return CSV_ERRORS.unclosedQuote;
  if (errors.some((e) => e.code === 'InvalidQuotes')) return CSV_ERRORS.textAfterQuote;
  return undefined;
};

/**
 * Reads CSV text record by record (blank lines are skipped; a leading byte-order mark is
 * dropped). The separator is guessed among `delimiters` from the first rows, comma when
 * PapaParse cannot tell. Returns the separator used.
 */
export function readCsv(
  text: string,
  onRecord: (record: CsvRecord) => void,
  options: { delimiters?: readonly string[] } = {},
): { delimiter: string } {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // PapaParse takes one line break per file: LF (the CR of a CRLF is dropped below), or CR
  // alone for files without any LF.
  const newline = input.includes('\n') || !input.includes('\r') ? '\n' : '\r';
  let delimiter = ',';
  let line = 1;
  let position = 0;
  Papa.parse<string[]>(input, {
    newline,
    delimitersToGuess: [...(options.delimiters ?? CSV_DELIMITERS)],
    skipEmptyLines: true,
    step: (row) => {
      delimiter = row.meta.delimiter;
      const end = row.meta.cursor;
      // Blank lines PapaParse skipped before this record.
      while (position < end && input[position] === newline) {
        line++;
        position++;
      }
      const start = line;
      for (let at = input.indexOf(newline, position); at !== -1 && at < end;) {
        line++;
        at = input.indexOf(newline, at + 1);
      }
      position = end;
      const fields = row.data;
      const last = fields.length - 1;
      if (newline === '\n' && fields[last]?.endsWith('\r')) {
        fields[last] = fields[last]!.slice(0, -1);
      }
      if (fields.length === 1 && fields[0] === '') return;
      const error = quoteError(row.errors);
      onRecord({ line: start, fields, ...(error ? { error } : {}) });
    },
  });
  return { delimiter };
}

/** All records of a CSV text (see `readCsv`). */
export function csvRecords(
  text: string,
  options: { delimiters?: readonly string[] } = {},
): CsvRecord[] {
  const records: CsvRecord[] = [];
  readCsv(text, (record) => records.push(record), options);
  return records;
}
