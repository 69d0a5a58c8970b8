import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { can, type Action } from '../../../shared/abilities.ts';
import {
  CUSTOMER_ACTIVITY_TYPES,
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_MESSAGES,
  CUSTOMER_STATUSES,
  customerBulkDeleteSchema,
  customerBulkStatusSchema,
  customerCreateSchema,
  customerExportQuerySchema,
  customerImportCommitSchema,
  customerImportPreviewSchema,
  customerListQuerySchema,
  customerNoteSchema,
  customerUpdateSchema,
} from '../../../shared/schemas/customers.ts';
import { createRouter } from '../../http/openapi.ts';
import { auditActor, requireOrg, type AppEnv } from '../../http/context.ts';
import { csvResponse, toCsv } from '../../http/csv.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { permission } from '../../http/permission.ts';
import { checkTextUpload } from '../../http/text-input.ts';
import { commitImport, previewImport } from './customers-import.ts';
import {
  CUSTOMER_CSV_HEADER,
  addCustomerNote,
  bulkDelete,
  bulkSetStatus,
  createCustomer,
  customerTags,
  deleteCustomer,
  exportCustomers,
  getCustomer,
  getCustomerRecord,
  listCustomers,
  updateCustomer,
  type CustomerScope,
} from './customers.service.ts';

const TAGS = ['Customers'];
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const idParam = z.object({ id: z.uuid() });
const status = z.enum(CUSTOMER_STATUSES);

const customerDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  status,
  value: z.number(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const activityDto = z.object({
  id: z.string(),
  type: z.enum(CUSTOMER_ACTIVITY_TYPES),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  body: z.string().nullable(),
  fromStatus: status.nullable(),
  toStatus: status.nullable(),
  details: z.unknown(),
  createdAt: z.string(),
});
const detailDto = customerDto.extend({ notes: z.string(), activities: z.array(activityDto) });
const importReportDto = z.object({
  columns: z.array(z.string()),
  mapping: z.partialRecord(z.enum(CUSTOMER_IMPORT_FIELDS), z.string().nullable()),
  rowCount: z.number(),
  validCount: z.number(),
  invalidCount: z.number(),
  errors: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
  sample: z.array(z.record(z.string(), z.string())),
});

const list = createRoute({
  method: 'get',
  path: '/customers',
  ...permission.can('read', 'customer'),
  tags: TAGS,
  summary: 'Customers with search, filters (status, owner, tags), sort and paging',
  description:
    '`search` matches name, e-mail and company. `page` gives numbered pages; `cursor` (the previous page’s `nextCursor`) gives keyset paging for deep lists.',
  request: { query: customerListQuerySchema },
  responses: {
    200: {
      description: 'A page of customers',
      content: json(
        z.object({
          items: z.array(customerDto),
          total: z.number(),
          page: z.number(),
          pageSize: z.number(),
          nextCursor: z.string().nullable(),
        }),
      ),
    },
  },
});

const exportCsv = createRoute({
  method: 'get',
  path: '/customers/export.csv',
  ...permission.can('read', 'customer'),
  tags: TAGS,
  summary: 'The list’s customers as CSV (same filters and sort, no paging)',
  request: { query: customerExportQuerySchema },
  responses: {
    200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
  },
});

const tags = createRoute({
  method: 'get',
  path: '/customers/tags',
  ...permission.can('read', 'customer'),
  tags: TAGS,
  summary: 'Tags in use, most used first (for the tag filter)',
  responses: {
    200: {
      description: 'Tags with their customer counts',
      content: json(z.object({ items: z.array(z.object({ tag: z.string(), count: z.number() })) })),
    },
  },
});

const create = createRoute({
  method: 'post',
  path: '/customers',
  ...permission.can('create', 'customer'),
  tags: TAGS,
  summary: 'Create a customer (409 when the e-mail address is taken)',
  request: { body: { content: json(customerCreateSchema), required: true } },
  responses: { 201: { description: 'Created', content: json(detailDto) } },
});

const read = createRoute({
  method: 'get',
  path: '/customers/{id}',
  ...permission.can('read', 'customer'),
  tags: TAGS,
  summary: 'One customer with notes and activity timeline (newest first)',
  request: { params: idParam },
  responses: { 200: { description: 'The customer', content: json(detailDto) } },
});

const update = createRoute({
  method: 'patch',
  path: '/customers/{id}',
  ...permission.can('update', 'customer'),
  tags: TAGS,
  summary: 'Change any field; status changes and edits appear in the timeline',
  request: { params: idParam, body: { content: json(customerUpdateSchema), required: true } },
  responses: { 200: { description: 'Updated', content: json(detailDto) } },
});

const remove = createRoute({
  method: 'delete',
  path: '/customers/{id}',
  ...permission.can('delete', 'customer'),
  tags: TAGS,
  summary: 'Delete a customer',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' } },
});

const note = createRoute({
  method: 'post',
  path: '/customers/{id}/notes',
  ...permission.can('update', 'customer'),
  tags: TAGS,
  summary: 'Add a note to the timeline',
  request: { params: idParam, body: { content: json(customerNoteSchema), required: true } },
  responses: { 201: { description: 'The note', content: json(activityDto) } },
});

const bulkStatus = createRoute({
  method: 'post',
  path: '/customers/bulk/status',
  ...permission.can('update', 'customer'),
  tags: TAGS,
  summary: 'Set the status of several customers',
  description: 'Ids that are not live customers of the organisation are ignored.',
  request: { body: { content: json(customerBulkStatusSchema), required: true } },
  responses: {
    200: {
      description: 'How many changed',
      content: json(z.object({ updated: z.number() })),
    },
  },
});

const bulkRemove = createRoute({
  method: 'post',
  path: '/customers/bulk/delete',
  ...permission.can('delete', 'customer'),
  tags: TAGS,
  summary: 'Delete several customers',
  description: 'Ids that are not live customers of the organisation are ignored.',
  request: { body: { content: json(customerBulkDeleteSchema), required: true } },
  responses: {
    200: {
      description: 'How many were deleted',
      content: json(z.object({ deleted: z.number() })),
    },
  },
});

const importPreview = createRoute({
  method: 'post',
  path: '/customers/import/preview',
  ...permission.can('create', 'customer'),
  tags: TAGS,
  summary: 'Check a CSV file: columns, suggested mapping, a report per row; writes nothing',
  request: { body: { content: json(customerImportPreviewSchema), required: true } },
  responses: { 200: { description: 'The report', content: json(importReportDto) } },
});

const importCommit = createRoute({
  method: 'post',
  path: '/customers/import/commit',
  ...permission.can('create', 'customer'),
  tags: TAGS,
  summary: 'Import a CSV file: every row or none (422 naming each bad row)',
  request: { body: { content: json(customerImportCommitSchema), required: true } },
  responses: {
    201: { description: 'Imported', content: json(z.object({ imported: z.number() })) },
  },
});

const scopeOf = (c: Context<AppEnv>): CustomerScope => ({ organizationId: requireOrg(c).id });

/** The record-level check (other organisations' and deleted records are a 404 before this). */
async function authorize(c: Context<AppEnv>, action: Action, id: string) {
  const record = await getCustomerRecord(c.get('deps').db, scopeOf(c), id);
  if (!record) throw notFound(CUSTOMER_MESSAGES.notFound);
  const subject = {
    ...record,
    organization_id: record.organizationId,
    deleted_at: record.deletedAt,
  };
  if (!can(c.get('ability'), action, 'customer', subject)) throw forbidden();
}

const found = <T>(value: T | null): T => {
  if (value === null) throw notFound(CUSTOMER_MESSAGES.notFound);
  return value;
};

// Fixed paths come before /customers/{id}.
export const customerRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await listCustomers(c.get('deps').db, scopeOf(c), c.req.valid('query')), 200),
  )
  .openapi(exportCsv, async (c) => {
    const { rows, truncated } = await exportCustomers(
      c.get('deps').db,
      scopeOf(c),
      c.req.valid('query'),
    );
    return csvResponse(c, 'customers', toCsv(CUSTOMER_CSV_HEADER, rows), truncated);
  })
  .openapi(tags, async (c) =>
    c.json({ items: await customerTags(c.get('deps').db, scopeOf(c)) }, 200),
  )
  .openapi(create, async (c) => {
    const customer = await createCustomer(
      c.get('deps').db,
      scopeOf(c),
      auditActor(c),
      c.req.valid('json'),
    );
    return c.json(customer, 201);
  })
  .openapi(bulkStatus, async (c) => {
    const { ids, status } = c.req.valid('json');
    const updated = await bulkSetStatus(c.get('deps').db, scopeOf(c), auditActor(c), ids, status);
    return c.json({ updated }, 200);
  })
  .openapi(bulkRemove, async (c) => {
    const { ids } = c.req.valid('json');
    const deleted = await bulkDelete(c.get('deps').db, scopeOf(c), auditActor(c), ids);
    return c.json({ deleted }, 200);
  })
  .openapi(importPreview, async (c) => {
    const { csv, mapping } = c.req.valid('json');
    checkTextUpload(csv, 'csv');
    return c.json(await previewImport(c.get('deps').db, scopeOf(c), csv, mapping), 200);
  })
  .openapi(importCommit, async (c) => {
    const { csv, mapping } = c.req.valid('json');
    checkTextUpload(csv, 'csv');
    const result = await commitImport(c.get('deps').db, scopeOf(c), auditActor(c), csv, mapping);
    return c.json(result, 201);
  })
  .openapi(read, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(found(await getCustomer(c.get('deps').db, scopeOf(c), id)), 200);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const customer = await updateCustomer(
      c.get('deps').db,
      scopeOf(c),
      auditActor(c),
      id,
      c.req.valid('json'),
    );
    return c.json(found(customer), 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'delete', id);
    found((await deleteCustomer(c.get('deps').db, scopeOf(c), auditActor(c), id)) || null);
    return c.body(null, 204);
  })
  .openapi(note, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const { body } = c.req.valid('json');
    const activity = await addCustomerNote(c.get('deps').db, scopeOf(c), auditActor(c), id, body);
    return c.json(found(activity), 201);
  });
