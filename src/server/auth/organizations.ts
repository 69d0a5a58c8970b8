import { asc, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { member, organization } from '../db/schema/index.ts';
import type { Membership } from '../../shared/schemas/organization.ts';

/** The caller's organisations, oldest membership first (the first is the default selection). */
export async function membershipsOf(db: Database, userId: string): Promise<Membership[]> {
  return db
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      logo: organization.logo,
      role: member.role,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt), asc(organization.name));
}

export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'org'}-${randomBytes(3).toString('hex')}`;
}

export async function insertOrganizationWithAdmin(
  tx: Pick<Database, 'insert'>,
  input: { name: string; userId: string; slug?: string },
): Promise<{ id: string }> {
  const [org] = await tx
    .insert(organization)
    .values({ name: input.name, slug: input.slug ?? slugify(input.name) })
    .returning({ id: organization.id });
  if (!org) throw new Error('organization insert returned nothing');
  await tx.insert(member).values({ organizationId: org.id, userId: input.userId, role: 'admin' });
  return org;
}

/** Creates an organisation with `userId` as its admin, in one transaction. */
export function createOrganizationWithAdmin(
  db: Database,
  input: { name: string; userId: string },
): Promise<{ id: string }> {
  return db.transaction((tx) => insertOrganizationWithAdmin(tx, input));
}

/**
 * Returns the user's first organisation, creating one (user as admin) when they have none.
 * An advisory lock per user makes concurrent calls return the same organisation.
 */
export async function ensureOwnOrganization(
  db: Database,
  user: { id: string; name: string },
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`org-setup:${user.id}`}))`);
    const [existing] = await tx
      .select({ id: member.organizationId })
      .from(member)
      .where(eq(member.userId, user.id))
      .orderBy(asc(member.createdAt))
      .limit(1);
    if (existing) return { id: existing.id, created: false };
    const org = await insertOrganizationWithAdmin(tx, {
      name: `${user.name}'s organization`,
      userId: user.id,
    });
    return { id: org.id, created: true };
  });
}
