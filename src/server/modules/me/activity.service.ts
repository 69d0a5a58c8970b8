import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLogs, organization, user } from '../../db/schema/index.ts';
import { auditTargetName } from '../../audit/target-name.ts';
import { OWN_ACTIVITY_LIMIT, type OwnActivity } from '../../../shared/schemas/account.ts';

/** The latest audit entries whose actor is `userId`, newest first, in every organisation. */
export async function listOwnActivity(db: Database, userId: string): Promise<OwnActivity[]> {
  const rows = await db
    .select({
      id: auditLogs.id,
      action: auditLogs.action,
      targetType: auditLogs.targetType,
      targetId: auditLogs.targetId,
      targetName: auditTargetName,
      actorName: user.name,
      organizationId: organization.id,
      organizationName: organization.name,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .leftJoin(organization, eq(organization.id, auditLogs.organizationId))
    .innerJoin(user, eq(user.id, auditLogs.actorId))
    .where(eq(auditLogs.actorId, userId))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(OWN_ACTIVITY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: row.targetName,
    actor: { id: userId, name: row.actorName },
    organization:
      row.organizationId && row.organizationName !== null
        ? { id: row.organizationId, name: row.organizationName }
        : null,
    createdAt: row.createdAt.toISOString(),
  }));
}
