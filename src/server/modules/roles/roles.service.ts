import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { member } from '../../db/schema/index.ts';
import type { OrgScope } from '../../http/records.ts';
import { ABILITY_TABLE } from '../../../shared/abilities.ts';
import { ORG_ROLES } from '../../../shared/constants.ts';
import type { Role, RoleList, RolePermission } from '../../../shared/schemas/roles.ts';

/** A role's permissions, straight from the shared ability table the server enforces. */
export function permissionsOf(who: keyof typeof ABILITY_TABLE): RolePermission[] {
  return ABILITY_TABLE[who].map((entry) => ({
    actions: [...entry.actions],
    subjects: [...entry.subjects],
    own: entry.own === true,
  }));
}

/** Every role with its member count in the organisation and its permissions. */
export async function listRoles(db: Database, scope: OrgScope): Promise<RoleList> {
  const counts = await db
    .select({ role: member.role, n: count() })
    .from(member)
    .where(eq(member.organizationId, scope.organizationId))
    .groupBy(member.role);
  const byRole = new Map(counts.map((row) => [row.role, row.n]));
  const items: Role[] = ORG_ROLES.map((role) => ({
    role,
    memberCount: byRole.get(role) ?? 0,
    permissions: permissionsOf(role),
  }));
  return {
    items,
    total: items.length,
    everyone: permissionsOf('everyone'),
    superAdmin: permissionsOf('super_admin'),
  };
}
