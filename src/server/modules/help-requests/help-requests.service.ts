import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { helpRequests, user } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import {
  extractProjectId,
  type AdminHelpRequest,
  type HelpRequest,
  type HelpRequestRecord,
} from '../../../shared/schemas/help-request.ts';
import type { Page } from '../../../shared/schemas/pagination.ts';
import {
  projectLink,
  type HelpRequestListQuery,
  type HelpRequestUpdate,
} from '../../../shared/schemas/admin.ts';

export async function createHelpRequest(
  db: Database,
  userId: string,
  input: HelpRequest,
): Promise<HelpRequestRecord> {
  const [row] = await db
    .insert(helpRequests)
    .values({
      userId,
      url: input.url,
      projectId: extractProjectId(input.url),
      issueDescription: input.issue_description,
    })
    .returning();
  if (!row) throw new Error('help request insert returned nothing');
  return toDto(row);
}

export async function listHelpRequests(
  db: Database,
  query: HelpRequestListQuery,
): Promise<Page<AdminHelpRequest>> {
  const where = query.status ? eq(helpRequests.status, query.status) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ request: helpRequests, email: user.email, name: user.name })
      .from(helpRequests)
      .innerJoin(user, eq(user.id, helpRequests.userId))
      .where(where)
      .orderBy(desc(helpRequests.createdAt), desc(helpRequests.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(helpRequests).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...toDto(r.request),
      user: { id: r.request.userId, email: r.email, name: r.name },
    })),
    total: totals[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A super admin's triage (status, note); null when there is no such request. */
export async function updateHelpRequest(
  db: Database,
  actor: AuditActor,
  id: string,
  input: HelpRequestUpdate,
): Promise<HelpRequestRecord | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.id, id))
      .for('update');
    if (!before) return null;
    const status = input.status ?? before.status;
    const statusChanged = status !== before.status;
    const [after] = await tx
      .update(helpRequests)
      .set({
        status,
        ...(input.note !== undefined ? { note: input.note || null } : {}),
        ...(statusChanged
          ? status === 'resolved'
            ? { resolvedAt: sql`now()`, resolvedBy: actor.id }
            : { resolvedAt: null, resolvedBy: null }
          : {}),
      })
      .where(eq(helpRequests.id, id))
      .returning();
    if (!after) return null;
    const triage = (row: typeof helpRequests.$inferSelect) => ({
      status: row.status,
      note: row.note,
      resolvedAt: row.resolvedAt,
      resolvedBy: row.resolvedBy,
    });
    await recordAudit(tx, actor, {
      organizationId: null,
      action: 'help_request.update',
      targetType: 'help_request',
      targetId: id,
      before: triage(before),
      after: triage(after),
    });
    return toDto(after);
  });
}

function toDto(row: typeof helpRequests.$inferSelect): HelpRequestRecord {
  return {
    id: row.id,
    user_id: row.userId,
    url: row.url,
    project_id: row.projectId,
    project_link: projectLink(row.projectId),
    issue_description: row.issueDescription,
    status: row.status,
    note: row.note,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: row.resolvedBy,
    created_at: row.createdAt.toISOString(),
  };
}
