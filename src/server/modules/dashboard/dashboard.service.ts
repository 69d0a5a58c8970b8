import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw-rows.ts';
import type { OrgScope } from '../../http/records.ts';
import {
  NO_OWNER_KEY,
  customerActivities,
  customerDailyStats,
  customerStats,
  customers,
  projectStats,
  user,
} from '../../db/schema/index.ts';
import {
  CUSTOMER_STATUSES,
  PIPELINE_STATUSES,
  type CustomerActivityType,
  type CustomerStatus,
} from '../../../shared/schemas/customers.ts';
import { PROJECT_STATUSES, type ProjectStatus } from '../../../shared/schemas/projects.ts';
import {
  CRM_RECENT_ACTIVITY,
  CRM_TOP_OWNERS,
  type CrmDashboardDto,
} from '../../../shared/schemas/dashboard.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Mondays (UTC, YYYY-MM-DD) of every week that overlaps the range. */
export function weeksOf(range: { from: string; to: string }): string[] {
  const weeks: string[] = [];
  const first = Date.parse(`${range.from}T00:00:00.000Z`);
  const monday = first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
  const last = Date.parse(`${range.to}T00:00:00.000Z`);
  for (let day = monday; day <= last; day += 7 * DAY_MS) {
    weeks.push(new Date(day).toISOString().slice(0, 10));
  }
  return weeks;
}

/** A subquery's rows as one JSON array (an empty one when there are none). */
const jsonRows = (query: SQL) =>
  sql`(select coalesce(json_agg(q), '[]'::json) from (${query}) as q)`;

/** A JSON column as the driver gives it: parsed already (node-postgres, PGlite) or as text. */
function parsed<T>(value: unknown): T[] {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[];
}

/**
 * Every figure of the CRM dashboard, each from one small query: no customer row is loaded.
 * Status and owner breakdowns sum `customer_stats`, new customers and churn in the range sum
 * `customer_daily_stats` (both kept by triggers: a few rows per organisation, one per day; churn
 * counts each move of a live customer to churned, so one churned twice in the range counts
 * twice); the latest activity reads the first rows of an index. `from` and `to` are UTC days,
 * both included.
 */
export async function crmDashboard(
  db: Database,
  scope: OrgScope,
  range: { from: string; to: string },
): Promise<CrmDashboardDto> {
  const org = scope.organizationId;
  const start = `${range.from}T00:00:00.000Z`;
  const before = new Date(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS).toISOString();
  const lengthMs = Date.parse(before) - Date.parse(start);
  const previousFrom = new Date(Date.parse(start) - lengthMs).toISOString().slice(0, 10);

  // Per status: customer_stats (kept by triggers), a few rows per organisation.
  const statusSql = sql`select ${customerStats.status} as status,
              coalesce(sum(${customerStats.customers}), 0)::int as count,
              coalesce(sum(${customerStats.value}), 0)::text as value
            from ${customerStats} where ${customerStats.organizationId} = ${org}
            group by ${customerStats.status}`;
  // New customers per week of the range: customer_daily_stats has one row per day.
  const weekSql = sql`select to_char(date_trunc('week', ${customerDailyStats.day}::timestamp), 'YYYY-MM-DD')
              as week, sum(${customerDailyStats.customers})::int as count
            from ${customerDailyStats}
            where ${customerDailyStats.organizationId} = ${org}
              and ${customerDailyStats.day} >= ${range.from}::date
              and ${customerDailyStats.day} <= ${range.to}::date
            group by 1`;
  // New customers in the range of the same length just before.
  const previousSql = sql`select coalesce(sum(${customerDailyStats.customers}), 0)::int as count
            from ${customerDailyStats}
            where ${customerDailyStats.organizationId} = ${org}
              and ${customerDailyStats.day} >= ${previousFrom}::date
              and ${customerDailyStats.day} < ${range.from}::date`;
  // Moves of live customers to churned within the range: customer_daily_stats.churned.
  const churnSql = sql`select coalesce(sum(${customerDailyStats.churned}), 0)::int as count
            from ${customerDailyStats}
            where ${customerDailyStats.organizationId} = ${org}
              and ${customerDailyStats.day} >= ${range.from}::date
              and ${customerDailyStats.day} <= ${range.to}::date`;
  // The owners with the most customer value: customer_stats per owner.
  const ownerSql = sql`select o.owner_key as id, ${user.name} as name, ${user.email} as email,
              o.customers, o.value::text as value
            from (
              select ${customerStats.ownerKey} as owner_key,
                sum(${customerStats.customers})::int as customers,
                sum(${customerStats.value}) as value
              from ${customerStats}
              where ${customerStats.organizationId} = ${org}
                and ${customerStats.ownerKey} <> ${NO_OWNER_KEY}::uuid
              group by ${customerStats.ownerKey}
              having sum(${customerStats.customers}) > 0
            ) as o
            join ${user} on ${user.id} = o.owner_key
            order by o.value desc, o.customers desc, ${user.name}
            limit ${CRM_TOP_OWNERS}`;
  // Per project status: project_stats (kept by triggers), two rows per organisation.
  const projectSql = sql`select ${projectStats.status} as status, ${projectStats.projects} as count
            from ${projectStats}
            where ${projectStats.organizationId} = ${org}`;
  // The latest activity: the first rows of customer_activities_org_created_id_idx.
  const activitySql = sql`select a.id, a.type, a.customer_id, c.name as customer_name, a.actor_id,
              u.name as actor_name, a.body, a.from_status, a.to_status, a.created_at
            from ${customerActivities} as a
            join ${customers} as c on c.id = a.customer_id and c.deleted_at is null
            left join ${user} as u on u.id = a.actor_id
            where a.organization_id = ${org}
              and a.created_at >= ${start}::timestamptz
              and a.created_at < ${before}::timestamptz
            order by a.created_at desc, a.id desc
            limit ${CRM_RECENT_ACTIVITY}`;

  // The six figures from the stats tables in one statement (one round trip, one pool
  // connection), each as a JSON array of its rows; the latest activity beside it.
  const [[figures], activityRows] = await Promise.all([
    queryRows<Record<'s' | 'w' | 'p' | 'c' | 'o' | 'j', unknown>>(
      db,
      sql`select ${jsonRows(statusSql)} as s, ${jsonRows(weekSql)} as w,
            ${jsonRows(previousSql)} as p, ${jsonRows(churnSql)} as c,
            ${jsonRows(ownerSql)} as o, ${jsonRows(projectSql)} as j`,
    ),
    queryRows<{
      id: string;
      type: CustomerActivityType;
      customer_id: string;
      customer_name: string;
      actor_id: string | null;
      actor_name: string | null;
      body: string | null;
      from_status: CustomerStatus | null;
      to_status: CustomerStatus | null;
      created_at: string | Date;
    }>(db, activitySql),
  ]);
  const statusRows = parsed<{ status: CustomerStatus; count: number; value: string }>(figures?.s);
  const weekRows = parsed<{ week: string; count: number }>(figures?.w);
  const previousRows = parsed<{ count: number }>(figures?.p);
  const churnRows = parsed<{ count: number }>(figures?.c);
  const ownerRows = parsed<{
    id: string;
    name: string;
    email: string;
    customers: number;
    value: string;
  }>(figures?.o);
  const projectRows = parsed<{ status: ProjectStatus; count: number }>(figures?.j);

  const byStatus = CUSTOMER_STATUSES.map((status) => {
    const row = statusRows.find((r) => r.status === status);
    return { status, count: row?.count ?? 0, value: Number(row?.value ?? 0) };
  });
  const total = byStatus.reduce((sum, s) => sum + s.count, 0);
  const sumOf = (statuses: readonly CustomerStatus[]) =>
    Math.round(
      byStatus.filter((s) => statuses.includes(s.status)).reduce((sum, s) => sum + s.value, 0) *
        100,
    ) / 100;
  const churned = byStatus.find((s) => s.status === 'churned')!.count;
  const weekCounts = new Map(weekRows.map((r) => [r.week, Number(r.count)]));
  const newCustomers = weekRows.reduce((sum, r) => sum + Number(r.count), 0);

  return {
    range,
    kpis: {
      customers: total,
      newCustomers,
      newCustomersPrevious: previousRows[0]?.count ?? 0,
      pipelineValue: sumOf(PIPELINE_STATUSES),
      wonValue: sumOf(['active']),
      churned,
      churnedInRange: churnRows[0]?.count ?? 0,
      churnRate: total === 0 ? 0 : churned / total,
    },
    byStatus,
    newPerWeek: weeksOf(range).map((week) => ({ week, count: weekCounts.get(week) ?? 0 })),
    topOwners: ownerRows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      customers: Number(r.customers),
      value: Number(r.value),
    })),
    projectsByStatus: PROJECT_STATUSES.map((status) => ({
      status,
      count: projectRows.find((r) => r.status === status)?.count ?? 0,
    })),
    recentActivity: activityRows.map((r) => ({
      id: r.id,
      type: r.type,
      customer: { id: r.customer_id, name: r.customer_name },
      actor: r.actor_id && r.actor_name !== null ? { id: r.actor_id, name: r.actor_name } : null,
      body: r.body,
      fromStatus: r.from_status,
      toStatus: r.to_status,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
