import { z } from '@hono/zod-openapi';
import { idParamSchema, updatedCountSchema } from '../../../shared/schemas/common.ts';
import {
  CUSTOMER_MESSAGES,
  customerActivitySchema,
  customerBulkDeleteResultSchema,
  customerBulkDeleteSchema,
  customerBulkStatusSchema,
  customerCreateSchema,
  customerDetailSchema,
  customerExportQuerySchema,
  customerImportCommitSchema,
  customerImportPreviewSchema,
  customerImportReportSchema,
  customerImportResultSchema,
  customerListQuerySchema,
  customerNoteSchema,
  customerPageSchema,
  customerTagsSchema,
  customerUpdateSchema,
} from '../../../shared/schemas/customers.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor } from '../../http/context.ts';
import { csvResponse, toCsv } from '../../http/csv.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { recordAccess } from '../../http/record-access.ts';
import { checkTextUpload } from '../../http/text-input.ts';
import { commitImport, previewImport } from './customers-import.ts';
import { bulkDelete, bulkSetStatus } from './customers-bulk.ts';
import {
  CUSTOMER_CSV_HEADER,
  customerTags,
  exportCustomers,
  listCustomers,
} from './customers-list.ts';
import { addCustomerNote } from './customers-timeline.ts';
import {
  createCustomer,
  deleteCustomer,
  getCustomer,
  getCustomerRecord,
  updateCustomer,
} from './customers.service.ts';

const TAGS = ['Customers'];

const list = defineRoute({
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
      content: jsonContent(customerPageSchema),
    },
  },
});

const exportCsv = defineRoute({
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

const tags = defineRoute({
  method: 'get',
  path: '/customers/tags',
  ...permission.can('read', 'customer'),
  tags: TAGS,
  summary: 'Tags in use, most used first (for the tag filter)',
  responses: {
    200: {
      description: 'Tags with their customer counts',
      content: jsonContent(customerTagsSchema),
    },
  },
});

const create = defineRoute({
  method: 'post',
  path: '/customers',
  ...permission.can('create', 'customer'),
  tags: TAGS,
  summary: 'Create a customer (409 when the e-mail address is taken)',
  request: { body: { content: jsonContent(customerCreateSchema), required: true } },
  responses: { 201: { description: 'Created', content: jsonContent(customerDetailSchema) } },
  errors: [409],
});

const read = defineRoute({
  method: 'get',
  path: '/customers/{id}',
  ...permission.can('read', 'customer'),
  tags: TAGS,
  summary: 'One customer with notes and activity timeline (newest first)',
  request: { params: idParamSchema },
  responses: { 200: { description: 'The customer', content: jsonContent(customerDetailSchema) } },
});

const update = defineRoute({
  method: 'patch',
  path: '/customers/{id}',
  ...permission.can('update', 'customer'),
  tags: TAGS,
  summary: 'Change any field; status changes and edits appear in the timeline',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(customerUpdateSchema), required: true },
  },
  responses: { 200: { description: 'Updated', content: jsonContent(customerDetailSchema) } },
  errors: [409],
});

const remove = defineRoute({
  method: 'delete',
  path: '/customers/{id}',
  ...permission.can('delete', 'customer'),
  tags: TAGS,
  summary: 'Delete a customer',
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' } },
});

const note = defineRoute({
  method: 'post',
  path: '/customers/{id}/notes',
  ...permission.can('update', 'customer'),
  tags: TAGS,
  summary: 'Add a note to the timeline',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(customerNoteSchema), required: true },
  },
  responses: { 201: { description: 'The note', content: jsonContent(customerActivitySchema) } },
});

const bulkStatus = defineRoute({
  method: 'post',
  path: '/customers/bulk/status',
  ...permission.can('update', 'customer'),
  tags: TAGS,
  summary: 'Set the status of several customers',
  description: 'Ids that are not live customers of the organisation are ignored.',
  request: { body: { content: jsonContent(customerBulkStatusSchema), required: true } },
  responses: {
    200: {
      description: 'How many changed',
      content: jsonContent(updatedCountSchema),
    },
  },
});

const bulkRemove = defineRoute({
  method: 'post',
  path: '/customers/bulk/delete',
  ...permission.can('delete', 'customer'),
  tags: TAGS,
  summary: 'Delete several customers',
  description: 'Ids that are not live customers of the organisation are ignored.',
  request: { body: { content: jsonContent(customerBulkDeleteSchema), required: true } },
  responses: {
    200: {
      description: 'How many were deleted',
      content: jsonContent(customerBulkDeleteResultSchema),
    },
  },
});

const importPreview = defineRoute({
  method: 'post',
  path: '/customers/import/preview',
  ...permission.can('create', 'customer'),
  tags: TAGS,
  summary: 'Check a CSV file: columns, suggested mapping, a report per row; writes nothing',
  request: { body: { content: jsonContent(customerImportPreviewSchema), required: true } },
  responses: {
    200: { description: 'The report', content: jsonContent(customerImportReportSchema) },
  },
});

const importCommit = defineRoute({
  method: 'post',
  path: '/customers/import/commit',
  ...permission.can('create', 'customer'),
  tags: TAGS,
  summary: 'Import a CSV file: every row or none (422 naming each bad row)',
  request: { body: { content: jsonContent(customerImportCommitSchema), required: true } },
  responses: {
    201: { description: 'Imported', content: jsonContent(customerImportResultSchema) },
  },
  errors: [409, 422],
});

/** The record-level check (other organisations' and deleted records are a 404 before this). */
const { authorize, found404 } = recordAccess(
  'customer',
  CUSTOMER_MESSAGES.notFound,
  getCustomerRecord,
);

// Fixed paths come before /customers/{id}.
export const customerRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await listCustomers(c.get('deps').db, orgScope(c), c.req.valid('query')), 200),
  )
  .openapi(exportCsv, async (c) => {
    const { rows, truncated } = await exportCustomers(
      c.get('deps').db,
      orgScope(c),
      c.req.valid('query'),
    );
    return csvResponse(c, 'customers', toCsv(CUSTOMER_CSV_HEADER, rows), truncated);
  })
  .openapi(tags, async (c) =>
    c.json({ items: await customerTags(c.get('deps').db, orgScope(c)) }, 200),
  )
  .openapi(create, async (c) => {
    const customer = await createCustomer(
      c.get('deps').db,
      orgScope(c),
      auditActor(c),
      c.req.valid('json'),
    );
    return c.json(customer, 201);
  })
  .openapi(bulkStatus, async (c) => {
    const input = c.req.valid('json');
    const updated = await bulkSetStatus(c.get('deps').db, orgScope(c), auditActor(c), input);
    return c.json({ updated }, 200);
  })
  .openapi(bulkRemove, async (c) => {
    const input = c.req.valid('json');
    const deleted = await bulkDelete(c.get('deps').db, orgScope(c), auditActor(c), input);
    return c.json({ deleted }, 200);
  })
  .openapi(importPreview, async (c) => {
    const { csv, mapping } = c.req.valid('json');
    checkTextUpload(csv, 'csv');
    return c.json(await previewImport(c.get('deps').db, orgScope(c), csv, mapping), 200);
  })
  .openapi(importCommit, async (c) => {
    const { csv, mapping } = c.req.valid('json');
    checkTextUpload(csv, 'csv');
    const result = await commitImport(c.get('deps').db, orgScope(c), auditActor(c), csv, mapping);
    return c.json(result, 201);
  })
  .openapi(read, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(found404(await getCustomer(c.get('deps').db, orgScope(c), id)), 200);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const customer = await updateCustomer(
      c.get('deps').db,
      orgScope(c),
      auditActor(c),
      id,
      c.req.valid('json'),
    );
    return c.json(found404(customer), 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'delete', id);
    found404(await deleteCustomer(c.get('deps').db, orgScope(c), auditActor(c), id));
    return c.body(null, 204);
  })
  .openapi(note, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const activity = await addCustomerNote(
      c.get('deps').db,
      orgScope(c),
      auditActor(c),
      id,
      c.req.valid('json'),
    );
    return c.json(found404(activity), 201);
  });
