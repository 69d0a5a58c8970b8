import { createRoute, z } from '@hono/zod-openapi';
import { SEARCH_MAX_LENGTH } from '../../../shared/schemas/query.ts';
import { createRouter } from '../../http/openapi.ts';
import { requireOrg } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { SEARCH_LIMIT, searchEverything } from './search.service.ts';

const search = createRoute({
  method: 'get',
  path: '/search',
  ...permission.organization(),
  tags: ['Search'],
  summary: `The navbar search: up to ${SEARCH_LIMIT} matches of each kind in the organisation`,
  description:
    'One group per kind of record the caller may read (projects, customers, and the kinds other modules add), in a fixed order; prefix matches first. A blank `q` returns no groups.',
  request: {
    query: z.strictObject({
      q: z
        .string()
        .trim()
        .max(SEARCH_MAX_LENGTH, {
          error: `Search text is limited to ${SEARCH_MAX_LENGTH} characters`,
        }),
    }),
  },
  responses: {
    200: {
      description: 'Matches grouped by kind',
      content: {
        'application/json': {
          schema: z.object({
            q: z.string(),
            groups: z.array(
              z.object({
                type: z.string(),
                items: z.array(
                  z.object({ id: z.string(), title: z.string(), subtitle: z.string().nullable() }),
                ),
              }),
            ),
          }),
        },
      },
    },
  },
});

export const searchRoutes = createRouter().openapi(search, async (c) => {
  const { q } = c.req.valid('query');
  const ability = c.get('ability');
  const groups =
    q === ''
      ? []
      : await searchEverything(c.get('deps').db, requireOrg(c).id, q, (subject) =>
          ability.can('read', subject),
        );
  return c.json({ q, groups }, 200);
});
