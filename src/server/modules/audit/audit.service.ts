import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLogs, organization, user } from '../../db/schema/index.ts';
import { auditTargetName } from '../../audit/target-name.ts';
import type { Page } from '../../../shared/schemas/pagination.ts';
import { containsPattern } from '../../db/like.ts';
import {
  auditRange,
  type AuditExportQuery,
  type AuditLogEntry,
  type AuditLogQuery,
} from '../../../shared/schemas/audit.ts';
import { isUuid } from '../../../shared/schemas/common.ts';
import { readPage } from '../../http/paging.ts';

/** One organisation's entries, or every entry (null: super admins). */
export type AuditScope = { organizationId: string | null };

export const AUDIT_EXPORT_MAX_ROWS = 50_000;

function whereOf(scope: AuditScope, query: AuditExportQuery): SQL | undefined {
  const { from, before } = auditRange(query.from, query.to);
  const action = query.action;
  return and(
    scope.organizationId ? eq(auditLogs.organizationId, scope.organizationId) : undefined,
    query.actor
      ? isUuid(query.actor)
        ? eq(auditLogs.actorId, query.actor)
        : ilike(auditLogs.actorEmail, containsPattern(query.actor))
      : undefined,
    action
      ? action.endsWith('*')
        ? sql`starts_with(${auditLogs.action}, ${action.slice(0, -1)})`
        : eq(auditLogs.action, action)
      : undefined,
    from ? gte(auditLogs.createdAt, from) : undefined,
    before ? lt(auditLogs.createdAt, before) : undefined,
  );
}

const toDto = ({
  row,
  organizationName,
  actorName,
  targetName,
}: {
  row: typeof auditLogs.$inferSelect;
  organizationName: string | null;
  actorName: string | null;
  targetName: string | null;
}): AuditLogEntry => ({
  id: row.id,
  organizationId: row.organizationId,
  organizationName,
  actor: { id: row.actorId, email: row.actorEmail, name: actorName ?? row.actorEmail },
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  targetName,
  before: row.before,
  after: row.after,
  ip: row.ip,
  createdAt: row.createdAt.toISOString(),
});

/** Newest first. */
export async function listAuditLogs(
  db: Database,
  scope: AuditScope,
  query: AuditLogQuery,
): Promise<Page<AuditLogEntry>> {
  const where = whereOf(scope, query);
  const { rows, ...page } = await readPage(
    query,
    (range) =>
      db
        .select({
          row: auditLogs,
          organizationName: organization.name,
          actorName: user.name,
          targetName: auditTargetName,
        })
        .from(auditLogs)
        .leftJoin(organization, eq(organization.id, auditLogs.organizationId))
        .leftJoin(user, eq(user.id, auditLogs.actorId))
        .where(where)
        .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
        .limit(range.limit)
        .offset(range.offset),
    db.select({ total: count() }).from(auditLogs).where(where),
  );
  return {
    items: rows.map(toDto),
    ...page,
  };
}

export const AUDIT_CSV_HEADER = [
  'created_at',
  'organization_id',
  'actor_id',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'ip',
  'before',
  'after',
] as const;

/** The matching entries as CSV rows, newest first; `truncated` when there were more. */
export async function exportAuditLogs(
  db: Database,
  scope: AuditScope,
  query: AuditExportQuery,
): Promise<{ rows: unknown[][]; truncated: boolean }> {
  const rows = await db
    .select()
    .from(auditLogs)
    .where(whereOf(scope, query))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(AUDIT_EXPORT_MAX_ROWS + 1);
  return {
    truncated: rows.length > AUDIT_EXPORT_MAX_ROWS,
    rows: rows
      .slice(0, AUDIT_EXPORT_MAX_ROWS)
      .map((r) => [
        r.createdAt,
        r.organizationId,
        r.actorId,
        r.actorEmail,
        r.action,
        r.targetType,
        r.targetId,
        r.ip,
        r.before,
        r.after,
      ]),
  };
}
