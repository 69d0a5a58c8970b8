import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';

/** In-app notifications of one user, optionally tied to one organisation. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organization.id, {
      onDelete: 'cascade',
    }),
    /** What happened (`member.joined`, …): the web words it in the reader's language. */
    kind: text('kind').notNull(),
    /** What the sentence names (people, counts, ids); shape per kind in shared/schemas. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** Legacy English text of rows written before `kind` (kind `message`); null since. */
    title: text('title'),
    body: text('body'),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);
