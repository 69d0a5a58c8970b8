import { idParamSchema } from '../../../shared/schemas/common.ts';
import {
  whitelistEntryInputSchema,
  whitelistEntrySchema,
  whitelistPageSchema,
  whitelistQuerySchema,
  whitelistSettingsSchema,
  whitelistStateSchema,
} from '../../../shared/schemas/whitelist.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { found } from '../../http/records.ts';
import {
  addWhitelistEntry,
  getWhitelistSettings,
  listWhitelist,
  removeWhitelistEntry,
  setWhitelistSettings,
} from './whitelist.service.ts';

const TAGS = ['Admin: whitelist'];

const list = defineRoute({
  method: 'get',
  path: '/admin/whitelist',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Whitelist entries (e-mail addresses and @domains), by pattern',
  request: { query: whitelistQuerySchema },
  responses: {
    200: { description: 'A page of entries', content: jsonContent(whitelistPageSchema) },
  },
});

const add = defineRoute({
  method: 'post',
  path: '/admin/whitelist',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Add an e-mail address or @domain (409 WHITELIST_ENTRY_EXISTS when already listed)',
  request: { body: { content: jsonContent(whitelistEntryInputSchema), required: true } },
  responses: { 201: { description: 'Added', content: jsonContent(whitelistEntrySchema) } },
  errors: [409],
});

const remove = defineRoute({
  method: 'delete',
  path: '/admin/whitelist/{id}',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Remove an entry',
  request: { params: idParamSchema },
  responses: { 204: { description: 'Removed' } },
});

const readSettings = defineRoute({
  method: 'get',
  path: '/admin/whitelist/settings',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Whether sign-up is limited to the whitelist',
  responses: { 200: { description: 'The switch', content: jsonContent(whitelistStateSchema) } },
});

const writeSettings = defineRoute({
  method: 'put',
  path: '/admin/whitelist/settings',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Turn the whitelist on or off',
  request: { body: { content: jsonContent(whitelistSettingsSchema), required: true } },
  responses: { 200: { description: 'The switch', content: jsonContent(whitelistStateSchema) } },
});

export const whitelistRoutes = createRouter()
  .openapi(readSettings, async (c) => c.json(await getWhitelistSettings(c.get('deps').db), 200))
  .openapi(writeSettings, async (c) => {
    const body = c.req.valid('json');
    return c.json(await setWhitelistSettings(c.get('deps').db, auditActor(c), body), 200);
  })
  .openapi(list, async (c) =>
    c.json(await listWhitelist(c.get('deps').db, c.req.valid('query')), 200),
  )
  .openapi(add, async (c) => {
    const body = c.req.valid('json');
    return c.json(await addWhitelistEntry(c.get('deps').db, auditActor(c), body), 201);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    found(
      await removeWhitelistEntry(c.get('deps').db, auditActor(c), id),
      'Whitelist entry not found',
    );
    return c.body(null, 204);
  });
