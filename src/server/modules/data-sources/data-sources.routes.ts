/**
 * /api/v1/data-sources: the organisation's data sources (PostgreSQL, MySQL/MariaDB, HTTP API,
 * uploaded CSV/JSON file). Permissions per src/shared/abilities.ts (subject DataSource):
 * reading, testing a saved source, its schema and its query console need read; creating and
 * testing unsaved settings need create; changing, uploading a new file and assigning to
 * projects need update; deleting needs delete. The connection routes are in
 * data-sources-connections.routes.ts, the upload in data-sources-files.routes.ts.
 */
import { idParamSchema, uuidSchema } from '../../../shared/schemas/common.ts';
import { z } from '@hono/zod-openapi';
import {
  dataSourceCreateSchema,
  dataSourceDetailSchema,
  dataSourceListQuerySchema,
  dataSourcePageSchema,
  dataSourceUpdateSchema,
} from '../../../shared/schemas/data-sources.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { authorizeDataSource } from './data-sources-access.ts';
import { dataSourceConnectionRoutes } from './data-sources-connections.routes.ts';
import { dataSourceFileRoutes } from './data-sources-files.routes.ts';
import { assignProject, findProject, unassignProject } from './data-sources-projects.ts';
import {
  createDataSource,
  deleteDataSource,
  getDataSource,
  listDataSources,
  updateDataSource,
} from './data-sources.service.ts';

const TAGS = ['Data sources'];
const assignmentParams = z.object({ id: uuidSchema, projectId: uuidSchema });

const list = defineRoute({
  method: 'get',
  path: '/data-sources',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: 'The organisation’s data sources with search, type and project filters, sort and paging',
  request: { query: dataSourceListQuerySchema },
  responses: {
    200: { description: 'A page of data sources', content: jsonContent(dataSourcePageSchema) },
  },
});

const create = defineRoute({
  method: 'post',
  path: '/data-sources',
  ...permission.can('create', 'DataSource'),
  tags: TAGS,
  summary:
    'Create a PostgreSQL, MySQL or HTTP data source (files: POST /data-sources/files; 409 DATA_SOURCE_NAME_TAKEN)',
  request: { body: { content: jsonContent(dataSourceCreateSchema), required: true } },
  responses: { 201: { description: 'Created', content: jsonContent(dataSourceDetailSchema) } },
  errors: [409],
});

const read = defineRoute({
  method: 'get',
  path: '/data-sources/{id}',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: 'One data source with its projects (never its secret)',
  request: { params: idParamSchema },
  responses: {
    200: { description: 'The data source', content: jsonContent(dataSourceDetailSchema) },
  },
});

const update = defineRoute({
  method: 'patch',
  path: '/data-sources/{id}',
  ...permission.can('update', 'DataSource'),
  tags: TAGS,
  summary:
    'Change name, description or settings; `secret` absent keeps the stored one, a string replaces it, null removes it',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(dataSourceUpdateSchema), required: true },
  },
  responses: { 200: { description: 'Updated', content: jsonContent(dataSourceDetailSchema) } },
  errors: [409],
});

const remove = defineRoute({
  method: 'delete',
  path: '/data-sources/{id}',
  ...permission.can('delete', 'DataSource'),
  tags: TAGS,
  summary: 'Delete a data source (soft: it disappears everywhere; the audit log keeps its history)',
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' } },
});

const assign = defineRoute({
  method: 'put',
  path: '/data-sources/{id}/projects/{projectId}',
  ...permission.can('update', 'DataSource'),
  tags: TAGS,
  summary: 'Assign the data source to a project (idempotent)',
  request: { params: assignmentParams },
  responses: { 204: { description: 'Assigned' } },
});

const unassign = defineRoute({
  method: 'delete',
  path: '/data-sources/{id}/projects/{projectId}',
  ...permission.can('update', 'DataSource'),
  tags: TAGS,
  summary: 'Remove the data source from a project (idempotent)',
  request: { params: assignmentParams },
  responses: { 204: { description: 'Unassigned' } },
});

const projectSources = defineRoute({
  method: 'get',
  path: '/projects/{projectId}/data-sources',
  ...permission.can('read', 'DataSource'),
  tags: TAGS,
  summary: 'The data sources assigned to a project',
  request: {
    params: z.object({ projectId: uuidSchema }),
    query: dataSourceListQuerySchema.omit({ projectId: true }),
  },
  responses: {
    200: { description: 'A page of data sources', content: jsonContent(dataSourcePageSchema) },
  },
});

export const dataSourceRoutes = createRouter()
  .route('/', dataSourceConnectionRoutes)
  .route('/', dataSourceFileRoutes)
  .openapi(list, async (c) =>
    c.json(await listDataSources(c.get('deps').db, orgScope(c), c.req.valid('query')), 200),
  )
  .openapi(create, async (c) => {
    const created = await createDataSource(
      c.get('deps'),
      orgScope(c),
      auditActor(c),
      c.req.valid('json'),
    );
    return c.json(created, 201);
  })
  .openapi(read, async (c) =>
    c.json(await getDataSource(c.get('deps').db, orgScope(c), c.req.valid('param').id), 200),
  )
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    await authorizeDataSource(c, 'update', id);
    const changes = c.req.valid('json');
    const changed = await updateDataSource(c.get('deps'), orgScope(c), auditActor(c), id, changes);
    return c.json(changed, 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    await authorizeDataSource(c, 'delete', id);
    await deleteDataSource(c.get('deps').db, orgScope(c), auditActor(c), id);
    return c.body(null, 204);
  })
  .openapi(assign, async (c) => {
    const { id, projectId } = c.req.valid('param');
    await authorizeDataSource(c, 'update', id);
    await assignProject(c.get('deps').db, orgScope(c), auditActor(c), id, projectId);
    return c.body(null, 204);
  })
  .openapi(unassign, async (c) => {
    const { id, projectId } = c.req.valid('param');
    await authorizeDataSource(c, 'update', id);
    await unassignProject(c.get('deps').db, orgScope(c), auditActor(c), id, projectId);
    return c.body(null, 204);
  })
  .openapi(projectSources, async (c) => {
    const { projectId } = c.req.valid('param');
    const scope = orgScope(c);
    await findProject(c.get('deps').db, scope, projectId);
    const page = await listDataSources(c.get('deps').db, scope, {
      ...c.req.valid('query'),
      projectId,
    });
    return c.json(page, 200);
  });
