/**
 * Customers (/customer): create and edit bodies, the list query, notes, bulk actions and the
 * CSV import (column mapping and the rules each row must pass). Used by the API's validation
 * and by the web forms.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { uuidSchema } from './common.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { searchQuerySchema, sortOrderSchema } from './query.ts';

export const CUSTOMER_STATUSES = ['lead', 'prospect', 'active', 'churned'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** Statuses whose value counts as pipeline (not yet won). */
export const PIPELINE_STATUSES = ['lead', 'prospect'] as const satisfies readonly CustomerStatus[];

export const CUSTOMER_ACTIVITY_TYPES = ['created', 'updated', 'status_change', 'note'] as const;
export type CustomerActivityType = (typeof CUSTOMER_ACTIVITY_TYPES)[number];

/** The currency customer values are shown in (formatted per language in the browser). */
export const CUSTOMER_CURRENCY = 'USD';

export const CUSTOMER_LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  company: 200,
  notes: 5000,
  note: 5000,
  tag: 40,
  tags: 20,
  /** numeric(14, 2) holds values below 10^12. */
  value: 999_999_999_999.99,
  /** Ids per bulk request. */
  bulk: 1000,
  /** Rows per CSV import. */
  importRows: 10_000,
  /** Characters of CSV text per import request (the body limit adds a little). */
  importChars: 5 * 1024 * 1024,
  /** Rows of the export; more are cut off and the response says so. */
  exportRows: 100_000,
} as const;

/** Body limit of the import requests: the CSV text JSON-encoded (escapes may double it). */
export const CUSTOMER_IMPORT_BODY_BYTES = 2 * CUSTOMER_LIMITS.importChars + 64 * 1024;

export const CUSTOMER_MESSAGES = {
  required: 'This field is required',
  tooLong: (max: number) => `Use at most ${max} characters`,
  email: 'Enter a valid e-mail address',
  phone: 'Use digits, spaces and + ( ) - . only',
  status: `Use one of: ${CUSTOMER_STATUSES.join(', ')}`,
  value: 'Enter an amount of 0 or more, for example 1250.50',
  valueMax: 'The amount is too large',
  tag: `Tags are 1 to ${CUSTOMER_LIMITS.tag} characters`,
  tags: `Use at most ${CUSTOMER_LIMITS.tags} tags`,
  owner: 'Choose a member of this organization',
  emailTaken: 'A customer with this e-mail address already exists',
  emailRepeated: 'This e-mail address appears more than once in the file',
  nothingToChange: 'Nothing to change',
  notFound: 'Customer not found',
  ids: `Select between 1 and ${CUSTOMER_LIMITS.bulk} customers`,
  csvEmpty: 'The file has no rows under its header',
  csvTooManyRows: `A file may hold at most ${CUSTOMER_LIMITS.importRows} rows`,
  csvTooLarge: `The file is larger than ${CUSTOMER_LIMITS.importChars / 1024 / 1024} MB`,
  csvMalformed: 'The file is not valid CSV',
  mappingName: 'Choose the column that holds the name',
  mappingColumn: 'This column is not in the file',
  mappingTwice: 'A column can be mapped to one field only',
  importInvalid: 'Some rows are not valid; nothing was imported',
} as const;

const tooLong = (max: number) => CUSTOMER_MESSAGES.tooLong(max);

/** Trimmed text; blank becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .transform((v) => (v === '' ? null : v));

const name = z
  .string({ error: CUSTOMER_MESSAGES.required })
  .trim()
  .min(1, CUSTOMER_MESSAGES.required)
  .max(CUSTOMER_LIMITS.name, tooLong(CUSTOMER_LIMITS.name));
const email = z
  .string()
  .trim()
  .max(CUSTOMER_LIMITS.email, tooLong(CUSTOMER_LIMITS.email))
  .refine((v) => v === '' || z.email().safeParse(v).success, CUSTOMER_MESSAGES.email)
  .transform((v) => (v === '' ? null : v.toLowerCase()));
const phone = optionalText(CUSTOMER_LIMITS.phone).refine(
  (v) => v === null || /^[0-9+().\-\s]+$/.test(v),
  CUSTOMER_MESSAGES.phone,
);
export const customerStatusSchema = z.enum(CUSTOMER_STATUSES, { error: CUSTOMER_MESSAGES.status });
const value = z
  .number({ error: CUSTOMER_MESSAGES.value })
  .finite(CUSTOMER_MESSAGES.value)
  .min(0, CUSTOMER_MESSAGES.value)
  .max(CUSTOMER_LIMITS.value, CUSTOMER_MESSAGES.valueMax)
  .transform((v) => Math.round(v * 100) / 100);
const tag = z
  .string()
  .trim()
  .min(1, CUSTOMER_MESSAGES.tag)
  .max(CUSTOMER_LIMITS.tag, CUSTOMER_MESSAGES.tag);
const tags = z
  .array(tag)
  .max(CUSTOMER_LIMITS.tags, CUSTOMER_MESSAGES.tags)
  .transform((list) => [...new Set(list)]);
const notes = z.string().trim().max(CUSTOMER_LIMITS.notes, tooLong(CUSTOMER_LIMITS.notes));
/** A user id (any UUID, as `uuidSchema`), with the owner's message. */
const ownerId = z.guid(CUSTOMER_MESSAGES.owner).nullable();

/** POST /api/v1/customers. */
export const customerCreateSchema = z.strictObject({
  name,
  email: email.nullable().default(null),
  phone: phone.nullable().default(null),
  company: optionalText(CUSTOMER_LIMITS.company).nullable().default(null),
  status: customerStatusSchema.default('lead'),
  value: value.default(0),
  ownerId: ownerId.default(null),
  tags: tags.default([]),
  notes: notes.default(''),
});
export type CustomerCreateInput = z.input<typeof customerCreateSchema>;
export type CustomerCreate = z.output<typeof customerCreateSchema>;

/** PATCH /api/v1/customers/{id}: any of the fields, at least one. */
export const customerUpdateSchema = z
  .strictObject({
    name: name.optional(),
    email: email.nullable().optional(),
    phone: phone.nullable().optional(),
    company: optionalText(CUSTOMER_LIMITS.company).nullable().optional(),
    status: customerStatusSchema.optional(),
    value: value.optional(),
    ownerId: ownerId.optional(),
    tags: tags.optional(),
    notes: notes.optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    error: CUSTOMER_MESSAGES.nothingToChange,
  });
export type CustomerUpdateInput = z.input<typeof customerUpdateSchema>;
export type CustomerUpdate = z.output<typeof customerUpdateSchema>;

/** POST /api/v1/customers/{id}/notes. */
export const customerNoteSchema = z.strictObject({
  body: z
    .string({ error: CUSTOMER_MESSAGES.required })
    .trim()
    .min(1, CUSTOMER_MESSAGES.required)
    .max(CUSTOMER_LIMITS.note, tooLong(CUSTOMER_LIMITS.note)),
});
export type CustomerNote = z.output<typeof customerNoteSchema>;

const ids = z
  .array(uuidSchema)
  .min(1, CUSTOMER_MESSAGES.ids)
  .max(CUSTOMER_LIMITS.bulk, CUSTOMER_MESSAGES.ids)
  .transform((list) => [...new Set(list)]);

/** POST /api/v1/customers/bulk/status. */
export const customerBulkStatusSchema = z.strictObject({ ids, status: customerStatusSchema });
export type CustomerBulkStatus = z.output<typeof customerBulkStatusSchema>;
/** POST /api/v1/customers/bulk/delete. */
export const customerBulkDeleteSchema = z.strictObject({ ids });
export type CustomerBulkDelete = z.output<typeof customerBulkDeleteSchema>;

export const CUSTOMER_SORT_FIELDS = [
  'name',
  'email',
  'company',
  'status',
  'value',
  'createdAt',
  'updatedAt',
] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

/** `owner`: a user id, or `none` for customers without an owner. */
export const OWNER_NONE = 'none';

const customerFilters = {
  search: searchQuerySchema,
  status: customerStatusSchema.optional(),
  owner: z
    .union([uuidSchema, z.literal(OWNER_NONE)], { error: CUSTOMER_MESSAGES.owner })
    .optional(),
  /** Comma-separated; a customer matches when it has any of them. */
  tags: z
    .string()
    .max(CUSTOMER_LIMITS.tags * (CUSTOMER_LIMITS.tag + 1))
    .transform((v) =>
      v
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .optional(),
  sort: z.enum(CUSTOMER_SORT_FIELDS).default('createdAt'),
  order: sortOrderSchema.default('desc'),
};

/**
 * GET /api/v1/customers. `cursor` (the `nextCursor` of the previous page) switches to keyset
 * paging, which stays fast however deep one goes; `page` is for numbered pages.
 */
export const customerListQuerySchema = pageQuerySchema.extend({
  ...customerFilters,
  cursor: z.string().max(1000).optional(),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

/** GET /api/v1/customers/export.csv: the list's filters and sort, without paging. */
export const customerExportQuerySchema = z.strictObject(customerFilters);
export type CustomerExportQuery = z.output<typeof customerExportQuerySchema>;

// ---------------------------------------------------------------------------
// CSV import
// ---------------------------------------------------------------------------

/** The fields a CSV column can be mapped to. `owner` is the e-mail of a member. */
export const CUSTOMER_IMPORT_FIELDS = [
  'name',
  'email',
  'phone',
  'company',
  'status',
  'value',
  'owner',
  'tags',
  'notes',
] as const;
export type CustomerImportField = (typeof CUSTOMER_IMPORT_FIELDS)[number];

/** Header names (lower case, letters and digits only) suggested for each field. */
export const CUSTOMER_IMPORT_SYNONYMS: Record<CustomerImportField, readonly string[]> = {
  name: ['name', 'fullname', 'customer', 'customername', 'contact', 'contactname', 'client'],
  email: ['email', 'emailaddress', 'mail', 'courriel'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'cell'],
  company: ['company', 'companyname', 'organization', 'organisation', 'account', 'business'],
  status: ['status', 'stage', 'lifecyclestage', 'lifecycle'],
  value: ['value', 'amount', 'dealvalue', 'revenue', 'pipeline', 'worth'],
  owner: ['owner', 'owneremail', 'accountowner', 'assignee', 'salesrep', 'rep'],
  tags: ['tags', 'tag', 'labels', 'label'],
  notes: ['notes', 'note', 'comments', 'comment', 'description'],
};

/** Field -> the CSV column (header text) it is read from; unmapped fields are left out or null. */
export const customerImportMappingSchema = z
  .partialRecord(z.enum(CUSTOMER_IMPORT_FIELDS), z.string().max(200).nullable())
  .superRefine((mapping, ctx) => {
    if (!mapping.name) {
      ctx.addIssue({ code: 'custom', message: CUSTOMER_MESSAGES.mappingName, path: ['name'] });
    }
    const seen = new Set<string>();
    for (const field of CUSTOMER_IMPORT_FIELDS) {
      const column = mapping[field];
      if (!column) continue;
      if (seen.has(column)) {
        ctx.addIssue({ code: 'custom', message: CUSTOMER_MESSAGES.mappingTwice, path: [field] });
      }
      seen.add(column);
    }
  });
export type CustomerImportMapping = z.output<typeof customerImportMappingSchema>;

const csvText = z
  .string({ error: CUSTOMER_MESSAGES.required })
  .min(1, CUSTOMER_MESSAGES.csvEmpty)
  .max(CUSTOMER_LIMITS.importChars, CUSTOMER_MESSAGES.csvTooLarge);

/** POST /api/v1/customers/import/preview: without a mapping, the server suggests one. */
export const customerImportPreviewSchema = z.strictObject({
  csv: csvText,
  mapping: customerImportMappingSchema.optional(),
});
/** POST /api/v1/customers/import/commit: the mapping the person confirmed. */
export const customerImportCommitSchema = z.strictObject({
  csv: csvText,
  mapping: customerImportMappingSchema,
});

/** An amount as people write it: `1250.5`, `1,250.50`, `$ 1 250`; blank is 0. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s$€£¥]/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (cleaned === '') return 0;
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** Tags in one cell, separated by `;`, `|` or `,`. */
export function splitTags(text: string): string[] {
  return text
    .split(/[;|,]/)
    .map((t) => t.trim())
    .filter(Boolean);
}

export type CustomerImportCells = Partial<Record<CustomerImportField, string>>;

export type CustomerImportRowCheck =
  | { ok: true; customer: CustomerCreate; ownerEmail: string | null }
  | { ok: false; errors: { field: CustomerImportField; message: string }[] };

/**
 * One CSV row (cells already mapped to fields) checked with the create rules. A blank status
 * is `lead`; the owner stays an e-mail address, resolved among the organisation's members by
 * the server, which also checks e-mail addresses against existing customers.
 */
export function checkImportRow(cells: CustomerImportCells): CustomerImportRowCheck {
  const errors: { field: CustomerImportField; message: string }[] = [];
  const amount = parseAmount(cells.value ?? '');
  if (amount === null) errors.push({ field: 'value', message: CUSTOMER_MESSAGES.value });
  const ownerEmail = (cells.owner ?? '').trim().toLowerCase();
  if (ownerEmail !== '' && !z.email().safeParse(ownerEmail).success) {
    errors.push({ field: 'owner', message: CUSTOMER_MESSAGES.owner });
  }
  const parsed = customerCreateSchema.safeParse({
    name: cells.name ?? '',
    email: cells.email ?? '',
    phone: cells.phone ?? '',
    company: cells.company ?? '',
    status: (cells.status ?? '').trim().toLowerCase() || 'lead',
    value: amount ?? 0,
    tags: splitTags(cells.tags ?? ''),
    notes: cells.notes ?? '',
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'name') as CustomerImportField;
      if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, customer: parsed.data, ownerEmail: ownerEmail || null };
}

// ---------------------------------------------------------------------------
// What the API returns
// ---------------------------------------------------------------------------

/** A member who owns customers (also the owner choices of the form). */
export const customerOwnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type CustomerOwnerDto = z.infer<typeof customerOwnerSchema>;

/** A customer as the list returns it. */
export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  status: customerStatusSchema,
  value: z.number(),
  owner: customerOwnerSchema.nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerDto = z.infer<typeof customerSchema>;

/** One entry of a customer's timeline. */
export const customerActivitySchema = z.object({
  id: z.string(),
  type: z.enum(CUSTOMER_ACTIVITY_TYPES),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  body: z.string().nullable(),
  fromStatus: customerStatusSchema.nullable(),
  toStatus: customerStatusSchema.nullable(),
  details: z.unknown(),
  createdAt: z.string(),
});
export type CustomerActivityDto = z.infer<typeof customerActivitySchema>;

/** GET /api/v1/customers/{id}: the customer with notes and its timeline (newest first). */
export const customerDetailSchema = customerSchema.extend({
  notes: z.string(),
  activities: z.array(customerActivitySchema),
});
export type CustomerDetailDto = z.infer<typeof customerDetailSchema>;

/** GET /api/v1/customers. */
export const customerPageSchema = pageSchema(customerSchema).extend({
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

/** A tag in use and how many customers have it. */
export const customerTagCountSchema = z.object({ tag: z.string(), count: z.number().int() });
export type CustomerTagCount = z.infer<typeof customerTagCountSchema>;

/** GET /api/v1/customers/tags: most used first. */
export const customerTagsSchema = z.object({ items: z.array(customerTagCountSchema) });
export type CustomerTags = z.infer<typeof customerTagsSchema>;

/** POST /api/v1/customers/bulk/delete (bulk/status answers `updatedCountSchema`). */
export const customerBulkDeleteResultSchema = z.object({ deleted: z.number().int() });
export type CustomerBulkDeleteResult = z.infer<typeof customerBulkDeleteResultSchema>;

export const customerImportRowErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type CustomerImportRowError = z.infer<typeof customerImportRowErrorSchema>;

/** POST /api/v1/customers/import/preview. */
export const customerImportReportSchema = z.object({
  columns: z.array(z.string()),
  mapping: z.partialRecord(z.enum(CUSTOMER_IMPORT_FIELDS), z.string().nullable()),
  rowCount: z.number().int(),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  /** Per-row problems (row 1 is the first row under the header), at most 1000. */
  errors: z.array(customerImportRowErrorSchema),
  /** The first rows as they would be imported. */
  sample: z.array(z.record(z.enum(CUSTOMER_IMPORT_FIELDS), z.string())),
});
export type CustomerImportReport = z.infer<typeof customerImportReportSchema>;

/** POST /api/v1/customers/import/commit. */
export const customerImportResultSchema = z.object({ imported: z.number().int() });
export type CustomerImportResult = z.infer<typeof customerImportResultSchema>;
