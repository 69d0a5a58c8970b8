import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema/index.ts';

/** Grants the flag to every existing account listed in SUPER_ADMIN_EMAILS. */
export async function grantConfiguredSuperAdmins(db: Database, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .update(user)
    .set({ superAdmin: true })
    .where(and(inArray(sql`lower(${user.email})`, emails), eq(user.superAdmin, false)));
}

export class LastSuperAdminError extends Error {
  constructor() {
    super('The last super admin cannot lose the flag');
  }
}

/** Sets or clears the flag of the account with this e-mail; returns false when there is none. */
export async function setSuperAdmin(db: Database, email: string, value: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('super-admin-flag'))`);
    const [target] = await tx
      .select({ id: user.id, superAdmin: user.superAdmin })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
    if (!target) return false;
    if (!value && target.superAdmin) {
      const [row] = await tx.select({ n: count() }).from(user).where(eq(user.superAdmin, true));
      if ((row?.n ?? 0) <= 1) throw new LastSuperAdminError();
    }
    await tx.update(user).set({ superAdmin: value }).where(eq(user.id, target.id));
    return true;
  });
}
