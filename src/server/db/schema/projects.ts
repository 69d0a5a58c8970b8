import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PROJECT_STATUSES } from '../../../shared/schemas/projects.ts';
import { organization, user } from './auth.ts';

/** A project of one organisation; soft-deleted through `deleted_at`. */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    colour: text('colour').notNull(),
    icon: text('icon').notNull(),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('active'),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // Lists: newest first within one organisation, live records only.
    index('projects_org_created_idx')
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('projects_org_status_idx')
      .on(t.organizationId, t.status)
      .where(sql`${t.deletedAt} is null`),
    // One live project per name (case-insensitive) in an organisation.
    uniqueIndex('projects_org_name_unique')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    // Search anywhere in the name (pg_trgm; migration 0005 creates the extension).
    index('projects_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('projects_status_check', sql`${t.status} in ('active', 'archived')`),
  ],
);

/**
 * How many live projects each organisation has per status. Kept by statement-level triggers on
 * `projects` (migration 0013), so list totals and the dashboard read two rows instead of counting.
 */
export const projectStats = pgTable(
  'project_stats',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PROJECT_STATUSES }).notNull(),
    projects: integer('projects').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.status] })],
);
