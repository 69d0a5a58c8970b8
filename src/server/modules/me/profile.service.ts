import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notificationPreferences, user, userAvatars } from '../../db/schema/index.ts';
import { buildUserData } from '../../../shared/user-data.ts';
import {
  ACCOUNT_MESSAGES,
  DEFAULT_NOTIFICATION_PREFERENCE,
  NOTIFICATION_EVENTS,
  type NotificationPreference,
  type Profile,
  type ProfileUpdate,
} from '../../../shared/schemas/account.ts';
import { notFound, taken } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';

const usernameTaken = () => taken('USERNAME_TAKEN', ACCOUNT_MESSAGES.usernameTaken, 'username');

export const avatarPath = (userId: string, version: Date) =>
  `/api/v1/avatars/${userId}?v=${version.getTime()}`;

type AccountFields = {
  id: string;
  email: string;
  name: string;
  username?: string | null;
  image?: string | null;
};

/** What buildUserData takes from a user's own columns (a missing value is undefined, not null). */
export const userDataFields = (row: AccountFields) => ({
  id: row.id,
  email: row.email,
  name: row.name,
  username: row.username ?? undefined,
  image: row.image ?? undefined,
});

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw notFound('User not found');
  const data = buildUserData(userDataFields(row));
  return {
    id: row.id,
    fullName: data.fullName,
    username: data.username,
    email: row.email,
    avatar: data.avatar,
    locale: row.locale,
    timeZone: row.timeZone,
  };
}

export async function updateProfile(
  db: Database,
  userId: string,
  input: ProfileUpdate,
): Promise<Profile> {
  if (input.username) {
    const [clash] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(sql`lower(${user.username})`, input.username), ne(user.id, userId)));
    if (clash) throw usernameTaken();
  }
  try {
    await db
      .update(user)
      .set({
        ...(input.fullName !== undefined && { name: input.fullName }),
        ...(input.username !== undefined && { username: input.username }),
        ...(input.locale !== undefined && { locale: input.locale }),
        ...(input.timeZone !== undefined && { timeZone: input.timeZone }),
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId));
  } catch (error) {
    // Taken between the check and the update.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  return getProfile(db, userId);
}

export async function saveAvatar(db: Database, userId: string, contentType: string, data: Buffer) {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(userAvatars)
      .values({ userId, contentType, data, updatedAt: now })
      .onConflictDoUpdate({
        target: userAvatars.userId,
        set: { contentType, data, updatedAt: now },
      });
    await tx
      .update(user)
      .set({ image: avatarPath(userId, now), updatedAt: now })
      .where(eq(user.id, userId));
  });
  return getProfile(db, userId);
}

export async function removeAvatar(db: Database, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
    await tx.update(user).set({ image: null, updatedAt: new Date() }).where(eq(user.id, userId));
  });
  return getProfile(db, userId);
}

export async function readAvatar(db: Database, userId: string) {
  const [row] = await db.select().from(userAvatars).where(eq(userAvatars.userId, userId));
  return row ?? null;
}

/** Every event with the user's choice, or the default where they have not chosen. */
export async function getNotificationPreferences(
  db: Database,
  userId: string,
): Promise<NotificationPreference[]> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return NOTIFICATION_EVENTS.map((event) => {
    const row = rows.find((r) => r.event === event);
    return row
      ? { event, email: row.email, inApp: row.inApp }
      : { event, ...DEFAULT_NOTIFICATION_PREFERENCE };
  });
}

export async function saveNotificationPreferences(
  db: Database,
  userId: string,
  preferences: NotificationPreference[],
) {
  await db.transaction(async (tx) => {
    for (const p of preferences) {
      await tx
        .insert(notificationPreferences)
        .values({ userId, event: p.event, email: p.email, inApp: p.inApp })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.event],
          set: { email: p.email, inApp: p.inApp },
        });
    }
  });
  return getNotificationPreferences(db, userId);
}
