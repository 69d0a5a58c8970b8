import { APIError } from 'better-auth';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { member, organization } from '../db/schema/index.ts';

export const LAST_ADMIN_CODE = 'LAST_ADMIN_OF_ORGANIZATION';

/**
 * Runs before Better Auth deletes an account (after the password check). An account may not
 * leave an organisation with members but no admin: the user must first make another member
 * admin. Organisations where the user is the only member go with the account.
 */
export function beforeAccountDeletion(db: Database) {
  return async (user: { id: string }): Promise<void> => {
    const others = sql<number>`(select count(*)::int from ${member} m where m.organization_id = ${member.organizationId} and m.user_id <> ${user.id})`;
    const otherAdmins = sql<number>`(select count(*)::int from ${member} m where m.organization_id = ${member.organizationId} and m.user_id <> ${user.id} and m.role = 'admin')`;
    const adminOf = await db
      .select({
        id: organization.id,
        name: organization.name,
        others,
        otherAdmins,
      })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(and(eq(member.userId, user.id), eq(member.role, 'admin')));

    const blocking = adminOf.find((org) => org.others > 0 && org.otherAdmins === 0);
    if (blocking) {
      throw new APIError('CONFLICT', {
        code: LAST_ADMIN_CODE,
        message: `You are the only admin of ${blocking.name}. Make another member admin before deleting your account.`,
      });
    }
    const alone = adminOf.filter((org) => org.others === 0).map((org) => org.id);
    if (alone.length > 0) {
      await db.delete(organization).where(inArray(organization.id, alone));
    }
  };
}
