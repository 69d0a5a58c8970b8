import type { Database } from '../db/client.ts';
import { auditLogs } from '../db/schema/index.ts';

export type AuditActor = { id: string | null; email: string | null; ip: string | null };

export type AuditEntry = {
  organizationId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Records one change. Call it with the transaction that makes the change, so the entry and
 * the change are written together or not at all.
 */
export async function recordAudit(
  db: Pick<Database, 'insert'>,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLogs).values({
    organizationId: entry.organizationId,
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
  });
}
