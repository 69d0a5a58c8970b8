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

/** The name as a slug: lower-case ASCII letters and digits joined by hyphens ("org" if none). */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return base || 'org';
}

/** Slugs tried in turn for a name: the plain slug, then numbered, then with a random suffix. */
function slugCandidates(name: string): string[] {
  const base = slugify(name);
  const numbered = [2, 3, 4, 5].map((n) => `${base}-${n}`);
  const random = [1, 2, 3].map(() => `${base}-${randomBytes(3).toString('hex')}`);
  return [base, ...numbered, ...random];
}

/**
 * Inserts the organisation and makes `userId` its admin. A chosen slug that is taken fails with
 * a unique violation (the caller says so); without one, the first free slug derived from the
 * name is taken (ON CONFLICT DO NOTHING, so a race for it does not abort the transaction).
 */
export async function insertOrganizationWithAdmin(
  tx: Pick<Database, 'insert'>,
  input: { name: string; userId: string; slug?: string },
): Promise<{ id: string }> {
  let org: { id: string } | undefined;
  if (input.slug !== undefined) {
    [org] = await tx
      .insert(organization)
      .values({ name: input.name, slug: input.slug })
      .returning({ id: organization.id });
  } else {
    for (const slug of slugCandidates(input.name)) {
      [org] = await tx
        .insert(organization)
        .values({ name: input.name, slug })
        .onConflictDoNothing({ target: organization.slug })
        .returning({ id: organization.id });
      if (org) break;
    }
  }
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
