import { createRoute, z } from '@hono/zod-openapi';
import { helpRequestSchema } from '../../../shared/schemas/help-request.ts';
import { pageQuerySchema } from '../../../shared/schemas/pagination.ts';
import { createRouter } from '../../http/openapi.ts';
import { requireAuth } from '../../http/context.ts';
import { forbidden } from '../../http/errors.ts';
import { createHelpRequest, listHelpRequests } from './help-requests.service.ts';

const helpRequestDto = z.object({
  id: z.string(),
  user_id: z.string(),
  url: z.string(),
  project_id: z.string().nullable(),
  issue_description: z.string(),
  created_at: z.string(),
});

const create = createRoute({
  method: 'post',
  path: '/help-requests',
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
  tags: ['Help requests'],
  summary: 'Every help request, newest first (super admins)',
  request: { query: pageQuerySchema },
  responses: {
    200: {
      description: 'A page of help requests',
      content: {
        'application/json': {
          schema: z.object({
            items: z.array(
              helpRequestDto.extend({ user: z.object({ email: z.string(), name: z.string() }) }),
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

export const helpRequestRoutes = createRouter()
  .openapi(create, async (c) => {
    const { user } = requireAuth(c);
    const body = c.req.valid('json');
    return c.json(await createHelpRequest(c.get('deps').db, user.id, body), 201);
  })
  .openapi(list, async (c) => {
    requireAuth(c);
    if (!c.get('ability').can('manage', 'SuperAdmin')) throw forbidden();
    const { page, pageSize } = c.req.valid('query');
    return c.json(await listHelpRequests(c.get('deps').db, page, pageSize), 200);
  });
