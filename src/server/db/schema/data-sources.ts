import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DATA_SOURCE_TYPES } from '../../../shared/schemas/data-sources.ts';
import { organization, user } from './auth.ts';
import { projects } from './projects.ts';

/**
 * A connection to an organisation's data: a PostgreSQL or MySQL/MariaDB database, an HTTP API,
 * or an uploaded CSV/JSON file. `config` holds the settings that are not secret (host, port,
 * database, user, TLS mode, base address, header names; for a file its inferred columns);
 * `secret` holds the password, bearer token or authentication header value, encrypted with
 * AES-256-GCM (src/server/secret.ts), never returned by the API. Soft-deleted through `deleted_at`.
 */
export const dataSources = pgTable(
  'data_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: DATA_SOURCE_TYPES }).notNull(),
    config: jsonb('config').notNull(),
    secret: text('secret'),
    /**
     * PostgreSQL: an organisation admin accepted that the source's role may reach the database
     * server's files or programs, so every member may query it. Cleared when the host, port,
     * database or user changes.
     */
    privilegedRoleAcceptedAt: timestamp('privileged_role_accepted_at', { withTimezone: true }),
    privilegedRoleAcceptedBy: uuid('privileged_role_accepted_by').references(() => user.id, {
      onDelete: 'set null',
    }),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // One live data source per name (case-insensitive) in an organisation; also serves the
    // list (a few dozen sources per organisation, sorted by name by default).
    uniqueIndex('data_sources_org_name_unique')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    check('data_sources_type_check', sql`${t.type} in ('postgres', 'mysql', 'http', 'file')`),
  ],
);

/** Which projects use which data sources (both of the same organisation). */
export const projectDataSources = pgTable(
  'project_data_sources',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    dataSourceId: uuid('data_source_id')
      .notNull()
      .references(() => dataSources.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.dataSourceId] }),
    index('project_data_sources_source_idx').on(t.dataSourceId),
    index('project_data_sources_org_idx').on(t.organizationId),
  ],
);

/**
 * The rows of an uploaded file, one JSON object per row (keys are the file's column names,
 * values typed as inferred). Reached only through their data source, whose organisation every
 * query checks first; they carry no organization_id of their own so that a 50 MB file does not
 * pay for a second index (they go with their data source, which goes with its organisation).
 */
export const dataSourceFileRows = pgTable(
  'data_source_file_rows',
  {
    dataSourceId: uuid('data_source_id')
      .notNull()
      .references(() => dataSources.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dataSourceId, t.rowNumber] })],
);
