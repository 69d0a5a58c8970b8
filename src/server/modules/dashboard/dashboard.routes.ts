import { createRoute, z } from '@hono/zod-openapi';
import { CUSTOMER_ACTIVITY_TYPES, CUSTOMER_STATUSES } from '../../../shared/schemas/customers.ts';
import { crmDashboardQuerySchema, crmRange } from '../../../shared/schemas/dashboard.ts';
import { PROJECT_STATUSES } from '../../../shared/schemas/projects.ts';
import { createRouter } from '../../http/openapi.ts';
import { requireOrg } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { crmDashboard } from './dashboard.service.ts';

const status = z.enum(CUSTOMER_STATUSES);

const crm = createRoute({
  method: 'get',
  path: '/dashboard/crm',
  ...permission.can('read', 'dashboards-crm'),
  tags: ['Dashboards'],
  summary: 'The CRM dashboard: KPIs and chart series, computed by aggregate queries',
  description:
    '`from` and `to` are UTC days, both included (default: the 12 weeks up to today). The range limits newCustomers, churnedInRange, newPerWeek and recentActivity; the other figures describe the current state.',
  request: { query: crmDashboardQuerySchema },
  responses: {
    200: {
      description: 'The figures',
      content: {
        'application/json': {
          schema: z.object({
            range: z.object({ from: z.string(), to: z.string() }),
            kpis: z.object({
              customers: z.number(),
              newCustomers: z.number(),
              newCustomersPrevious: z.number(),
              pipelineValue: z.number(),
              wonValue: z.number(),
              churned: z.number(),
              churnedInRange: z.number(),
              churnRate: z.number(),
            }),
            byStatus: z.array(z.object({ status, count: z.number(), value: z.number() })),
            newPerWeek: z.array(z.object({ week: z.string(), count: z.number() })),
            topOwners: z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                email: z.string(),
                customers: z.number(),
                value: z.number(),
              }),
            ),
            projectsByStatus: z.array(
              z.object({ status: z.enum(PROJECT_STATUSES), count: z.number() }),
            ),
            recentActivity: z.array(
              z.object({
                id: z.string(),
                type: z.enum(CUSTOMER_ACTIVITY_TYPES),
                customer: z.object({ id: z.string(), name: z.string() }),
                actor: z.object({ id: z.string(), name: z.string() }).nullable(),
                body: z.string().nullable(),
                fromStatus: status.nullable(),
                toStatus: status.nullable(),
                createdAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
  },
});

export const dashboardRoutes = createRouter().openapi(crm, async (c) => {
  const range = crmRange(c.req.valid('query'));
  const figures = await crmDashboard(c.get('deps').db, { organizationId: requireOrg(c).id }, range);
  return c.json(figures, 200);
});
