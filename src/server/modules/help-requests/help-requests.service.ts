import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { helpRequests, user } from '../../db/schema/index.ts';
import { extractProjectId, type HelpRequest } from '../../../shared/schemas/help-request.ts';

export async function createHelpRequest(db: Database, userId: string, input: HelpRequest) {
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

export async function listHelpRequests(db: Database, page: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    db
      .select({ request: helpRequests, email: user.email, name: user.name })
      .from(helpRequests)
      .innerJoin(user, eq(user.id, helpRequests.userId))
      .orderBy(desc(helpRequests.createdAt), desc(helpRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(helpRequests),
  ]);
  return {
    items: rows.map((r) => ({ ...toDto(r.request), user: { email: r.email, name: r.name } })),
    total: totals[0]?.total ?? 0,
    page,
    pageSize,
  };
}

function toDto(row: typeof helpRequests.$inferSelect) {
  return {
    id: row.id,
    user_id: row.userId,
    url: row.url,
    project_id: row.projectId,
    issue_description: row.issueDescription,
    created_at: row.createdAt.toISOString(),
  };
}
