/**
 * /api/v1/data-sources: the organisation's data sources (PostgreSQL, MySQL/MariaDB, HTTP API,
 * uploaded CSV/JSON file). Permissions per src/shared/abilities.ts (subject DataSource):
 * reading, testing a saved source, its schema and its query console need read; creating and
 * testing unsaved settings need create; changing, uploading a new file and assigning to
 * projects need update; deleting needs delete. Error mapping of the connectors: see
 * data-sources.service.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { can, type Action } from '../../../shared/abilities.ts';
import {
  CONNECTION_FAILURE_CAUSES,
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
  DATA_SOURCE_TYPES,
  connectionTestResultSchema,
  dataSourceCreateSchema,
  dataSourceListQuerySchema,
  dataSourceSavedTestSchema,
  dataSourceSchemaResultSchema,
  dataSourceTestInputSchema,
  dataSourceUpdateSchema,
  dataSourceUploadFieldsSchema,
  queryResultSchema,
  uploadReportSchema,
} from '../../../shared/schemas/data-sources.ts';
import { createRouter } from '../../http/openapi.ts';
import { auditActor, requireOrg, type AppEnv } from '../../http/context.ts';
import { HttpError, forbidden, validationError } from '../../http/errors.ts';
import { readMultipartUpload } from '../../http/multipart.ts';
import { csvResponse, toCsv } from '../../http/csv.ts';
import { permission } from '../../http/permission.ts';
import {
  assignProject,
  createDataSource,
  dataSourceSchema,
  deleteDataSource,
  findDataSource,
  getDataSource,
  listDataSources,
  queryDataSource,
  acceptPrivilegedRole,
  requireProject,
  testDataSource,
  testSettings,
  unassignProject,
  updateDataSource,
  uploadFile,
  type DataSourceScope,
} from './data-sources.service.ts';

const TAGS = ['Data sources'];
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const idParam = z.object({ id: z.uuid() });
const assignmentParams = z.object({ id: z.uuid(), projectId: z.uuid() });

const dataSourceDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(DATA_SOURCE_TYPES),
  config: z.record(z.string(), z.unknown()),
  /** The password, token or header value is stored (encrypted); it is never sent back. */
  hasSecret: z.boolean(),
  privilegedRoleAccepted: z.boolean(),
  projectCount: z.number(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const dataSourceDetailDto = dataSourceDto.extend({
  projects: z.array(z.object({ id: z.string(), name: z.string() })),
});
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

/** The console's request; which fields apply depends on the source's type. */
const queryBody = z.record(z.string(), z.unknown()).openapi({
  description:
    'PostgreSQL/MySQL: `{ sql }` (one statement, read-only). HTTP: `{ path, query }` (a GET under the base address). File: `{ filters: [{ column, op, value }], sort: [{ column, direction }], page, pageSize }`.',
  example: { sql: 'select * from customers' },
});

const connectionFailed = {
  description: `The external system could not be reached: CONNECTION_FAILED, fields.cause[0] one of ${CONNECTION_FAILURE_CAUSES.join(', ')}`,
};

const list = createRoute({
  method: 'get',
  path: '/data-sources',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: 'The organisation’s data sources with search, type and project filters, sort and paging',
  request: { query: dataSourceListQuerySchema },
  responses: {
    200: { description: 'A page of data sources', content: json(pageOf(dataSourceDto)) },
  },
});

const create = createRoute({
  method: 'post',
  path: '/data-sources',
  ...permission.can('create', 'DataSource'),
  tags: TAGS,
  summary: 'Create a PostgreSQL, MySQL or HTTP data source (files: POST /data-sources/files)',
  request: { body: { content: json(dataSourceCreateSchema), required: true } },
  responses: { 201: { description: 'Created', content: json(dataSourceDetailDto) } },
});

const testUnsaved = createRoute({
  method: 'post',
  path: '/data-sources/test',
  ...permission.can('create', 'DataSource'),
  tags: TAGS,
  summary: 'Test connection settings before saving them (10 s time-out)',
  request: { body: { content: json(dataSourceTestInputSchema), required: true } },
  responses: {
    200: {
      description: 'ok, or the cause of the failure',
      content: json(connectionTestResultSchema),
    },
  },
});

const upload = createRoute({
  method: 'post',
  path: '/data-sources/files',
  ...permission.can('create', 'DataSource'),
  tags: TAGS,
  summary: `Upload a CSV or JSON file (${DATA_SOURCE_LIMITS.fileMaxBytes / 1024 / 1024} MB at most) as a new file data source, or as the new file of one (dataSourceId)`,
  description:
    'Invalid rows refuse the file (422 INVALID_FILE, fields name each bad row: `line 12`, `item 3`) unless skipInvalidRows=true, which stores the valid rows and reports the others.',
  request: {
    // A plain schema, not zod: the handler reads the multipart body itself.
    body: {
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: { type: 'string', format: 'binary' },
              name: { type: 'string' },
              description: { type: 'string' },
              dataSourceId: { type: 'string', format: 'uuid' },
              skipInvalidRows: { type: 'string', enum: ['true', 'false'] },
            },
            required: ['file'],
          },
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: 'The data source and the upload report',
      content: json(z.object({ dataSource: dataSourceDetailDto, report: uploadReportSchema })),
    },
  },
});

const read = createRoute({
  method: 'get',
  path: '/data-sources/{id}',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: 'One data source with its projects (never its secret)',
  request: { params: idParam },
  responses: { 200: { description: 'The data source', content: json(dataSourceDetailDto) } },
});

const update = createRoute({
  method: 'patch',
  path: '/data-sources/{id}',
  ...permission.can('update', 'DataSource'),
  tags: TAGS,
  summary:
    'Change name, description or settings; `secret` absent keeps the stored one, a string replaces it, null removes it',
  request: { params: idParam, body: { content: json(dataSourceUpdateSchema), required: true } },
  responses: { 200: { description: 'Updated', content: json(dataSourceDetailDto) } },
});

const remove = createRoute({
  method: 'delete',
  path: '/data-sources/{id}',
  ...permission.can('delete', 'DataSource'),
  tags: TAGS,
  summary: 'Delete a data source (soft: it disappears everywhere; the audit log keeps its history)',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' } },
});

const testSaved = createRoute({
  method: 'post',
  path: '/data-sources/{id}/test',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: 'Test the connection of a saved source (10 s time-out)',
  description:
    'With a body `{ config?, secret? }`, tests edited settings before saving them (needs update); the stored secret is used unless one is given.',
  request: {
    params: idParam,
    body: { content: json(dataSourceSavedTestSchema), required: false },
  },
  responses: {
    200: {
      description: 'ok, or the cause of the failure',
      content: json(connectionTestResultSchema),
    },
  },
});

const acceptPrivileged = createRoute({
  method: 'post',
  path: '/data-sources/{id}/accept-privileged-role',
  // Organisation admins (and super admins): the ones who may manage the organisation.
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary:
    'Accept that a PostgreSQL source connects with a role that may reach the database server’s files or programs, so every member may query it',
  request: { params: idParam },
  responses: { 200: { description: 'The data source', content: json(dataSourceDetailDto) } },
});

const schema = createRoute({
  method: 'get',
  path: '/data-sources/{id}/schema',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: 'Tables and columns (databases) or inferred columns (files); empty for HTTP APIs',
  request: { params: idParam },
  responses: {
    200: { description: 'The schema', content: json(dataSourceSchemaResultSchema) },
    502: connectionFailed,
  },
});

const query = createRoute({
  method: 'post',
  path: '/data-sources/{id}/query',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: `Run one read-only request: SQL in a read-only transaction (${DATA_SOURCE_LIMITS.queryTimeoutMs / 1000} s statement time-out, ${DATA_SOURCE_LIMITS.rowCap} rows at most), a GET for HTTP, filter/sort/page for files`,
  request: { params: idParam, body: { content: json(queryBody), required: true } },
  responses: {
    200: { description: 'Columns and rows', content: json(queryResultSchema) },
    422: { description: 'QUERY_FAILED (the system refused the statement) or QUERY_TIMEOUT' },
    502: connectionFailed,
  },
});

const queryCsv = createRoute({
  method: 'post',
  path: '/data-sources/{id}/query.csv',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: `The same request's result as CSV (${DATA_SOURCE_LIMITS.exportRowCap} rows at most; X-Export-Truncated: true when there were more)`,
  request: { params: idParam, body: { content: json(queryBody), required: true } },
  responses: {
    200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
    502: connectionFailed,
  },
});

const assign = createRoute({
  method: 'put',
  path: '/data-sources/{id}/projects/{projectId}',
  ...permission.can('update', 'DataSource'),
  tags: TAGS,
  summary: 'Assign the data source to a project (idempotent)',
  request: { params: assignmentParams },
  responses: { 204: { description: 'Assigned' } },
});

const unassign = createRoute({
  method: 'delete',
  path: '/data-sources/{id}/projects/{projectId}',
  ...permission.can('update', 'DataSource'),
  tags: TAGS,
  summary: 'Remove the data source from a project (idempotent)',
  request: { params: assignmentParams },
  responses: { 204: { description: 'Unassigned' } },
});

const projectSources = createRoute({
  method: 'get',
  path: '/projects/{projectId}/data-sources',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: 'The data sources assigned to a project',
  request: {
    params: z.object({ projectId: z.uuid() }),
    query: dataSourceListQuerySchema.omit({ projectId: true }),
  },
  responses: {
    200: { description: 'A page of data sources', content: json(pageOf(dataSourceDto)) },
  },
});

const scopeOf = (c: Context<AppEnv>): DataSourceScope => ({ organizationId: requireOrg(c).id });

/** The record-level check (a record of another organisation, or a deleted one, is already a 404). */
async function authorize(c: Context<AppEnv>, action: Action, id: string) {
  const row = await findDataSource(c.get('deps').db, scopeOf(c), id);
  const record = { ...row, organization_id: row.organizationId, deleted_at: row.deletedAt };
  if (!can(c.get('ability'), action, 'DataSource', record)) throw forbidden();
}

/** Organisation admins (and super admins) may query a source whose role is privileged. */
const organizationAdmin = (c: Context<AppEnv>) => c.get('ability').can('update', 'Organization');

/** A JSON body that may be absent (POST /{id}/test). */
async function optionalJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'Malformed JSON in request body');
  }
}

export const dataSourceRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await listDataSources(c.get('deps').db, scopeOf(c), c.req.valid('query')), 200),
  )
  .openapi(create, async (c) => {
    const created = await createDataSource(
      c.get('deps'),
      auditActor(c),
      scopeOf(c),
      c.req.valid('json'),
    );
    return c.json(created, 201);
  })
  .openapi(testUnsaved, async (c) =>
    c.json(await testSettings(c.get('deps'), c.req.valid('json')), 200),
  )
  .openapi(upload, async (c) => {
    const scope = scopeOf(c);
    const { file, fields: body } = await readMultipartUpload(c, {
      notMultipart: 'Send the file as multipart/form-data',
      fileRequired: DATA_SOURCE_MESSAGES.fileRequired,
    });
    if (file.size > DATA_SOURCE_LIMITS.fileMaxBytes) {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', DATA_SOURCE_MESSAGES.fileTooLarge, {
        file: [DATA_SOURCE_MESSAGES.fileTooLarge],
      });
    }
    const text = (key: string) => (typeof body[key] === 'string' ? body[key] : undefined);
    const fields = dataSourceUploadFieldsSchema.safeParse({
      name: text('name') || undefined,
      description: text('description'),
      dataSourceId: text('dataSourceId') || undefined,
      skipInvalidRows: text('skipInvalidRows') || undefined,
    });
    if (!fields.success) throw validationError(fields.error);
    if (fields.data.dataSourceId) await authorize(c, 'update', fields.data.dataSourceId);
    const result = await uploadFile(c.get('deps'), auditActor(c), scope, {
      file: { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) },
      ...fields.data,
    });
    return c.json(result, 200);
  })
  .openapi(read, async (c) =>
    c.json(await getDataSource(c.get('deps').db, scopeOf(c), c.req.valid('param').id), 200),
  )
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const changed = await updateDataSource(
      c.get('deps'),
      auditActor(c),
      scopeOf(c),
      id,
      c.req.valid('json'),
    );
    return c.json(changed, 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'delete', id);
    await deleteDataSource(c.get('deps').db, auditActor(c), scopeOf(c), id);
    return c.body(null, 204);
  })
  .openapi(testSaved, async (c) => {
    const { id } = c.req.valid('param');
    const overrides = dataSourceSavedTestSchema.safeParse(await optionalJson(c));
    if (!overrides.success) throw validationError(overrides.error);
    const edited = overrides.data.config !== undefined || overrides.data.secret !== undefined;
    await authorize(c, edited ? 'update' : 'read', id);
    return c.json(
      await testDataSource(c.get('deps'), auditActor(c), scopeOf(c), id, overrides.data),
      200,
    );
  })
  .openapi(acceptPrivileged, async (c) =>
    c.json(
      await acceptPrivilegedRole(
        c.get('deps').db,
        auditActor(c),
        scopeOf(c),
        c.req.valid('param').id,
      ),
      200,
    ),
  )
  .openapi(schema, async (c) =>
    c.json(await dataSourceSchema(c.get('deps'), scopeOf(c), c.req.valid('param').id), 200),
  )
  .openapi(query, async (c) => {
    const { id } = c.req.valid('param');
    const { result } = await queryDataSource(c.get('deps'), scopeOf(c), id, c.req.valid('json'), {
      organizationAdmin: organizationAdmin(c),
    });
    return c.json(result, 200);
  })
  .openapi(queryCsv, async (c) => {
    const { id } = c.req.valid('param');
    const { name, result } = await queryDataSource(
      c.get('deps'),
      scopeOf(c),
      id,
      c.req.valid('json'),
      { exporting: true, organizationAdmin: organizationAdmin(c) },
    );
    const fileName = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'query';
    return csvResponse(
      c,
      fileName,
      toCsv(
        result.columns.map((column) => column.name),
        result.rows,
      ),
      result.truncated,
    );
  })
  .openapi(assign, async (c) => {
    const { id, projectId } = c.req.valid('param');
    await authorize(c, 'update', id);
    await assignProject(c.get('deps').db, auditActor(c), scopeOf(c), id, projectId);
    return c.body(null, 204);
  })
  .openapi(unassign, async (c) => {
    const { id, projectId } = c.req.valid('param');
    await authorize(c, 'update', id);
    await unassignProject(c.get('deps').db, auditActor(c), scopeOf(c), id, projectId);
    return c.body(null, 204);
  })
  .openapi(projectSources, async (c) => {
    const { projectId } = c.req.valid('param');
    const scope = scopeOf(c);
    await requireProject(c.get('deps').db, scope, projectId);
    const page = await listDataSources(c.get('deps').db, scope, {
      ...c.req.valid('query'),
      projectId,
    });
    return c.json(page, 200);
  });
