import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema/index.ts';
import type { Auth } from './auth.ts';
import { createOrganizationWithAdmin } from './organizations.ts';

export type SeedResult = { email: string; password: string; generatedPassword: boolean } | null;

/**
 * On an empty database, creates the first super admin (verified, with a password) and a demo
 * organisation they administer. Returns the credentials to print once, or null when users exist.
 * A generated password is a one-time password: its owner must choose their own after signing in.
 */
export async function seedFirstStart(
  db: Database,
  auth: Auth,
  seed: { email: string | undefined; password: string | undefined },
): Promise<SeedResult> {
  const [row] = await db.select({ n: count() }).from(user);
  if ((row?.n ?? 0) > 0) return null;

  const email = (seed.email ?? 'admin@meridian.local').toLowerCase();
  const password = seed.password ?? randomBytes(12).toString('base64url');
  const ctx = await auth.$context;
  // Inserted directly: Better Auth's createUser runs the sign-up policy (access-policy.ts),
  // which needs a request; the first super admin is always allowed.
  const [created] = await db
    .insert(user)
    .values({
      email,
      name: 'Administrator',
      emailVerified: true,
      superAdmin: true,
      passwordChangeRequired: !seed.password,
    })
    .returning({ id: user.id });
  if (!created) throw new Error('seed user insert returned nothing');
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await ctx.password.hash(password),
  });
  await createOrganizationWithAdmin(db, { name: 'Demo organization', userId: created.id });
  return { email, password, generatedPassword: !seed.password };
}
