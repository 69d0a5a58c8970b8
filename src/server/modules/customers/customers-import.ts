import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../../audit/record.ts';
import { httpError } from '../../http/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import {
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_LIMITS,
  CUSTOMER_MESSAGES,
  checkImportRow,
  type CustomerCreate,
  type CustomerImportField,
  type CustomerImportMapping,
  type CustomerImportReport,
  type CustomerImportRowError,
} from '../../../shared/schemas/customers.ts';
import type { ErrorFields } from '../../../shared/schemas/error.ts';
import {
  CsvSyntaxError,
  CsvTooLargeError,
  mapRow,
  parseCsvInWorker,
  suggestMapping,
} from './csv-parse.ts';
import { existingEmails, insertImported, memberEmails } from './customers-bulk.ts';

const MAX_REPORTED_ERRORS = 1000;
const SAMPLE_ROWS = 10;

const invalidInput = (message: string, field: string) =>
  httpError('VALIDATION_ERROR', message, { [field]: [message] });

type Checked = {
  report: CustomerImportReport;
  valid: CustomerCreate[];
};

/**
 * Parses the file, applies the mapping (or suggests one) and checks every row: the create
 * rules, owners among the organisation's members, e-mail addresses neither repeated in the
 * file nor already used by a customer. Nothing is written.
 */
async function check(
  db: Database,
  scope: OrgScope,
  csv: string,
  requested: CustomerImportMapping | undefined,
): Promise<Checked> {
  let parsed;
  try {
    parsed = await parseCsvInWorker(csv, { maxRows: CUSTOMER_LIMITS.importRows });
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      throw invalidInput(`${CUSTOMER_MESSAGES.csvMalformed} (${error.message})`, 'csv');
    }
    if (error instanceof CsvTooLargeError) throw invalidInput(CUSTOMER_MESSAGES.csvTooLarge, 'csv');
    throw error;
  }
  const { header, rows } = parsed;
  if (rows.length === 0) throw invalidInput(CUSTOMER_MESSAGES.csvEmpty, 'csv');
  if (rows.length > CUSTOMER_LIMITS.importRows) {
    throw invalidInput(CUSTOMER_MESSAGES.csvTooManyRows, 'csv');
  }
  const mapping = requested ?? suggestMapping(header);
  const mappingErrors: ErrorFields = {};
  for (const field of CUSTOMER_IMPORT_FIELDS) {
    const column = mapping[field];
    if (column && !header.includes(column)) {
      mappingErrors[`mapping.${field}`] = [CUSTOMER_MESSAGES.mappingColumn];
    }
  }
  if (Object.keys(mappingErrors).length > 0) {
    throw httpError('VALIDATION_ERROR', CUSTOMER_MESSAGES.mappingColumn, mappingErrors);
  }

  const owners = await memberEmails(db, scope);
  const errors: CustomerImportRowError[] = [];
  const valid: CustomerCreate[] = [];
  const emailRow = new Map<string, number>();
  const checked = rows.map((cells, index) => {
    const row = index + 1;
    const mapped = mapRow(header, cells, mapping);
    const result = checkImportRow(mapped);
    const rowErrors: { field: CustomerImportField; message: string }[] = result.ok
      ? []
      : [...result.errors];
    const hasError = (field: CustomerImportField) => rowErrors.some((e) => e.field === field);
    // Owners and repeated addresses are checked on every row, so the report is complete.
    const ownerEmail = (mapped.owner ?? '').trim().toLowerCase();
    const ownerId = ownerEmail ? owners.get(ownerEmail) : undefined;
    if (ownerEmail && !ownerId && !hasError('owner')) {
      rowErrors.push({ field: 'owner', message: CUSTOMER_MESSAGES.owner });
    }
    const email = (mapped.email ?? '').trim().toLowerCase();
    if (email && !hasError('email')) {
      if (emailRow.has(email)) {
        rowErrors.push({ field: 'email', message: CUSTOMER_MESSAGES.emailRepeated });
      } else emailRow.set(email, row);
    }
    if (result.ok && ownerId) result.customer.ownerId = ownerId;
    return { row, result, rowErrors, email };
  });

  const taken = await existingEmails(db, scope, [...emailRow.keys()]);
  for (const { row, result, rowErrors, email } of checked) {
    if (email && taken.has(email) && !rowErrors.some((e) => e.field === 'email')) {
      rowErrors.push({ field: 'email', message: CUSTOMER_MESSAGES.emailTaken });
    }
    if (rowErrors.length === 0 && result.ok) valid.push(result.customer);
    for (const error of rowErrors) errors.push({ row, ...error });
  }

  const invalidCount = rows.length - valid.length;
  const sample = rows.slice(0, SAMPLE_ROWS).map((cells) => {
    const mapped = mapRow(header, cells, mapping);
    return Object.fromEntries(
      CUSTOMER_IMPORT_FIELDS.map((field) => [field, mapped[field] ?? '']),
    ) as Record<CustomerImportField, string>;
  });
  return {
    valid,
    report: {
      columns: header,
      mapping,
      rowCount: rows.length,
      validCount: valid.length,
      invalidCount,
      errors: errors.slice(0, MAX_REPORTED_ERRORS),
      sample,
    },
  };
}

/** The validation report of a file under a mapping (suggested when none is given). */
export async function previewImport(
  db: Database,
  scope: OrgScope,
  csv: string,
  mapping?: CustomerImportMapping,
): Promise<CustomerImportReport> {
  return (await check(db, scope, csv, mapping)).report;
}

/**
 * Imports every row in one transaction, or none: any invalid row is a 422 whose `fields` name
 * each problem as `rows.<row>.<field>`.
 */
export async function commitImport(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  csv: string,
  mapping: CustomerImportMapping,
): Promise<{ imported: number }> {
  const { report, valid } = await check(db, scope, csv, mapping);
  if (report.invalidCount > 0) {
    const fields: ErrorFields = {};
    for (const error of report.errors) {
      (fields[`rows.${error.row}.${error.field}`] ??= []).push(error.message);
    }
    throw httpError(
      'IMPORT_INVALID',
      `${CUSTOMER_MESSAGES.importInvalid} (${report.invalidCount} of ${report.rowCount} rows)`,
      fields,
    );
  }
  const imported = await insertImported(db, scope, actor, valid, {
    rowCount: report.rowCount,
    columns: report.columns,
  });
  // A bulk load changes the tables' size and spread at once, and PGlite runs no autovacuum:
  // without fresh statistics the planner keeps planning for the old, small tables (a page of
  // the list then reads every customer). PostgreSQL's autovacuum would get there later.
  await db.execute(sql`analyze customers, customer_activities`);
  return { imported };
}
