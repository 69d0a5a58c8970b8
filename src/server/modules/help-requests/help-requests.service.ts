import { randomUUID } from 'node:crypto';
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
import type { Page, PageQuery } from '../../../shared/schemas/pagination.ts';
import {
  projectLink,
  type HelpRequestListQuery,
  type HelpRequestUpdate,
} from '../../../shared/schemas/admin.ts';
import { readPage } from '../../http/paging.ts';
import { helpRequestAnswered, helpRequestsReceived } from '../../notifications/events.ts';

type NewHelpRequest = typeof helpRequests.$inferInsert & { id: string };
type Pending = {
  values: NewHelpRequest;
  resolve: (record: HelpRequestRecord) => void;
  reject: (error: unknown) => void;
};

/** Rows per INSERT when many requests arrive at once. */
const MAX_BATCH = 100;
/** Per database: the requests waiting for the insert under way to finish. */
const queues = new WeakMap<Database, { pending: Pending[]; flushing: boolean }>();

/**
 * Stores a help request; answers once it is committed. Requests that arrive while an insert is
 * under way are written together by the next one (one statement, one commit), so a burst costs
 * a few commits instead of one each; a lone request is inserted at once.
 */
export function createHelpRequest(
  db: Database,
  userId: string,
  input: HelpRequest,
): Promise<HelpRequestRecord> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { pending: [], flushing: false }));
  const values: NewHelpRequest = {
    id: randomUUID(),
    userId,
    url: input.url,
    projectId: extractProjectId(input.url),
    issueDescription: input.issue_description,
  };
  const stored = new Promise<HelpRequestRecord>((resolve, reject) =>
    queue.pending.push({ values, resolve, reject }),
  );
  if (!queue.flushing) void flush(db, queue);
  return stored;
}

async function flush(db: Database, queue: { pending: Pending[]; flushing: boolean }) {
  queue.flushing = true;
  try {
    while (queue.pending.length > 0) {
      const batch = queue.pending.splice(0, MAX_BATCH);
      try {
        const rows = await db.transaction(async (tx) => {
          const inserted = await tx
            .insert(helpRequests)
            .values(batch.map((p) => p.values))
            .returning();
          await helpRequestsReceived(tx, inserted);
          return inserted;
        });
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const p of batch) {
          const row = byId.get(p.values.id);
          if (row) p.resolve(toDto(row));
          else p.reject(new Error('help request insert returned nothing'));
        }
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        // One bad row (its user just deleted…) must not fail the others: each on its own.
        else await Promise.all(batch.map((p) => insertOne(db, p)));
      }
    }
  } finally {
    queue.flushing = false;
  }
}

async function insertOne(db: Database, p: Pending) {
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(helpRequests).values(p.values).returning();
      if (inserted) await helpRequestsReceived(tx, [inserted]);
      return inserted;
    });
    if (row) p.resolve(toDto(row));
    else p.reject(new Error('help request insert returned nothing'));
  } catch (error) {
    p.reject(error);
  }
}

export async function listHelpRequests(
  db: Database,
  query: HelpRequestListQuery,
): Promise<Page<AdminHelpRequest>> {
  const where = query.status ? eq(helpRequests.status, query.status) : undefined;
  const { rows, ...page } = await readPage(
    query,
    (range) =>
      db
        .select({ request: helpRequests, email: user.email, name: user.name })
        .from(helpRequests)
        .innerJoin(user, eq(user.id, helpRequests.userId))
        .where(where)
        .orderBy(desc(helpRequests.createdAt), desc(helpRequests.id))
        .limit(range.limit)
        .offset(range.offset),
    db.select({ total: count() }).from(helpRequests).where(where),
  );
  return {
    items: rows.map((r) => ({
      ...toDto(r.request),
      user: { id: r.request.userId, email: r.email, name: r.name },
    })),
    ...page,
  };
}

/** The requests `userId` sent, newest first (with the team's answer when there is one). */
export async function listOwnHelpRequests(
  db: Database,
  userId: string,
  query: PageQuery,
): Promise<Page<HelpRequestRecord>> {
  const where = eq(helpRequests.userId, userId);
  const { rows, ...page } = await readPage(
    query,
    (range) =>
      db
        .select()
        .from(helpRequests)
        .where(where)
        .orderBy(desc(helpRequests.createdAt), desc(helpRequests.id))
        .limit(range.limit)
        .offset(range.offset),
    db.select({ total: count() }).from(helpRequests).where(where),
  );
  return { items: rows.map(toDto), ...page };
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
    if (answered(before, after)) await helpRequestAnswered(tx, after, actor.id);
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

/** The author hears back when their request is resolved or gets a new note. */
function answered(
  before: typeof helpRequests.$inferSelect,
  after: typeof helpRequests.$inferSelect,
): boolean {
  const resolved = after.status === 'resolved' && before.status !== 'resolved';
  const noted = Boolean(after.note) && after.note !== before.note;
  return resolved || noted;
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
