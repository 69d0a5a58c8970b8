/**
 * /api/v1/model-providers: the organisation's model providers (OpenAI-compatible APIs). Every
 * member reads them (never the key or header values: `hasApiKey`, `headerNames`); creating,
 * changing, deleting, testing and discovering models need `update Organization` (admins and
 * super admins), per src/shared/abilities.ts.
 */
import { idParamSchema } from '../../../shared/schemas/common.ts';
import {
  modelDiscoveryResultSchema,
  modelDiscoverySchema,
  modelProviderCreateSchema,
  modelProviderListSchema,
  modelProviderSchema,
  modelProviderTestResultSchema,
  modelProviderTestSchema,
  modelProviderUpdateSchema,
  MODEL_PROVIDER_FAILURE_CAUSES,
} from '../../../shared/schemas/model-providers.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import {
  createModelProvider,
  deleteModelProvider,
  discoverModels,
  getModelProvider,
  listModelProviders,
  testModelProvider,
  updateModelProvider,
} from './model-providers.service.ts';

const TAGS = ['Model providers'];
const MANAGE = permission.can('update', 'Organization', {
  message: 'Only organisation admins can manage model providers',
});
const FAILURES = `A failure is a 200 with ok false, cause one of ${MODEL_PROVIDER_FAILURE_CAUSES.join(', ')}, and the provider's own message.`;

const list = defineRoute({
  method: 'get',
  path: '/model-providers',
  ...permission.can('read', 'Organization'),
  tags: TAGS,
  summary: 'The organisation’s model providers, by name (never a key or header value)',
  responses: {
    200: { description: 'The providers', content: jsonContent(modelProviderListSchema) },
  },
});

const read = defineRoute({
  method: 'get',
  path: '/model-providers/{id}',
  ...permission.can('read', 'Organization'),
  tags: TAGS,
  summary: 'One model provider (never its key or header values)',
  request: { params: idParamSchema },
  responses: { 200: { description: 'The provider', content: jsonContent(modelProviderSchema) } },
});

const create = defineRoute({
  method: 'post',
  path: '/model-providers',
  ...MANAGE,
  tags: TAGS,
  summary: 'Add a model provider (409 MODEL_PROVIDER_NAME_TAKEN)',
  request: { body: { content: jsonContent(modelProviderCreateSchema), required: true } },
  responses: { 201: { description: 'Created', content: jsonContent(modelProviderSchema) } },
  errors: [409],
});

const update = defineRoute({
  method: 'patch',
  path: '/model-providers/{id}',
  ...MANAGE,
  tags: TAGS,
  summary:
    'Change a model provider; `apiKey` absent or empty keeps the stored key, a string replaces it, null removes it',
  description:
    '`headers` is the full list; a row without a value keeps the stored value of that name. The stored key and values go only to the stored base URL: a new base URL needs them again (400 SECRET_REQUIRED_FOR_NEW_DESTINATION).',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(modelProviderUpdateSchema), required: true },
  },
  responses: { 200: { description: 'Updated', content: jsonContent(modelProviderSchema) } },
  errors: [409, 422],
});

const remove = defineRoute({
  method: 'delete',
  path: '/model-providers/{id}',
  ...MANAGE,
  tags: TAGS,
  summary: 'Delete a model provider (soft: the audit log keeps its history)',
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' } },
});

const test = defineRoute({
  method: 'post',
  path: '/model-providers/{id}/test',
  ...MANAGE,
  tags: TAGS,
  summary: 'Send a one-token chat request to the provider (15 s time-out)',
  description: `The model is the one given, else the default model, else the first. ${FAILURES}`,
  request: {
    params: idParamSchema,
    body: { content: jsonContent(modelProviderTestSchema), required: false },
  },
  responses: {
    200: { description: 'ok, or the failure', content: jsonContent(modelProviderTestResultSchema) },
  },
  errors: [422],
});

const discover = defineRoute({
  method: 'post',
  path: '/model-providers/models/discover',
  ...MANAGE,
  tags: TAGS,
  summary: 'List the models at `/models` of a base URL and key, or of a saved provider',
  description: FAILURES,
  request: { body: { content: jsonContent(modelDiscoverySchema), required: true } },
  responses: {
    200: {
      description: 'The model ids, or the failure',
      content: jsonContent(modelDiscoveryResultSchema),
    },
  },
  errors: [422],
});

export const modelProviderRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json({ items: await listModelProviders(c.get('deps'), orgScope(c)) }, 200),
  )
  .openapi(discover, async (c) =>
    c.json(await discoverModels(c.get('deps'), orgScope(c), c.req.valid('json')), 200),
  )
  .openapi(read, async (c) =>
    c.json(await getModelProvider(c.get('deps'), orgScope(c), c.req.valid('param').id), 200),
  )
  .openapi(create, async (c) =>
    c.json(
      await createModelProvider(c.get('deps'), orgScope(c), auditActor(c), c.req.valid('json')),
      201,
    ),
  )
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    const changed = await updateModelProvider(
      c.get('deps'),
      orgScope(c),
      auditActor(c),
      id,
      c.req.valid('json'),
    );
    return c.json(changed, 200);
  })
  .openapi(remove, async (c) => {
    await deleteModelProvider(c.get('deps'), orgScope(c), auditActor(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(test, async (c) => {
    const body = (c.req.valid('json') as { model?: string } | undefined) ?? {};
    const result = await testModelProvider(
      c.get('deps'),
      orgScope(c),
      c.req.valid('param').id,
      body.model,
    );
    return c.json(result, 200);
  });
