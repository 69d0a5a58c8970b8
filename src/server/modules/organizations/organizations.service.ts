import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../db/like.ts';
import type { Database } from '../../db/client.ts';
import { member, organization, user } from '../../db/schema/index.ts';
import { insertOrganizationWithAdmin } from '../../auth/organizations.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { httpError, notFound, taken } from '../../http/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import {
  ORGANIZATION_MESSAGES as M,
  type CurrentOrganization,
  type MemberDto,
  type MemberListQuery,
  type MyOrganization,
  type OrganizationDto,
} from '../../../shared/schemas/organization.ts';
import type { Page } from '../../../shared/schemas/pagination.ts';
import { readPage } from '../../http/paging.ts';
import { memberLeft } from '../../notifications/events.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const slugTaken = () => taken('ORGANIZATION_SLUG_TAKEN', M.slugTaken, 'slug');
const lastAdmin = () => httpError('LAST_ADMIN_OF_ORGANIZATION', M.lastAdmin);

/** Serialises membership changes of one organisation (last-admin checks stay true). */
export const lockMembers = (tx: Tx, orgId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`org-members:${orgId}`}))`);

// Qualified names on purpose: inside the subquery a bare "id" would mean members.id.
const memberCount =
  sql<number>`(select count(*) from "members" m where m."organization_id" = "organizations"."id")`.mapWith(
    Number,
  );

export async function listMyOrganizations(db: Database, userId: string): Promise<MyOrganization[]> {
  const rows = await db
    .select({ org: organization, role: member.role, memberCount })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt));
  return rows.map((r) => toOrganizationDto(r.org, r.memberCount, r.role));
}

const adminCountSql =
  sql<number>`(select count(*) from "members" m where m."organization_id" = "organizations"."id" and m."role" = 'admin')`.mapWith(
    Number,
  );

/**
 * The organisation, with how many admins it has (the page protects the last one) and `role`,
 * the caller's there.
 */
export async function getOrganization(
  db: Database,
  scope: OrgScope,
  role: string | null,
): Promise<CurrentOrganization> {
  const [row] = await db
    .select({ org: organization, memberCount, adminCount: adminCountSql })
    .from(organization)
    .where(eq(organization.id, scope.organizationId));
  if (!row) throw notFound('Organization not found');
  return { ...toOrganizationDto(row.org, row.memberCount, role), adminCount: row.adminCount };
}

function toOrganizationDto<R extends string | null>(
  org: typeof organization.$inferSelect,
  members: number,
  role: R,
): OrganizationDto & { role: R } {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    logo: org.logo,
    createdAt: org.createdAt.toISOString(),
    memberCount: members,
    role,
  };
}

export async function createOrganization(
  db: Database,
  actor: AuditActor & { id: string },
  input: { name: string; slug?: string },
): Promise<CurrentOrganization> {
  try {
    const org = await db.transaction(async (tx) => {
      const created = await insertOrganizationWithAdmin(tx, { ...input, userId: actor.id });
      await recordAudit(tx, actor, {
        organizationId: created.id,
        action: 'organization.create',
        targetType: 'organization',
        targetId: created.id,
        after: input,
      });
      return created;
    });
    return getOrganization(db, { organizationId: org.id }, 'admin');
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function updateOrganization(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  input: { name?: string; slug?: string; logo?: string | null },
): Promise<void> {
  const orgId = scope.organizationId;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(organization).where(eq(organization.id, orgId));
      if (!before) throw notFound('Organization not found');
      await tx.update(organization).set(input).where(eq(organization.id, orgId));
      await recordAudit(tx, actor, {
        organizationId: orgId,
        action: 'organization.update',
        targetType: 'organization',
        targetId: orgId,
        before: { name: before.name, slug: before.slug, logo: before.logo },
        after: input,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function deleteOrganization(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  confirmName: string,
): Promise<void> {
  const orgId = scope.organizationId;
  await db.transaction(async (tx) => {
    const [org] = await tx.select().from(organization).where(eq(organization.id, orgId));
    if (!org) throw notFound('Organization not found');
    if (confirmName !== org.name) {
      throw httpError('VALIDATION_ERROR', M.confirmName, { confirmName: [M.confirmName] });
    }
    await recordAudit(tx, actor, {
      organizationId: null,
      action: 'organization.delete',
      targetType: 'organization',
      targetId: orgId,
      before: { name: org.name, slug: org.slug },
    });
    await tx.delete(organization).where(eq(organization.id, orgId));
  });
}

export async function listMembers(
  db: Database,
  scope: OrgScope,
  query: MemberListQuery,
): Promise<Page<MemberDto>> {
  const term = query.search?.trim();
  const where = and(
    eq(member.organizationId, scope.organizationId),
    term
      ? or(ilike(user.name, containsPattern(term)), ilike(user.email, containsPattern(term)))
      : undefined,
  );
  const { rows, ...page } = await readPage(
    query,
    (range) =>
      db
        .select({ member, name: user.name, email: user.email, image: user.image })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(where)
        .orderBy(asc(user.name), asc(member.id))
        .limit(range.limit)
        .offset(range.offset),
    db
      .select({ total: count() })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(where),
  );
  return {
    items: rows.map((r) => ({
      id: r.member.id,
      userId: r.member.userId,
      name: r.name,
      email: r.email,
      avatar: r.image ?? '',
      role: r.member.role,
      joinedAt: r.member.createdAt.toISOString(),
    })),
    ...page,
  };
}

async function adminCount(tx: Tx, orgId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(member)
    .where(and(eq(member.organizationId, orgId), eq(member.role, 'admin')));
  return row?.n ?? 0;
}

async function findMember(tx: Tx, orgId: string, where: ReturnType<typeof eq>) {
  const [row] = await tx
    .select()
    .from(member)
    .where(and(eq(member.organizationId, orgId), where));
  if (!row) throw notFound('Member not found');
  return row;
}

export async function changeMemberRole(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  memberId: string,
  role: string,
): Promise<void> {
  const orgId = scope.organizationId;
  await db.transaction(async (tx) => {
    await lockMembers(tx, orgId);
    const target = await findMember(tx, orgId, eq(member.id, memberId));
    if (target.role === role) return;
    if (target.role === 'admin' && (await adminCount(tx, orgId)) <= 1) throw lastAdmin();
    await tx.update(member).set({ role }).where(eq(member.id, memberId));
    await recordAudit(tx, actor, {
      organizationId: orgId,
      action: 'member.role_change',
      targetType: 'member',
      targetId: target.userId,
      before: { role: target.role },
      after: { role },
    });
  });
}

/** Removes a member (or, with `leaving`, the caller themself); never the last admin. */
export async function removeMember(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  selector: { memberId: string } | { userId: string },
): Promise<void> {
  const orgId = scope.organizationId;
  await db.transaction(async (tx) => {
    await lockMembers(tx, orgId);
    const target = await findMember(
      tx,
      orgId,
      'memberId' in selector
        ? eq(member.id, selector.memberId)
        : eq(member.userId, selector.userId),
    );
    if (target.role === 'admin' && (await adminCount(tx, orgId)) <= 1) throw lastAdmin();
    await tx.delete(member).where(eq(member.id, target.id));
    await memberLeft(tx, {
      organizationId: orgId,
      userId: target.userId,
      actorId: actor.id,
      removed: !('userId' in selector),
    });
    await recordAudit(tx, actor, {
      organizationId: orgId,
      action: 'userId' in selector ? 'member.leave' : 'member.remove',
      targetType: 'member',
      targetId: target.userId,
      before: { role: target.role },
    });
  });
}
