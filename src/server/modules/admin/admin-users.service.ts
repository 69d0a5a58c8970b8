import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { member, organization, session, user } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { LastSuperAdminError, setSuperAdmin } from '../../auth/super-admins.ts';
import { httpError, notFound } from '../../http/errors.ts';
import {
  ADMIN_MESSAGES,
  type AdminUser,
  type AdminUserQuery,
} from '../../../shared/schemas/admin.ts';
import type { Page } from '../../../shared/schemas/pagination.ts';
import { containsPattern } from '../../db/like.ts';
import { userStatus } from '../../../shared/schemas/users.ts';
import { readPage } from '../../http/paging.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Pick<Database, 'select'>;

const userColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  image: user.image,
  emailVerified: user.emailVerified,
  twoFactorEnabled: user.twoFactorEnabled,
  superAdmin: user.superAdmin,
  bannedAt: user.bannedAt,
  banReason: user.banReason,
  createdAt: user.createdAt,
};
type UserRow = Pick<typeof user.$inferSelect, keyof typeof userColumns>;

/** Records a change of user `userId` (global: no organisation). */
function auditUser(
  tx: Tx,
  actor: AuditActor,
  userId: string,
  action: string,
  change: { before?: unknown; after?: unknown },
): Promise<void> {
  return recordAudit(tx, actor, {
    organizationId: null,
    action,
    targetType: 'user',
    targetId: userId,
    ...change,
  });
}

async function membershipsOf(db: Reader, userIds: string[]) {
  const byUser = new Map<string, AdminUser['memberships']>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      userId: member.userId,
      organizationId: organization.id,
      name: organization.name,
      role: member.role,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(inArray(member.userId, userIds))
    .orderBy(asc(organization.name), asc(organization.id));
  for (const { userId, ...membership } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(membership);
    byUser.set(userId, list);
  }
  return byUser;
}

function toDto(row: UserRow, memberships: AdminUser['memberships']): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    image: row.image,
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled,
    superAdmin: row.superAdmin,
    status: userStatus(row),
    bannedAt: row.bannedAt?.toISOString() ?? null,
    banReason: row.banReason,
    createdAt: row.createdAt.toISOString(),
    memberships,
  };
}

export async function listAdminUsers(
  db: Database,
  query: AdminUserQuery,
): Promise<Page<AdminUser>> {
  const search = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    search ? or(ilike(user.name, search), ilike(user.email, search)) : undefined,
    query.superAdmin === undefined ? undefined : eq(user.superAdmin, query.superAdmin),
    query.banned === undefined
      ? undefined
      : query.banned
        ? isNotNull(user.bannedAt)
        : isNull(user.bannedAt),
  );
  const { rows, ...page } = await readPage(
    query,
    (range) =>
      db
        .select(userColumns)
        .from(user)
        .where(where)
        .orderBy(asc(sql`lower(${user.name})`), asc(user.email))
        .limit(range.limit)
        .offset(range.offset),
    db.select({ total: count() }).from(user).where(where),
  );
  const memberships = await membershipsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toDto(r, memberships.get(r.id) ?? [])),
    ...page,
  };
}

async function loadUser(db: Reader, id: string): Promise<AdminUser> {
  const [row] = await db.select(userColumns).from(user).where(eq(user.id, id));
  if (!row) throw notFound('User not found');
  return toDto(row, (await membershipsOf(db, [id])).get(id) ?? []);
}

async function lockUser(tx: Tx, id: string) {
  const [row] = await tx.select(userColumns).from(user).where(eq(user.id, id)).for('update');
  if (!row) throw notFound('User not found');
  return row;
}

async function endSessions(tx: Tx, userId: string): Promise<number> {
  const ended = await tx
    .delete(session)
    .where(eq(session.userId, userId))
    .returning({ id: session.id });
  return ended.length;
}

/** Grants or revokes the flag; the last super admin who can sign in keeps it (409). */
export async function setUserSuperAdmin(
  db: Database,
  actor: AuditActor,
  userId: string,
  value: boolean,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    // The lock setSuperAdmin takes (re-entrant), so the check below cannot race another change.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('super-admin-flag'))`);
    const [target] = await tx
      .select({ email: user.email, superAdmin: user.superAdmin })
      .from(user)
      .where(eq(user.id, userId));
    if (!target) throw notFound('User not found');
    if (!value && target.superAdmin) {
      // A suspended super admin cannot sign in: someone else must be able to.
      const [others] = await tx
        .select({ n: count() })
        .from(user)
        .where(and(eq(user.superAdmin, true), isNull(user.bannedAt), ne(user.id, userId)));
      if ((others?.n ?? 0) === 0) {
        throw httpError('LAST_SUPER_ADMIN', ADMIN_MESSAGES.lastSuperAdmin);
      }
    }
    if (target.superAdmin !== value) {
      try {
        // Joins this transaction (as a savepoint), so the change and its audit entry commit together.
        await setSuperAdmin(tx, target.email, value);
      } catch (error) {
        if (error instanceof LastSuperAdminError) {
          throw httpError('LAST_SUPER_ADMIN', ADMIN_MESSAGES.lastSuperAdmin);
        }
        throw error;
      }
      await auditUser(
        tx,
        actor,
        userId,
        value ? 'user.super_admin.grant' : 'user.super_admin.revoke',
        {
          before: { superAdmin: target.superAdmin },
          after: { superAdmin: value },
        },
      );
    }
    return loadUser(tx, userId);
  });
}

/** Suspends the account and ends its sessions; new sign-ins are refused by the access policy. */
export async function banUser(
  db: Database,
  actor: AuditActor,
  userId: string,
  reason: string,
): Promise<AdminUser> {
  if (userId === actor.id) throw httpError('CANNOT_BAN_SELF', ADMIN_MESSAGES.banSelf);
  return db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    const [after] = await tx
      .update(user)
      .set({ bannedAt: sql`coalesce(${user.bannedAt}, now())`, banReason: reason })
      .where(eq(user.id, userId))
      .returning({ bannedAt: user.bannedAt, banReason: user.banReason });
    const sessionsEnded = await endSessions(tx, userId);
    await auditUser(tx, actor, userId, 'user.ban', {
      before: { bannedAt: target.bannedAt, banReason: target.banReason },
      after: { bannedAt: after?.bannedAt, banReason: after?.banReason, sessionsEnded },
    });
    return loadUser(tx, userId);
  });
}

export async function unbanUser(
  db: Database,
  actor: AuditActor,
  userId: string,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (target.bannedAt) {
      await tx.update(user).set({ bannedAt: null, banReason: null }).where(eq(user.id, userId));
      await auditUser(tx, actor, userId, 'user.unban', {
        before: { bannedAt: target.bannedAt, banReason: target.banReason },
        after: { bannedAt: null, banReason: null },
      });
    }
    return loadUser(tx, userId);
  });
}

/** Signs the user out everywhere; returns how many sessions ended. */
export async function endUserSessions(
  db: Database,
  actor: AuditActor,
  userId: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const sessionsEnded = await endSessions(tx, userId);
    await auditUser(tx, actor, userId, 'user.sessions.revoke', {
      after: { sessionsEnded },
    });
    return sessionsEnded;
  });
}
