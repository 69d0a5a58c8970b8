import type { TFunction } from 'i18next';
import type { Translations } from '../../locales/en';
import { CUSTOMER_LIMITS, CUSTOMER_MESSAGES as M } from '../../../shared/schemas/customers';
import { describeFailure, thrownToFailure } from '../../lib/errors';

type CustomerMessageKey =
  | 'validation.required'
  | 'validation.email'
  | `customers.errors.${keyof Translations['customers']['errors']}`;

/** The server's (and the shared schema's) customer messages, as locale keys. */
const KNOWN = new Map<string, CustomerMessageKey>([
  [M.required, 'validation.required'],
  [M.email, 'validation.email'],
  [M.phone, 'customers.errors.phone'],
  [M.status, 'customers.errors.status'],
  [M.value, 'customers.errors.value'],
  [M.valueMax, 'customers.errors.valueMax'],
  [M.tag, 'customers.errors.tag'],
  [M.tags, 'customers.errors.tags'],
  [M.owner, 'customers.errors.owner'],
  [M.emailTaken, 'customers.errors.emailTaken'],
  [M.emailRepeated, 'customers.errors.emailRepeated'],
  [M.nothingToChange, 'customers.errors.nothingToChange'],
  [M.notFound, 'customers.errors.notFound'],
  [M.ids, 'customers.errors.ids'],
  [M.csvEmpty, 'customers.errors.csvEmpty'],
  [M.csvTooManyRows, 'customers.errors.csvTooManyRows'],
  [M.csvTooLarge, 'customers.errors.csvTooLarge'],
  [M.mappingName, 'customers.errors.mappingName'],
  [M.mappingColumn, 'customers.errors.mappingColumn'],
  [M.mappingTwice, 'customers.errors.mappingTwice'],
]);

const LIMIT_PARAMS = {
  tagMax: CUSTOMER_LIMITS.tag,
  tagsMax: CUSTOMER_LIMITS.tags,
  rows: CUSTOMER_LIMITS.importRows,
  megabytes: CUSTOMER_LIMITS.importChars / 1024 / 1024,
  bulkMax: CUSTOMER_LIMITS.bulk,
};

const TOO_LONG = /^Use at most (\d+) characters$/;

/**
 * A message of the customer rules in the user's language: the known ones are translated (with
 * their limits), anything else is shown as the server wrote it.
 */
export function customerMessageText(t: TFunction, message: string): string {
  const key = KNOWN.get(message);
  if (key) return t(key, LIMIT_PARAMS);
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return t('validation.tooLong', { max: Number(tooLong[1]) });
  if (message.startsWith(M.csvMalformed)) {
    const detail = message
      .slice(M.csvMalformed.length)
      .trim()
      .replace(/^\((.*)\)$/, '$1');
    return detail
      ? t('customers.errors.csvMalformedDetail', { detail })
      : t('customers.errors.csvMalformed');
  }
  if (message.startsWith(M.importInvalid)) return t('customers.import.invalid');
  return message;
}

/** What to show for a failed customer call. */
export function customerErrorText(t: TFunction, language: string, error: unknown): string {
  const failure = thrownToFailure(error);
  if (failure.status === 0 || failure.status === 429 || !failure.message?.trim()) {
    return describeFailure(t, language, failure);
  }
  return customerMessageText(t, failure.message);
}

/** The first message the server gave for one field of a failed call, if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  const fields = (error as { fields?: Record<string, string[] | undefined> } | null)?.fields;
  return fields?.[field]?.[0];
}

/** One problem of an import report or of a refused commit: row (from 1), field, message. */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/** The `rows.N.field` entries of a refused commit (422 IMPORT_INVALID), in row order. */
export function rowProblemsFromFields(
  fields: Record<string, string[] | undefined> | undefined,
): RowProblem[] {
  if (!fields) return [];
  const problems: RowProblem[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const match = /^rows\.(\d+)\.(.+)$/.exec(key);
    if (!match || !messages) continue;
    for (const message of messages) {
      problems.push({ row: Number(match[1]), field: match[2] ?? '', message });
    }
  }
  return problems.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field));
}

/** Problems grouped by row, rows in order (for the report: "Row 3: e-mail: …; value: …"). */
export function groupByRow(
  problems: readonly RowProblem[],
): { row: number; problems: RowProblem[] }[] {
  const rows = new Map<number, RowProblem[]>();
  for (const problem of problems) {
    const list = rows.get(problem.row);
    if (list) list.push(problem);
    else rows.set(problem.row, [problem]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([row, list]) => ({ row, problems: list }));
}
