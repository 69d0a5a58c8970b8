/**
 * The CRM dashboard (/dashboards/crm): its date-range query and what the API returns.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { CUSTOMER_ACTIVITY_TYPES, customerStatusSchema } from './customers.ts';
import { projectStatusSchema } from './projects.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Without `from`, the range covers the 12 weeks up to `to`. */
export const CRM_DEFAULT_RANGE_DAYS = 84;
export const CRM_MAX_RANGE_DAYS = 731;
export const CRM_TOP_OWNERS = 5;
export const CRM_RECENT_ACTIVITY = 10;

export const DASHBOARD_MESSAGES = {
  date: 'Use a date such as 2025-01-31',
  range: 'The start must not be after the end',
  rangeMax: `Choose a range of at most ${CRM_MAX_RANGE_DAYS} days`,
} as const;

const day = z.iso.date({ error: DASHBOARD_MESSAGES.date });
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range of a query: `to` defaults to today (UTC), `from` to 12 weeks before `to`. */
export function crmRange(query: { from?: string; to?: string }): { from: string; to: string } {
  const to = query.to ?? isoDay(Date.now());
  const from = query.from ?? isoDay(Date.parse(to) - (CRM_DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  return { from, to };
}

/** `from` and `to` are UTC days, both included (see `crmRange` for the defaults). */
export const crmDashboardQuerySchema = z
  .strictObject({ from: day.optional(), to: day.optional() })
  .refine((q) => crmRange(q).from <= crmRange(q).to, {
    error: DASHBOARD_MESSAGES.range,
    path: ['to'],
  })
  .refine(
    (q) =>
      (Date.parse(crmRange(q).to) - Date.parse(crmRange(q).from)) / DAY_MS < CRM_MAX_RANGE_DAYS,
    { error: DASHBOARD_MESSAGES.rangeMax, path: ['from'] },
  );
export type CrmDashboardQuery = z.output<typeof crmDashboardQuerySchema>;

const countSchema = z.number().int();

/** Every status, in the order of CUSTOMER_STATUSES: how many customers and their value. */
export const crmStatusFigureSchema = z.object({
  status: customerStatusSchema,
  count: countSchema,
  value: z.number(),
});

/** An owner with the most customer value. */
export const crmTopOwnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  customers: countSchema,
  value: z.number(),
});

/** A customer's timeline entry, with the customer it belongs to. */
export const crmActivitySchema = z.object({
  id: z.string(),
  type: z.enum(CUSTOMER_ACTIVITY_TYPES),
  customer: z.object({ id: z.string(), name: z.string() }),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  body: z.string().nullable(),
  fromStatus: customerStatusSchema.nullable(),
  toStatus: customerStatusSchema.nullable(),
  createdAt: z.string(),
});
export type CrmActivityDto = z.infer<typeof crmActivitySchema>;

/**
 * GET /api/v1/dashboard/crm. Figures about "now" (kpis other than the range ones, byStatus,
 * topOwners, projectsByStatus) count every live record; `newCustomers`, `churnedInRange`,
 * `newPerWeek` and `recentActivity` are limited to the range.
 */
export const crmDashboardSchema = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  kpis: z.object({
    /** Live customers. */
    customers: countSchema,
    /** Created in the range, and in the range of the same length just before it. */
    newCustomers: countSchema,
    newCustomersPrevious: countSchema,
    /** Sum of the values of leads and prospects. */
    pipelineValue: z.number(),
    /** Sum of the values of active customers. */
    wonValue: z.number(),
    /** Customers whose status is churned now, and those moved to churned within the range. */
    churned: countSchema,
    churnedInRange: countSchema,
    /** churned ÷ customers (0 when there are none). */
    churnRate: z.number(),
  }),
  byStatus: z.array(crmStatusFigureSchema),
  /** Every week (starting Monday, UTC) that overlaps the range. */
  newPerWeek: z.array(z.object({ week: z.string(), count: countSchema })),
  topOwners: z.array(crmTopOwnerSchema),
  projectsByStatus: z.array(z.object({ status: projectStatusSchema, count: countSchema })),
  recentActivity: z.array(crmActivitySchema),
});
export type CrmDashboardDto = z.infer<typeof crmDashboardSchema>;
