import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { member, organization, session, user } from '../../db/schema/index.ts';
import type { Page } from '../../../shared/schemas/pagination.ts';
import { containsPattern } from '../../db/like.ts';
import type { OrgScope } from '../../http/records.ts';
import {
  userStatus,
  type UserDetail,
  type UserExportQuery,
  type UserListItem,
  type UserListQuery,
} from '../../../shared/schemas/users.ts';
import { detectDevice } from '../../../shared/user-agent.ts';

/** Whose users a list shows: one organisation's members, or every user (super admins). */
export type UserScope = OrgScope | { organizationId: null };

export const USER_EXPORT_MAX_ROWS = 10_000;

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  username: user.username,
  image: user.image,
  emailVerified: user.emailVerified,
  twoFactorEnabled: user.twoFactorEnabled,
  superAdmin: user.superAdmin,
  bannedAt: user.bannedAt,
  createdAt: user.createdAt,
};

function filtersOf(query: UserExportQuery): (SQL | undefined)[] {
  const search = query.search ? containsPattern(query.search) : undefined;
  return [
    search ? or(ilike(user.name, search), ilike(user.email, search)) : undefined,
    query.status === 'banned' ? isNotNull(user.bannedAt) : undefined,
    query.status === 'active'
      ? and(isNull(user.bannedAt), eq(user.emailVerified, true))
      : undefined,
    query.status === 'unverified'
      ? and(isNull(user.bannedAt), eq(user.emailVerified, false))
      : undefined,
  ];
}

function orderOf(query: UserExportQuery, scoped: boolean): SQL[] {
  const direction = query.order === 'desc' ? desc : asc;
  const primary =
    query.sort === 'email'
      ? user.email
      : query.sort === 'createdAt'
        ? user.createdAt
        : query.sort === 'role' && scoped
          ? member.role
          : sql`lower(${user.name})`;
  return [direction(primary), asc(user.id)];
}

/** The rows of a list or an export: `limit`/`offset` page them. */
async function selectUsers(
  db: Database,
  scope: UserScope,
  query: UserExportQuery,
  range: { limit: number; offset: number },
) {
  const filters = filtersOf(query);
  if (scope.organizationId !== null) {
    const where = and(
      eq(member.organizationId, scope.organizationId),
      query.role ? eq(member.role, query.role) : undefined,
      ...filters,
    );
    const [rows, [totals]] = await Promise.all([
      db
        .select({ ...columns, role: member.role })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(where)
        .orderBy(...orderOf(query, true))
        .limit(range.limit)
        .offset(range.offset),
      db
        .select({ total: count() })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }
  const where = and(
    query.role
      ? exists(
          db
            .select({ one: sql`1` })
            .from(member)
            .where(and(eq(member.userId, user.id), eq(member.role, query.role))),
        )
      : undefined,
    ...filters,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...columns, role: sql<string | null>`null` })
      .from(user)
      .where(where)
      .orderBy(...orderOf(query, false))
      .limit(range.limit)
      .offset(range.offset),
    db.select({ total: count() }).from(user).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

type Row = Awaited<ReturnType<typeof selectUsers>>['rows'][number];

const toItem = ({ bannedAt, ...row }: Row): UserListItem => ({
  ...row,
  status: userStatus({ bannedAt, emailVerified: row.emailVerified }),
  createdAt: row.createdAt.toISOString(),
});

export async function listUsers(
  db: Database,
  scope: UserScope,
  query: UserListQuery,
): Promise<Page<UserListItem>> {
  const { rows, total } = await selectUsers(db, scope, query, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
}

export const USER_CSV_HEADER = [
  'id',
  'name',
  'email',
  'role',
  'status',
  'super_admin',
  'two_factor',
  'created_at',
] as const;

/** The matching users as CSV rows; `truncated` when there were more than the limit. */
export async function exportUsers(
  db: Database,
  scope: UserScope,
  query: UserExportQuery,
): Promise<{ rows: unknown[][]; truncated: boolean }> {
  const { rows } = await selectUsers(db, scope, query, {
    limit: USER_EXPORT_MAX_ROWS + 1,
    offset: 0,
  });
  return {
    truncated: rows.length > USER_EXPORT_MAX_ROWS,
    rows: rows
      .slice(0, USER_EXPORT_MAX_ROWS)
      .map(toItem)
      .map((u) => [
        u.id,
        u.name,
        u.email,
        u.role ?? '',
        u.status,
        u.superAdmin,
        u.twoFactorEnabled,
        u.createdAt,
      ]),
  };
}

// ---------------------------------------------------------------------------
// One user
// ---------------------------------------------------------------------------

/** "Firefox on Windows" from a User-Agent header. */
export function describeDevice(userAgent: string | null): string {
  const { browser, system } = detectDevice(userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (userAgent ? userAgent.slice(0, 60) : 'Unknown device');
}

/** Whether the user belongs to the organisation. */
export async function isMember(db: Database, scope: OrgScope, userId: string) {
  const [row] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, scope.organizationId), eq(member.userId, userId)));
  return Boolean(row);
}

/**
 * The account (memberships of the scope's organisation, or all of them for every user's scope),
 * and, when `withSessions`, the live sessions with the caller's own marked.
 */
export async function getUserDetail(
  db: Database,
  scope: UserScope,
  id: string,
  options: {
    withSessions: boolean;
    withBanReason: boolean;
    currentSessionId: string;
  },
): Promise<UserDetail | null> {
  const [row] = await db
    .select({ ...columns, banReason: user.banReason })
    .from(user)
    .where(eq(user.id, id));
  if (!row) return null;
  const memberships = await db
    .select({ organizationId: organization.id, name: organization.name, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(
      and(
        eq(member.userId, id),
        scope.organizationId ? eq(member.organizationId, scope.organizationId) : undefined,
      ),
    )
    .orderBy(asc(organization.name), asc(organization.id));
  const role = scope.organizationId ? (memberships[0]?.role ?? null) : null;
  const { banReason, ...listed } = row;
  const account = {
    ...toItem({ ...listed, role }),
    banReason: options.withBanReason ? banReason : null,
    memberships,
  };
  if (!options.withSessions) return { account, security: null };
  const sessions = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, id), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(session.updatedAt), desc(session.id));
  return {
    account,
    security: {
      sessions: sessions.map((s) => ({
        id: s.id,
        device: describeDevice(s.userAgent),
        userAgent: s.userAgent,
        ipAddress: s.ipAddress,
        createdAt: s.createdAt.toISOString(),
        lastActiveAt: s.updatedAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        current: s.id === options.currentSessionId,
      })),
    },
  };
}
