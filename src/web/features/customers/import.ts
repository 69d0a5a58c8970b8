import {
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_LIMITS,
  type CustomerImportField,
  type CustomerImportMapping,
} from '../../../shared/schemas/customers';

/** The steps of the import wizard, in order. */
export const IMPORT_STEPS = ['file', 'mapping', 'check', 'done'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

export type FileProblem = 'tooLarge' | 'empty';

/** Why a chosen file cannot be sent (checked before reading it), or null. */
export function checkFile(file: { size: number }): FileProblem | null {
  if (file.size === 0) return 'empty';
  // Characters are at most bytes, and the server counts characters: a byte limit is safe.
  if (file.size > CUSTOMER_LIMITS.importChars * 4) return 'tooLarge';
  return null;
}

/** Why the text of a file cannot be sent, or null. */
export function checkText(text: string): FileProblem | null {
  if (text.trim() === '') return 'empty';
  if (text.length > CUSTOMER_LIMITS.importChars) return 'tooLarge';
  return null;
}

/** A file size for people: "12 KB", "1.4 MB". */
export function formatFileSize(
  bytes: number,
  format: (value: number, options: Intl.NumberFormatOptions) => string,
): string {
  if (bytes < 1024) return format(bytes, { style: 'unit', unit: 'byte', unitDisplay: 'short' });
  if (bytes < 1024 * 1024) {
    return format(bytes / 1024, {
      style: 'unit',
      unit: 'kilobyte',
      unitDisplay: 'short',
      maximumFractionDigits: 0,
    });
  }
  return format(bytes / 1024 / 1024, {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
}

/** The mapping with every field present (null for "don't import"), columns that exist only. */
export function completeMapping(
  mapping: CustomerImportMapping,
  columns: readonly string[],
): Record<CustomerImportField, string | null> {
  return Object.fromEntries(
    CUSTOMER_IMPORT_FIELDS.map((field) => {
      const column = mapping[field];
      return [field, column && columns.includes(column) ? column : null];
    }),
  ) as Record<CustomerImportField, string | null>;
}

/**
 * Maps `field` to `column` (null to skip it). A column holds one field only, so a field that had
 * the column before is cleared.
 */
export function assignColumn(
  mapping: Record<CustomerImportField, string | null>,
  field: CustomerImportField,
  column: string | null,
): Record<CustomerImportField, string | null> {
  const next = { ...mapping };
  if (column !== null) {
    for (const other of CUSTOMER_IMPORT_FIELDS) {
      if (other !== field && next[other] === column) next[other] = null;
    }
  }
  next[field] = column;
  return next;
}

/** The mapping as the API takes it: only the fields that are read from a column. */
export function mappingForApi(
  mapping: Record<CustomerImportField, string | null>,
): CustomerImportMapping {
  const result: CustomerImportMapping = {};
  for (const field of CUSTOMER_IMPORT_FIELDS) {
    const column = mapping[field];
    if (column) result[field] = column;
  }
  return result;
}
