/**
 * /api/v1/api-keys: the organisation's API keys, for organisation admins (`update Organization`,
 * as for model providers; src/shared/abilities.ts has no subject of its own for keys). The
 * secret is in the creation's answer only.
 */
import { idParamSchema } from '../../../shared/schemas/common.ts';
import {
  apiKeyCreateSchema,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeySchema,
} from '../../../shared/schemas/api-keys.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';

const TAGS = ['API keys'];
const MANAGE = permission.can('update', 'Organization', {
  message: 'Only organisation admins can manage API keys',
});

const list = defineRoute({
  method: 'get',
  path: '/api-keys',
  ...MANAGE,
  tags: TAGS,
  summary:
    'The organisation’s API keys, active first: prefix, scopes, agent, expiry, last use, status (never a secret)',
  responses: { 200: { description: 'The keys', content: jsonContent(apiKeyListSchema) } },
});

const create = defineRoute({
  method: 'post',
  path: '/api-keys',
  ...MANAGE,
  tags: TAGS,
  summary:
    'Create a key; the answer holds its secret (`mk_…`), shown this once and stored only hashed',
  description:
    'Scopes: `agents:run` (start runs, the OpenAI-compatible endpoint), `agents:read` (read runs and their events, list models). `agentId` limits the key to one agent. Send the secret as `Authorization: Bearer mk_…`.',
  request: { body: { content: jsonContent(apiKeyCreateSchema), required: true } },
  responses: {
    201: { description: 'Created, with the secret', content: jsonContent(apiKeyCreatedSchema) },
  },
  errors: [409, 422],
});

const revoke = defineRoute({
  method: 'post',
  path: '/api-keys/{id}/revoke',
  ...MANAGE,
  tags: TAGS,
  summary: 'Revoke a key: it stops working at once and stays listed as revoked',
  request: { params: idParamSchema },
  responses: { 200: { description: 'Revoked', content: jsonContent(apiKeySchema) } },
});

export const apiKeyRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json({ items: await listApiKeys(c.get('deps').db, orgScope(c)) }, 200),
  )
  .openapi(create, async (c) =>
    c.json(
      await createApiKey(c.get('deps').db, orgScope(c), auditActor(c), c.req.valid('json')),
      201,
    ),
  )
  .openapi(revoke, async (c) =>
    c.json(
      await revokeApiKey(c.get('deps').db, orgScope(c), auditActor(c), c.req.valid('param').id),
      200,
    ),
  );
