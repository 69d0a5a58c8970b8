import { idParamSchema } from '../../../shared/schemas/common.ts';
import { pageQuerySchema } from '../../../shared/schemas/pagination.ts';
import {
  adminHelpRequestPageSchema,
  helpRequestPageSchema,
  helpRequestRecordSchema,
  helpRequestSchema,
} from '../../../shared/schemas/help-request.ts';
import {
  helpRequestListQuerySchema,
  helpRequestUpdateSchema,
} from '../../../shared/schemas/admin.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor, requireAuth } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { found } from '../../http/records.ts';
import {
  createHelpRequest,
  listHelpRequests,
  listOwnHelpRequests,
  updateHelpRequest,
} from './help-requests.service.ts';

const TAGS = ['Help requests'];

const create = defineRoute({
  method: 'post',
  path: '/help-requests',
  ...permission.authenticated(),
  tags: TAGS,
  summary: 'Send a help request from the current page',
  request: { body: { content: jsonContent(helpRequestSchema), required: true } },
  responses: { 201: { description: 'Stored', content: jsonContent(helpRequestRecordSchema) } },
});

const list = defineRoute({
  method: 'get',
  path: '/help-requests',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Every help request, newest first, optionally by status (super admins)',
  request: { query: helpRequestListQuerySchema },
  responses: {
    200: {
      description: 'A page of help requests',
      content: jsonContent(adminHelpRequestPageSchema),
    },
  },
});

const mine = defineRoute({
  method: 'get',
  path: '/help-requests/mine',
  ...permission.authenticated(),
  tags: TAGS,
  summary: "The caller's own help requests with the team's answer, newest first",
  request: { query: pageQuerySchema },
  responses: {
    200: { description: 'A page of help requests', content: jsonContent(helpRequestPageSchema) },
  },
});

const update = defineRoute({
  method: 'patch',
  path: '/help-requests/{id}',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Set the status (open, resolved) and the note of a request (super admins)',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(helpRequestUpdateSchema), required: true },
  },
  responses: { 200: { description: 'Updated', content: jsonContent(helpRequestRecordSchema) } },
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
  .openapi(mine, async (c) => {
    const { user } = requireAuth(c);
    return c.json(await listOwnHelpRequests(c.get('deps').db, user.id, c.req.valid('query')), 200);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    const updated = await updateHelpRequest(
      c.get('deps').db,
      auditActor(c),
      id,
      c.req.valid('json'),
    );
    return c.json(found(updated, 'Help request not found'), 200);
  });
