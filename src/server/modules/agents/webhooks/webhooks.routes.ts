/**
 * An agent's webhook settings for members (session routes under /api/v1): read by those who may
 * read the agent (the URL with its token only for those who may update it), changed by those
 * who may update it. The hook itself is in hook.routes.ts.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '../../../../shared/schemas/common.ts';
import { AGENT_MESSAGES } from '../../../../shared/schemas/agents.ts';
import {
  webhookSecretInputSchema,
  webhookSecretSchema,
  webhookSettingsSchema,
} from '../../../../shared/schemas/webhooks.ts';
import { can } from '../../../../shared/abilities.ts';
import { createRouter, defineRoute, jsonContent } from '../../../http/openapi.ts';
import { auditActor, type AppEnv } from '../../../http/context.ts';
import { permission } from '../../../http/permission.ts';
import { orgScope } from '../../../http/records.ts';
import { recordAccess } from '../../../http/record-access.ts';
import { getAgentRecord } from '../agents.service.ts';
import { hookOperation } from './hook.openapi.ts';
import {
  clearSigningSecret,
  disableWebhook,
  enableWebhook,
  readWebhook,
  regenerateWebhook,
  setSigningSecret,
  settingsOf,
} from './webhooks.service.ts';

const TAGS = ['Agents'];
const settings = {
  200: { description: 'The settings', content: jsonContent(webhookSettingsSchema) },
};

const read = defineRoute({
  method: 'get',
  path: '/agents/{id}/webhook',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary:
    'The agent’s webhook: on or off, its URL (with the token only for those who may edit the agent), whether a signing secret is set',
  request: { params: idParamSchema },
  responses: settings,
});

const enable = defineRoute({
  method: 'post',
  path: '/agents/{id}/webhook',
  ...permission.can('update', 'Agent'),
  tags: TAGS,
  summary: 'Turn the webhook on (a new token; nothing changes when it is on already)',
  request: { params: idParamSchema },
  responses: settings,
});

const regenerate = defineRoute({
  method: 'post',
  path: '/agents/{id}/webhook/regenerate',
  ...permission.can('update', 'Agent'),
  tags: TAGS,
  summary: 'A new token for the webhook URL; the old URL stops working at once',
  request: { params: idParamSchema },
  responses: settings,
});

const disable = defineRoute({
  method: 'delete',
  path: '/agents/{id}/webhook',
  ...permission.can('update', 'Agent'),
  tags: TAGS,
  summary: 'Turn the webhook off (its token and signing secret are forgotten)',
  request: { params: idParamSchema },
  responses: settings,
});

const setSecret = defineRoute({
  method: 'post',
  path: '/agents/{id}/webhook/signing-secret',
  ...permission.can('update', 'Agent'),
  tags: TAGS,
  summary:
    'Set the HMAC-SHA256 signing secret (the given one, or a generated one); shown in this reply only',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(webhookSecretInputSchema), required: false },
  },
  responses: {
    200: { description: 'The secret, once', content: jsonContent(webhookSecretSchema) },
  },
});

const clearSecret = defineRoute({
  method: 'delete',
  path: '/agents/{id}/webhook/signing-secret',
  ...permission.can('update', 'Agent'),
  tags: TAGS,
  summary: 'Remove the signing secret: calls are no longer signature-checked',
  request: { params: idParamSchema },
  responses: settings,
});

const { authorize } = recordAccess('Agent', AGENT_MESSAGES.notFound, getAgentRecord);

/** Whether the caller may update this agent, and so see its token. */
async function mayManage(c: Context<AppEnv>, id: string) {
  const record = await authorize(c, 'read', id);
  const conditions = {
    ...record,
    organization_id: record.organizationId,
    deleted_at: record.deletedAt,
  };
  return can(c.get('ability'), 'update', 'Agent', conditions);
}

const deps = (c: Context<AppEnv>) => c.get('deps');

/** A body is optional here: none, or `{}`, asks for a generated secret. */
const optionalBody = z.union([webhookSecretInputSchema, z.undefined()]);

export const webhookRoutes = createRouter()
  .openapi(read, async (c) => {
    const { id } = c.req.valid('param');
    const canManage = await mayManage(c, id);
    const row = await readWebhook(deps(c).db, orgScope(c), id);
    return c.json(settingsOf(deps(c), row, canManage), 200);
  })
  .openapi(enable, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const row = await enableWebhook(deps(c), orgScope(c), auditActor(c), id);
    return c.json(settingsOf(deps(c), row, true), 200);
  })
  .openapi(regenerate, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const row = await regenerateWebhook(deps(c), orgScope(c), auditActor(c), id);
    return c.json(settingsOf(deps(c), row, true), 200);
  })
  .openapi(disable, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const row = await disableWebhook(deps(c), orgScope(c), auditActor(c), id);
    return c.json(settingsOf(deps(c), row, true), 200);
  })
  .openapi(setSecret, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const input = optionalBody.parse(c.req.valid('json'));
    const { secret, row } = await setSigningSecret(
      deps(c),
      orgScope(c),
      auditActor(c),
      id,
      input?.secret,
    );
    return c.json({ secret, settings: settingsOf(deps(c), row, true) }, 200);
  })
  .openapi(clearSecret, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const row = await clearSigningSecret(deps(c), orgScope(c), auditActor(c), id);
    return c.json(settingsOf(deps(c), row, true), 200);
  });

// The hook itself (hook.routes.ts, mounted at /api/hooks) in the same document.
webhookRoutes.openAPIRegistry.registerPath(hookOperation);
