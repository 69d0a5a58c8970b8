import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed password sign-ins per e-mail address, from any client address (src/server/auth/
 * sign-in-throttle.ts). Keyed by the address typed, whether or not an account has it, so that
 * a lock tells nobody which addresses have accounts.
 */
export const signInThrottle = pgTable('sign_in_throttles', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
