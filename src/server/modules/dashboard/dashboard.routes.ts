import {
  crmDashboardQuerySchema,
  crmDashboardSchema,
  crmRange,
} from '../../../shared/schemas/dashboard.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { crmDashboard } from './dashboard.service.ts';

const crm = defineRoute({
  method: 'get',
  path: '/dashboard/crm',
  ...permission.can('read', 'dashboards-crm'),
  tags: ['Dashboards'],
  summary: 'The CRM dashboard: KPIs and chart series, computed by aggregate queries',
  description:
    '`from` and `to` are UTC days, both included (default: the 12 weeks up to today). The range limits newCustomers, churnedInRange, newPerWeek and recentActivity; the other figures describe the current state.',
  request: { query: crmDashboardQuerySchema },
  responses: {
    200: { description: 'The figures', content: jsonContent(crmDashboardSchema) },
  },
});

export const dashboardRoutes = createRouter().openapi(crm, async (c) => {
  const range = crmRange(c.req.valid('query'));
  return c.json(await crmDashboard(c.get('deps').db, orgScope(c), range), 200);
});
