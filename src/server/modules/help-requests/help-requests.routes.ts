import { createRoute, z } from '@hono/zod-openapi';
import { helpRequestSchema } from '../../../shared/schemas/help-request.ts';
import {
  HELP_REQUEST_STATUSES,
  helpRequestListQuerySchema,
  helpRequestUpdateSchema,
} from '../../../shared/schemas/admin.ts';
import { createRouter } from '../../http/openapi.ts';
import { auditActor, requireAuth } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { permission } from '../../http/permission.ts';
import { createHelpRequest, listHelpRequests, updateHelpRequest } from './help-requests.service.ts';

const helpRequestDto = z.object({
  id: z.string(),
  user_id: z.string(),
  url: z.string(),
  project_id: z.string().nullable(),
  /** The app page of the project (`/projects/{project_id}`), when there is one. */
  project_link: z.string().nullable(),
  issue_description: z.string(),
  status: z.enum(HELP_REQUEST_STATUSES),
  note: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  created_at: z.string(),
});

const create = createRoute({
  method: 'post',
  path: '/help-requests',
  ...permission.authenticated(),
  tags: ['Help requests'],
  summary: 'Send a help request from the current page',
  request: {
    body: { content: { 'application/json': { schema: helpRequestSchema } }, required: true },
  },
  responses: {
    201: { description: 'Stored', content: { 'application/json': { schema: helpRequestDto } } },
  },
});

const list = createRoute({
  method: 'get',
  path: '/help-requests',
  ...permission.superAdmin(),
  tags: ['Help requests'],
  summary: 'Every help request, newest first, optionally by status (super admins)',
  request: { query: helpRequestListQuerySchema },
  responses: {
    200: {
      description: 'A page of help requests',
      content: {
        'application/json': {
          schema: z.object({
            items: z.array(
              helpRequestDto.extend({
                user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
              }),
            ),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
        },
      },
    },
  },
});

const update = createRoute({
  method: 'patch',
  path: '/help-requests/{id}',
  ...permission.superAdmin(),
  tags: ['Help requests'],
  summary: 'Set the status (open, resolved) and the note of a request (super admins)',
  request: {
    params: z.object({ id: z.uuid() }),
    body: { content: { 'application/json': { schema: helpRequestUpdateSchema } }, required: true },
  },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: helpRequestDto } } },
  },
});

export const helpRequestRoutes = createRouter()
  .openapi(create, async (c) => {
    const { user } = requireAuth(c);
    const body = c.req.valid('json');
    return c.json(await createHelpRequest(c.get('deps').db, user.id, body), 201);
  })
  .openapi(list, async (c) => {
    return c.json(await listHelpRequests(c.get('deps').db, c.req.valid('query')), 200);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    const updated = await updateHelpRequest(
      c.get('deps').db,
      auditActor(c),
      id,
      c.req.valid('json'),
    );
    if (!updated) throw notFound('Help request not found');
    return c.json(updated, 200);
  });
