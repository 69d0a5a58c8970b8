import type { Context } from 'hono';
import { idParamSchema } from '../../../shared/schemas/common.ts';
import {
  PROJECT_MESSAGES,
  projectCreateSchema,
  projectListQuerySchema,
  projectOverviewSchema,
  projectPageSchema,
  projectSchema,
  projectUpdateSchema,
  type ProjectStatus,
} from '../../../shared/schemas/projects.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor, type AppEnv } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { recordAccess } from '../../http/record-access.ts';
import {
  createProject,
  deleteProject,
  getProject,
  getProjectRecord,
  listProjects,
  projectOverview,
  setProjectStatus,
  updateProject,
} from './projects.service.ts';

const TAGS = ['Projects'];

const list = defineRoute({
  method: 'get',
  path: '/projects',
  ...permission.can('read', 'Project'),
  tags: TAGS,
  summary: 'The organisation’s projects with search, status filter, sort and paging',
  request: { query: projectListQuerySchema },
  responses: {
    200: {
      description: 'A page of projects',
      content: jsonContent(projectPageSchema),
    },
  },
});

const create = defineRoute({
  method: 'post',
  path: '/projects',
  ...permission.can('create', 'Project'),
  tags: TAGS,
  summary: 'Create a project (409 when the name is taken in the organisation)',
  request: { body: { content: jsonContent(projectCreateSchema), required: true } },
  responses: { 201: { description: 'Created', content: jsonContent(projectSchema) } },
  errors: [409],
});

const read = defineRoute({
  method: 'get',
  path: '/projects/{id}',
  ...permission.can('read', 'Project'),
  tags: TAGS,
  summary: 'One project',
  request: { params: idParamSchema },
  responses: { 200: { description: 'The project', content: jsonContent(projectSchema) } },
});

const overview = defineRoute({
  method: 'get',
  path: '/projects/{id}/overview',
  ...permission.can('read', 'Project'),
  tags: TAGS,
  summary: 'A project with its counts and its latest changes',
  request: { params: idParamSchema },
  responses: {
    200: {
      description: 'The overview',
      content: jsonContent(projectOverviewSchema),
    },
  },
});

const update = defineRoute({
  method: 'patch',
  path: '/projects/{id}',
  ...permission.can('update', 'Project'),
  tags: TAGS,
  summary: 'Change name, description, colour, icon or status',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(projectUpdateSchema), required: true },
  },
  responses: { 200: { description: 'Updated', content: jsonContent(projectSchema) } },
  errors: [409],
});

const archive = defineRoute({
  method: 'post',
  path: '/projects/{id}/archive',
  ...permission.can('update', 'Project'),
  tags: TAGS,
  summary: 'Archive a project',
  request: { params: idParamSchema },
  responses: { 200: { description: 'Archived', content: jsonContent(projectSchema) } },
});

const restore = defineRoute({
  method: 'post',
  path: '/projects/{id}/restore',
  ...permission.can('update', 'Project'),
  tags: TAGS,
  summary: 'Make an archived project active again',
  request: { params: idParamSchema },
  responses: { 200: { description: 'Restored', content: jsonContent(projectSchema) } },
});

const remove = defineRoute({
  method: 'delete',
  path: '/projects/{id}',
  ...permission.can('delete', 'Project'),
  tags: TAGS,
  summary: 'Delete a project (it disappears everywhere; the audit log keeps its history)',
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' } },
});

/** The record-level check: the caller's ability on this project (404 when it is not theirs). */
const { authorize, found404 } = recordAccess(
  'Project',
  PROJECT_MESSAGES.notFound,
  getProjectRecord,
);

/** Archives or restores a project the caller may update; the changed project. */
async function changeStatus(c: Context<AppEnv>, id: string, status: ProjectStatus) {
  await authorize(c, 'update', id);
  const db = c.get('deps').db;
  return found404(await setProjectStatus(db, orgScope(c), auditActor(c), id, status));
}

export const projectRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await listProjects(c.get('deps').db, orgScope(c), c.req.valid('query')), 200),
  )
  .openapi(create, async (c) => {
    const project = await createProject(
      c.get('deps').db,
      orgScope(c),
      auditActor(c),
      c.req.valid('json'),
    );
    return c.json(project, 201);
  })
  .openapi(read, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(found404(await getProject(c.get('deps').db, orgScope(c), id)), 200);
  })
  .openapi(overview, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(found404(await projectOverview(c.get('deps').db, orgScope(c), id)), 200);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const changes = c.req.valid('json');
    const project = await updateProject(c.get('deps').db, orgScope(c), auditActor(c), id, changes);
    return c.json(found404(project), 200);
  })
  .openapi(archive, async (c) =>
    c.json(await changeStatus(c, c.req.valid('param').id, 'archived'), 200),
  )
  .openapi(restore, async (c) =>
    c.json(await changeStatus(c, c.req.valid('param').id, 'active'), 200),
  )
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'delete', id);
    found404(await deleteProject(c.get('deps').db, orgScope(c), auditActor(c), id));
    return c.body(null, 204);
  });
