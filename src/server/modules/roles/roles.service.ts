import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { member } from '../../db/schema/index.ts';
import { ABILITY_TABLE, type Action, type Subject } from '../../../shared/abilities.ts';
import { ORG_ROLES, type OrgRoleName } from '../../../shared/constants.ts';

export type Permission = { actions: Action[]; subjects: Subject[]; own: boolean };
export type RoleDto = { role: OrgRoleName; memberCount: number; permissions: Permission[] };

/** A role's permissions, straight from the shared ability table the server enforces. */
export function permissionsOf(who: keyof typeof ABILITY_TABLE): Permission[] {
  return ABILITY_TABLE[who].map((entry) => ({
    actions: [...entry.actions],
    subjects: [...entry.subjects],
    own: entry.own === true,
  }));
}

/** Every role with its member count in the organisation and its permissions. */
export async function listRoles(db: Database, organizationId: string) {
  const counts = await db
    .select({ role: member.role, n: count() })
    .from(member)
    .where(eq(member.organizationId, organizationId))
    .groupBy(member.role);
  const byRole = new Map(counts.map((row) => [row.role, row.n]));
  const items: RoleDto[] = ORG_ROLES.map((role) => ({
    role,
    memberCount: byRole.get(role) ?? 0,
    permissions: permissionsOf(role),
  }));
  return {
    items,
    total: items.length,
    /** What every signed-in user may do, whatever their role. */
    everyone: permissionsOf('everyone'),
    /** What the super-admin flag adds. */
    superAdmin: permissionsOf('super_admin'),
  };
}
