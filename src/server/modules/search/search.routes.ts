import { searchRequestSchema, searchResponseSchema } from '../../../shared/schemas/search.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { SEARCH_LIMIT, searchEverything } from './search.service.ts';

const search = defineRoute({
  method: 'get',
  path: '/search',
  ...permission.organization(),
  tags: ['Search'],
  summary: `The navbar search: up to ${SEARCH_LIMIT} matches of each kind in the organisation`,
  description:
    'One group per kind of record the caller may read (projects, customers, data sources, people: members of the organisation by name or e-mail, and the kinds other modules add), in a fixed order; prefix matches first. A blank `q` returns no groups.',
  request: { query: searchRequestSchema },
  responses: {
    200: { description: 'Matches grouped by kind', content: jsonContent(searchResponseSchema) },
  },
});

export const searchRoutes = createRouter().openapi(search, async (c) => {
  const { q } = c.req.valid('query');
  const ability = c.get('ability');
  const groups =
    q === ''
      ? []
      : await searchEverything(c.get('deps').db, orgScope(c), q, (subject) =>
          ability.can('read', subject),
        );
  return c.json({ q, groups }, 200);
});
