/**
 * /api/v1/data-sources: 'Test connection' (of unsaved settings, or of a saved source), the
 * schema, the query console and its CSV export, and accepting a privileged role. Errors of the
 * external systems: see data-sources-connections.ts.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { idParamSchema } from '../../../shared/schemas/common.ts';
import {
  CONNECTION_FAILURE_CAUSES,
  DATA_SOURCE_LIMITS,
  connectionTestResultSchema,
  dataSourceDetailSchema,
  dataSourceSavedTestSchema,
  dataSourceSchemaResultSchema,
  dataSourceTestInputSchema,
  queryResultSchema,
} from '../../../shared/schemas/data-sources.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor, type AppEnv } from '../../http/context.ts';
import { httpError, validationError } from '../../http/errors.ts';
import { csvResponse } from '../../http/csv.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { authorizeDataSource, organizationAdmin } from './data-sources-access.ts';
import {
  acceptPrivilegedRole,
  queryDataSource,
  queryDataSourceCsv,
  readDataSourceSchema,
  testDataSource,
  testSettings,
} from './data-sources-connections.ts';

const TAGS = ['Data sources'];

/** The console's request; which fields apply depends on the source's type. */
const queryBody = z.record(z.string(), z.unknown()).openapi({
  description:
    'PostgreSQL/MySQL: `{ sql }` (one statement, read-only). HTTP: `{ path, query }` (a GET under the base address). File: `{ filters: [{ column, op, value }], sort: [{ column, direction }], page, pageSize }`.',
  example: { sql: 'select * from customers' },
});

const CONNECTION_FAILED = `An external system that cannot be reached is a 502 CONNECTION_FAILED, fields.cause[0] one of ${CONNECTION_FAILURE_CAUSES.join(', ')}.`;

const testUnsaved = defineRoute({
  method: 'post',
  path: '/data-sources/test',
  ...permission.can('create', 'DataSource'),
  tags: TAGS,
  summary: 'Test connection settings before saving them (10 s time-out)',
  request: { body: { content: jsonContent(dataSourceTestInputSchema), required: true } },
  responses: {
    200: {
      description: 'ok, or the cause of the failure',
      content: jsonContent(connectionTestResultSchema),
    },
  },
});

const testSaved = defineRoute({
  method: 'post',
  path: '/data-sources/{id}/test',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: 'Test the connection of a saved source (10 s time-out)',
  description:
    'With a body `{ config?, secret? }`, tests edited settings before saving them (needs update); the stored secret is used unless one is given, and only for the stored destination (400 SECRET_REQUIRED_FOR_NEW_DESTINATION).',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(dataSourceSavedTestSchema), required: false },
  },
  responses: {
    200: {
      description: 'ok, or the cause of the failure',
      content: jsonContent(connectionTestResultSchema),
    },
  },
  errors: [422],
});

const acceptPrivileged = defineRoute({
  method: 'post',
  path: '/data-sources/{id}/accept-privileged-role',
  // Organisation admins (and super admins): the ones who may manage the organisation.
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary:
    'Accept that a PostgreSQL source connects with a role that may reach the database server’s files or programs, so every member may query it',
  request: { params: idParamSchema },
  responses: {
    200: { description: 'The data source', content: jsonContent(dataSourceDetailSchema) },
  },
});

const schema = defineRoute({
  method: 'get',
  path: '/data-sources/{id}/schema',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: 'Tables and columns (databases) or inferred columns (files); empty for HTTP APIs',
  description: CONNECTION_FAILED,
  request: { params: idParamSchema },
  responses: {
    200: { description: 'The schema', content: jsonContent(dataSourceSchemaResultSchema) },
  },
  errors: [422, 502],
});

const query = defineRoute({
  method: 'post',
  path: '/data-sources/{id}/query',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: `Run one read-only request: SQL in a read-only transaction (${DATA_SOURCE_LIMITS.queryTimeoutMs / 1000} s statement time-out, ${DATA_SOURCE_LIMITS.rowCap} rows at most), a GET for HTTP, filter/sort/page for files`,
  description: `422 QUERY_FAILED (the system refused the statement), QUERY_TIMEOUT or RESULT_TOO_LARGE; 400 STATEMENT_NOT_ALLOWED; 403 PRIVILEGED_ROLE. ${CONNECTION_FAILED}`,
  request: { params: idParamSchema, body: { content: jsonContent(queryBody), required: true } },
  responses: {
    200: { description: 'Columns and rows', content: jsonContent(queryResultSchema) },
  },
  errors: [422, 502],
});

const queryCsv = defineRoute({
  method: 'post',
  path: '/data-sources/{id}/query.csv',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: `The same request's result as CSV (${DATA_SOURCE_LIMITS.exportRowCap} rows at most; X-Export-Truncated: true when there were more)`,
  description: CONNECTION_FAILED,
  request: { params: idParamSchema, body: { content: jsonContent(queryBody), required: true } },
  responses: {
    200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
  },
  errors: [422, 502],
});

/** A JSON body that may be absent (POST /{id}/test). */
async function optionalJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw httpError('BAD_REQUEST', 'Malformed JSON in request body');
  }
}

export const dataSourceConnectionRoutes = createRouter()
  .openapi(testUnsaved, async (c) =>
    c.json(await testSettings(c.get('deps'), c.req.valid('json')), 200),
  )
  .openapi(testSaved, async (c) => {
    const { id } = c.req.valid('param');
    const overrides = dataSourceSavedTestSchema.safeParse(await optionalJson(c));
    if (!overrides.success) throw validationError(overrides.error);
    const edited = overrides.data.config !== undefined || overrides.data.secret !== undefined;
    await authorizeDataSource(c, edited ? 'update' : 'read', id);
    const result = await testDataSource(
      c.get('deps'),
      orgScope(c),
      auditActor(c),
      id,
      overrides.data,
    );
    return c.json(result, 200);
  })
  .openapi(acceptPrivileged, async (c) => {
    const { id } = c.req.valid('param');
    const source = await acceptPrivilegedRole(c.get('deps').db, orgScope(c), auditActor(c), id);
    return c.json(source, 200);
  })
  .openapi(schema, async (c) =>
    c.json(await readDataSourceSchema(c.get('deps'), orgScope(c), c.req.valid('param').id), 200),
  )
  .openapi(query, async (c) => {
    const { id } = c.req.valid('param');
    const { result } = await queryDataSource(c.get('deps'), orgScope(c), id, c.req.valid('json'), {
      organizationAdmin: organizationAdmin(c),
    });
    return c.json(result, 200);
  })
  .openapi(queryCsv, async (c) => {
    const { id } = c.req.valid('param');
    const { fileName, csv, truncated } = await queryDataSourceCsv(
      c.get('deps'),
      orgScope(c),
      id,
      c.req.valid('json'),
      { organizationAdmin: organizationAdmin(c) },
    );
    return csvResponse(c, fileName, csv, truncated);
  });
