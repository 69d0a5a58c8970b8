import { homeOverviewSchema } from '../../../shared/schemas/home.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { homeOverview } from './home.service.ts';

const overview = defineRoute({
  method: 'get',
  path: '/home',
  ...permission.organization(),
  tags: ['Home'],
  summary: 'The selected organisation at a glance: counts, getting-started steps, recent changes',
  description:
    'Counts of records the caller may not read are null; each step says whether the caller may do it.',
  responses: {
    200: { description: 'The overview', content: jsonContent(homeOverviewSchema) },
  },
});

export const homeRoutes = createRouter().openapi(overview, async (c) =>
  c.json(await homeOverview(c.get('deps').db, orgScope(c), c.get('ability')), 200),
);
