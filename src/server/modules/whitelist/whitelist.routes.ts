import { createRoute, z } from '@hono/zod-openapi';
import {
  whitelistEntryInputSchema,
  whitelistQuerySchema,
  whitelistSettingsSchema,
} from '../../../shared/schemas/whitelist.ts';
import { createRouter } from '../../http/openapi.ts';
import { auditActor } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { permission } from '../../http/permission.ts';
import {
  addWhitelistEntry,
  getWhitelistSettings,
  listWhitelist,
  removeWhitelistEntry,
  setWhitelistSettings,
} from './whitelist.service.ts';

const TAGS = ['Admin: whitelist'];

const entryDto = z.object({
  id: z.string(),
  pattern: z.string(),
  note: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), email: z.string() }).nullable(),
});
const settingsDto = z.object({ enabled: z.boolean(), updatedAt: z.string().nullable() });
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

const list = createRoute({
  method: 'get',
  path: '/admin/whitelist',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Whitelist entries (e-mail addresses and @domains), by pattern',
  request: { query: whitelistQuerySchema },
  responses: {
    200: {
      description: 'A page of entries',
      content: json(
        z.object({
          items: z.array(entryDto),
          total: z.number(),
          page: z.number(),
          pageSize: z.number(),
        }),
      ),
    },
  },
});

const add = createRoute({
  method: 'post',
  path: '/admin/whitelist',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Add an e-mail address or @domain (409 when already listed)',
  request: { body: { content: json(whitelistEntryInputSchema), required: true } },
  responses: { 201: { description: 'Added', content: json(entryDto) } },
});

const remove = createRoute({
  method: 'delete',
  path: '/admin/whitelist/{id}',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Remove an entry',
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 204: { description: 'Removed' } },
});

const readSettings = createRoute({
  method: 'get',
  path: '/admin/whitelist/settings',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Whether sign-up is limited to the whitelist',
  responses: { 200: { description: 'The switch', content: json(settingsDto) } },
});

const writeSettings = createRoute({
  method: 'put',
  path: '/admin/whitelist/settings',
  ...permission.superAdmin(),
  tags: TAGS,
  summary: 'Turn the whitelist on or off',
  request: { body: { content: json(whitelistSettingsSchema), required: true } },
  responses: { 200: { description: 'The switch', content: json(settingsDto) } },
});

export const whitelistRoutes = createRouter()
  .openapi(readSettings, async (c) => {
    return c.json(await getWhitelistSettings(c.get('deps').db), 200);
  })
  .openapi(writeSettings, async (c) => {
    const body = c.req.valid('json');
    return c.json(await setWhitelistSettings(c.get('deps').db, auditActor(c), body), 200);
  })
  .openapi(list, async (c) => {
    return c.json(await listWhitelist(c.get('deps').db, c.req.valid('query')), 200);
  })
  .openapi(add, async (c) => {
    const body = c.req.valid('json');
    return c.json(await addWhitelistEntry(c.get('deps').db, auditActor(c), body), 201);
  })
  .openapi(remove, async (c) => {
    const removed = await removeWhitelistEntry(
      c.get('deps').db,
      auditActor(c),
      c.req.valid('param').id,
    );
    if (!removed) throw notFound('Whitelist entry not found');
    return c.body(null, 204);
  });
