import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { can, type Action } from '../../../shared/abilities.ts';
import {
  PROJECT_MESSAGES,
  PROJECT_STATUSES,
  projectCreateSchema,
  projectListQuerySchema,
  projectUpdateSchema,
} from '../../../shared/schemas/projects.ts';
import { createRouter } from '../../http/openapi.ts';
import { auditActor, requireOrg, type AppEnv } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { permission } from '../../http/permission.ts';
import {
  createProject,
  deleteProject,
  getProject,
  getProjectRecord,
  listProjects,
  projectOverview,
  setProjectStatus,
  updateProject,
  type ProjectScope,
} from './projects.service.ts';

const TAGS = ['Projects'];
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const idParam = z.object({ id: z.uuid() });

const projectDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  colour: z.string(),
  icon: z.string(),
  status: z.enum(PROJECT_STATUSES),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const list = createRoute({
  method: 'get',
  path: '/projects',
  ...permission.can('read', 'Project'),
  tags: TAGS,
  summary: 'The organisation’s projects with search, status filter, sort and paging',
  request: { query: projectListQuerySchema },
  responses: {
    200: {
      description: 'A page of projects',
      content: json(
        z.object({
          items: z.array(projectDto),
          total: z.number(),
          page: z.number(),
          pageSize: z.number(),
        }),
      ),
    },
  },
});

const create = createRoute({
  method: 'post',
  path: '/projects',
  ...permission.can('create', 'Project'),
  tags: TAGS,
  summary: 'Create a project (409 when the name is taken in the organisation)',
  request: { body: { content: json(projectCreateSchema), required: true } },
  responses: { 201: { description: 'Created', content: json(projectDto) } },
});

const read = createRoute({
  method: 'get',
  path: '/projects/{id}',
  ...permission.can('read', 'Project'),
  tags: TAGS,
  summary: 'One project',
  request: { params: idParam },
  responses: { 200: { description: 'The project', content: json(projectDto) } },
});

const overview = createRoute({
  method: 'get',
  path: '/projects/{id}/overview',
  ...permission.can('read', 'Project'),
  tags: TAGS,
  summary: 'A project with its counts and its latest changes',
  request: { params: idParam },
  responses: {
    200: {
      description: 'The overview',
      content: json(
        z.object({
          project: projectDto,
          counts: z.record(z.string(), z.number()),
          recentActivity: z.array(
            z.object({
              id: z.string(),
              action: z.string(),
              actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
              createdAt: z.string(),
            }),
          ),
        }),
      ),
    },
  },
});

const update = createRoute({
  method: 'patch',
  path: '/projects/{id}',
  ...permission.can('update', 'Project'),
  tags: TAGS,
  summary: 'Change name, description, colour, icon or status',
  request: { params: idParam, body: { content: json(projectUpdateSchema), required: true } },
  responses: { 200: { description: 'Updated', content: json(projectDto) } },
});

const archive = createRoute({
  method: 'post',
  path: '/projects/{id}/archive',
  ...permission.can('update', 'Project'),
  tags: TAGS,
  summary: 'Archive a project',
  request: { params: idParam },
  responses: { 200: { description: 'Archived', content: json(projectDto) } },
});

const restore = createRoute({
  method: 'post',
  path: '/projects/{id}/restore',
  ...permission.can('update', 'Project'),
  tags: TAGS,
  summary: 'Make an archived project active again',
  request: { params: idParam },
  responses: { 200: { description: 'Restored', content: json(projectDto) } },
});

const remove = createRoute({
  method: 'delete',
  path: '/projects/{id}',
  ...permission.can('delete', 'Project'),
  tags: TAGS,
  summary: 'Delete a project (it disappears everywhere; the audit log keeps its history)',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' } },
});

const scopeOf = (c: Context<AppEnv>): ProjectScope => ({ organizationId: requireOrg(c).id });

/**
 * The record-level check: the caller's ability on this project (a record of another
 * organisation, or a deleted one, is a 404 before this point).
 */
async function authorize(c: Context<AppEnv>, action: Action, id: string) {
  const record = await getProjectRecord(c.get('deps').db, scopeOf(c), id);
  if (!record) throw notFound(PROJECT_MESSAGES.notFound);
  const subject = {
    ...record,
    organization_id: record.organizationId,
    deleted_at: record.deletedAt,
  };
  if (!can(c.get('ability'), action, 'Project', subject)) throw forbidden();
}

const found = <T>(value: T | null): T => {
  if (value === null) throw notFound(PROJECT_MESSAGES.notFound);
  return value;
};

export const projectRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await listProjects(c.get('deps').db, scopeOf(c), c.req.valid('query')), 200),
  )
  .openapi(create, async (c) => {
    const project = await createProject(
      c.get('deps').db,
      scopeOf(c),
      auditActor(c),
      c.req.valid('json'),
    );
    return c.json(project, 201);
  })
  .openapi(read, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(found(await getProject(c.get('deps').db, scopeOf(c), id)), 200);
  })
  .openapi(overview, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(found(await projectOverview(c.get('deps').db, scopeOf(c), id)), 200);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const changes = c.req.valid('json');
    const project = await updateProject(c.get('deps').db, scopeOf(c), auditActor(c), id, changes);
    return c.json(found(project), 200);
  })
  .openapi(archive, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const project = await setProjectStatus(
      c.get('deps').db,
      scopeOf(c),
      auditActor(c),
      id,
      'archived',
    );
    return c.json(found(project), 200);
  })
  .openapi(restore, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const project = await setProjectStatus(
      c.get('deps').db,
      scopeOf(c),
      auditActor(c),
      id,
      'active',
    );
    return c.json(found(project), 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'delete', id);
    found((await deleteProject(c.get('deps').db, scopeOf(c), auditActor(c), id)) || null);
    return c.body(null, 204);
  });
