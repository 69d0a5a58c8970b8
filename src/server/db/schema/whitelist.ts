import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Addresses allowed to create an account while the sign-up whitelist is on: an exact e-mail
 * (`ada@example.com`) or a whole domain (`@example.com`), stored lower-case.
 * The export names are also Better Auth model names (see auth/access-policy.ts), so the
 * sign-up check can read them inside Better Auth's own transaction.
 */
export const whitelistEntry = pgTable('whitelist_entries', {
  id: uuid('id').primaryKey().defaultRandom(),
  pattern: text('pattern').notNull().unique(),
  note: text('note').notNull().default(''),
  createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Global settings of the application, one JSON value per key (e.g. `whitelist`). */
export const appSetting = pgTable('app_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
