import type { Context } from 'hono';
import { createUIMessageStreamResponse } from 'ai';
import { z } from 'zod';
import { idParamSchema } from '../../../../shared/schemas/common.ts';
import { AGENT_MESSAGES } from '../../../../shared/schemas/agents.ts';
import {
  chatSendSchema,
  conversationParamsSchema,
  conversationRenameSchema,
  conversationSchema,
  conversationWithMessagesSchema,
} from '../../../../shared/schemas/chat.ts';
import { createRouter, defineRoute, jsonContent } from '../../../http/openapi.ts';
import { requireAuth, type AppEnv } from '../../../http/context.ts';
import { permission } from '../../../http/permission.ts';
import { authorizeRecord, orgScope } from '../../../http/records.ts';
import { agentForRun } from '../runs/runs.service.ts';
import { recordAccess } from '../../../http/record-access.ts';
import { getAgentRecord } from '../agents.service.ts';
import {
  answer,
  deleteConversation,
  getConversation,
  listConversations,
  renameConversation,
} from './chat.service.ts';

const TAGS = ['Chat'];

const send = defineRoute({
  method: 'post',
  path: '/agents/{id}/chat',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary:
    'Send a message to the published agent; the answer streams in the AI SDK UI message stream protocol (server-sent events)',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(chatSendSchema), required: true },
  },
  responses: {
    200: {
      description: 'The answer as a UI message stream',
      content: { 'text/event-stream': { schema: z.string() } },
    },
  },
  errors: [409],
});

const list = defineRoute({
  method: 'get',
  path: '/agents/{id}/conversations',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary: 'The caller’s conversations with the agent, latest first',
  request: { params: idParamSchema },
  responses: {
    200: {
      description: 'The conversations',
      content: jsonContent(z.object({ items: z.array(conversationSchema) })),
    },
  },
});

const read = defineRoute({
  method: 'get',
  path: '/agents/{id}/conversations/{conversationId}',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary: 'One of the caller’s conversations with its messages',
  request: { params: conversationParamsSchema },
  responses: {
    200: { description: 'The conversation', content: jsonContent(conversationWithMessagesSchema) },
  },
});

const rename = defineRoute({
  method: 'patch',
  path: '/agents/{id}/conversations/{conversationId}',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary: 'Rename one of the caller’s conversations',
  request: {
    params: conversationParamsSchema,
    body: { content: jsonContent(conversationRenameSchema), required: true },
  },
  responses: { 200: { description: 'Renamed', content: jsonContent(conversationSchema) } },
});

const remove = defineRoute({
  method: 'delete',
  path: '/agents/{id}/conversations/{conversationId}',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary: 'Delete one of the caller’s conversations',
  request: { params: conversationParamsSchema },
  responses: { 204: { description: 'Deleted' } },
});

const { authorize } = recordAccess('Agent', AGENT_MESSAGES.notFound, getAgentRecord);

const userOf = (c: Context<AppEnv>) => requireAuth(c).user;

export const chatRoutes = createRouter()
  .openapi(send, async (c) => {
    const { id } = c.req.valid('param');
    const { db, config, mailer, logger } = c.get('deps');
    const deps = { db, config, mailer, logger };
    // One read of the agent both authorises and runs it.
    const agent = await agentForRun(deps, orgScope(c), id);
    authorizeRecord(c, 'read', 'Agent', agent?.agent, AGENT_MESSAGES.notFound);
    const user = userOf(c);
    const stream = await answer(
      deps,
      orgScope(c),
      { id: user.id, email: user.email },
      agent!,
      c.req.valid('json'),
      c.req.raw.signal,
    );
    return createUIMessageStreamResponse({ stream }) as never;
  })
  .openapi(list, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'read', id);
    const items = await listConversations(c.get('deps').db, orgScope(c), userOf(c).id, id);
    return c.json({ items }, 200);
  })
  .openapi(read, async (c) => {
    const { id, conversationId } = c.req.valid('param');
    await authorize(c, 'read', id);
    const db = c.get('deps').db;
    return c.json(await getConversation(db, orgScope(c), userOf(c).id, id, conversationId), 200);
  })
  .openapi(rename, async (c) => {
    const { id, conversationId } = c.req.valid('param');
    await authorize(c, 'read', id);
    const { title } = c.req.valid('json');
    const db = c.get('deps').db;
    const renamed = await renameConversation(
      db,
      orgScope(c),
      userOf(c).id,
      id,
      conversationId,
      title,
    );
    return c.json(renamed, 200);
  })
  .openapi(remove, async (c) => {
    const { id, conversationId } = c.req.valid('param');
    await authorize(c, 'read', id);
    await deleteConversation(c.get('deps').db, orgScope(c), userOf(c).id, id, conversationId);
    return c.body(null, 204);
  });
