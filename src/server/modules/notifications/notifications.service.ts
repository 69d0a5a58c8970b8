import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import type { NotificationDto, NotificationPage } from '../../../shared/schemas/notifications.ts';
import type { PageQuery } from '../../../shared/schemas/pagination.ts';

type Row = typeof notifications.$inferSelect;

/**
 * Whose notifications: the caller's own, general ones and, while an organisation is selected,
 * that organisation's.
 */
export type NotificationScope = { userId: string; organizationId: string | null };

/** What the caller sees: their own notifications, general or of the selected organisation. */
function visibleTo(userId: string, organizationId: string | null) {
  return and(
    eq(notifications.userId, userId),
    organizationId
      ? or(isNull(notifications.organizationId), eq(notifications.organizationId, organizationId))
      : isNull(notifications.organizationId),
  );
}

const toDto = (row: Row): NotificationDto => ({
  id: row.id,
  kind: row.kind,
  params: row.params,
  link: row.link,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export async function listNotifications(
  db: Database,
  scope: NotificationScope,
  { page, pageSize }: PageQuery,
): Promise<NotificationPage> {
  const where = visibleTo(scope.userId, scope.organizationId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(
          Number,
        ),
      })
      .from(notifications)
      .where(where),
  ]);
  return {
    items: rows.map(toDto),
    total: totals?.total ?? 0,
    unread: totals?.unread ?? 0,
    page,
    pageSize,
  };
}

/** Marks one of the caller's notifications read; false when it is not theirs (or not visible). */
export async function markRead(
  db: Database,
  scope: NotificationScope,
  id: string,
): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), visibleTo(scope.userId, scope.organizationId)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export async function markAllRead(db: Database, scope: NotificationScope): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(visibleTo(scope.userId, scope.organizationId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}
