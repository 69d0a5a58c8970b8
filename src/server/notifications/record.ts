import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import type { NotificationKind, NotificationParams } from '../../shared/schemas/notifications.ts';

/** A database or an open transaction: notifications are written with the event they tell. */
type Writer = Pick<Database, 'insert' | 'execute'>;

/**
 * The channel that tells every process whose notifications changed (payload: the user's id);
 * sent in the writing transaction, so it is heard once that commits (live.ts listens).
 */
export const NOTIFICATIONS_CHANNEL = 'meridian_notifications';

/** Tells the processes' live streams that these users' notifications changed. */
export async function announceNotifications(db: Pick<Database, 'execute'>, userIds: string[]) {
  if (userIds.length === 0) return;
  await db.execute(
    sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, u)
        from unnest(array[${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]) as u`,
  );
}

/**
 * Records one notification per recipient (used by the features that have something to say);
 * duplicate recipients get one.
 */
export async function notify<K extends NotificationKind>(
  db: Writer,
  input: {
    userIds: readonly string[];
    organizationId?: string | null;
    kind: K;
    params: NotificationParams[K];
    link?: string | null;
  },
): Promise<{ id: string }[]> {
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        userId,
        organizationId: input.organizationId ?? null,
        kind: input.kind,
        params: input.params,
        link: input.link ?? null,
      })),
    )
    .returning({ id: notifications.id });
  await announceNotifications(db, userIds);
  return rows.map((row) => ({ id: row.id }));
}
