import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw-rows.ts';
import type { AppAbility } from '../../../shared/abilities.ts';
import {
  HOME_RECENT_ACTIVITY,
  type HomeActivity,
  type HomeOverview,
} from '../../../shared/schemas/home.ts';
import type { OrgScope } from '../../http/records.ts';

type Figures = {
  projects: number;
  data_sources: number;
  customers: number;
  members: number;
  invitations: number;
  imported: boolean;
};

type ActivityRow = {
  id: string;
  action: string;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
};

/**
 * The home of the selected organisation in two statements: its counts (from the statistics
 * tables the triggers keep, so 100,000 customers cost no scan) with what the checklist needs, and
 * its latest audit entries with the names a sentence needs.
 */
export async function homeOverview(
  db: Database,
  scope: OrgScope,
  ability: AppAbility,
): Promise<HomeOverview> {
  const org = scope.organizationId;
  const [figures] = await queryRows<Figures>(
    db,
    sql`
      select
        (select coalesce(sum(projects), 0)::int from project_stats where organization_id = ${org}) as projects,
        (select count(*)::int from data_sources where organization_id = ${org} and deleted_at is null) as data_sources,
        (select coalesce(sum(customers), 0)::int from customer_stats where organization_id = ${org}) as customers,
        (select count(*)::int from members where organization_id = ${org}) as members,
        (select count(*)::int from invitations where organization_id = ${org}) as invitations,
        exists (select 1 from audit_logs where organization_id = ${org} and action = 'customer.import') as imported
    `,
  );
  const activity = await queryRows<ActivityRow>(
    db,
    sql`
      select a.id, a.action, a.target_type, a.target_id,
             coalesce(a.after ->> 'name', a.before ->> 'name', a.after ->> 'email', a.before ->> 'email') as target_name,
             a.actor_id, coalesce(u.name, a.actor_email) as actor_name,
             to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from audit_logs a
      left join users u on u.id = a.actor_id
      where a.organization_id = ${org}
      order by a.created_at desc, a.id desc
      limit ${HOME_RECENT_ACTIVITY}
    `,
  );
  const f = figures!;
  const readable = (count: number, subject: Parameters<AppAbility['can']>[1]) =>
    ability.can('read', subject) ? count : null;
  return {
    counts: {
      projects: readable(f.projects, 'Project'),
      dataSources: readable(f.data_sources, 'DataSource'),
      customers: readable(f.customers, 'customer'),
      members: f.members,
    },
    checklist: [
      { step: 'dataSource', done: f.data_sources > 0, canDo: ability.can('create', 'DataSource') },
      {
        step: 'inviteMember',
        done: f.invitations > 0 || f.members > 1,
        canDo: ability.can('update', 'Organization'),
      },
      { step: 'importCustomers', done: f.imported, canDo: ability.can('create', 'customer') },
    ],
    activity: activity.map((row): HomeActivity => ({
      id: row.id,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      targetName: row.target_name,
      actor: { id: row.actor_id, name: row.actor_name },
      createdAt: row.created_at,
    })),
  };
}
