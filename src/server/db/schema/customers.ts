import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CUSTOMER_ACTIVITY_TYPES, CUSTOMER_STATUSES } from '../../../shared/schemas/customers.ts';
import { organization, user } from './auth.ts';

/**
 * The text searched by the customer list: name, e-mail and company in one string, so that one
 * trigram index serves the search box. `customerSearchText` below must stay identical.
 */
export const CUSTOMER_SEARCH_SQL = sql.raw(
  `(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(company, ''))`,
);

/** A customer (CRM record) of one organisation; soft-deleted through `deleted_at`. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull().default('lead'),
    value: numeric('value', { precision: 14, scale: 2 }).notNull().default('0'),
    ownerId: uuid('owner_id').references(() => user.id, { onDelete: 'set null' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => {
    const live = sql`${t.deletedAt} is null`;
    return [
      // Default list order and the dashboard's date ranges.
      index('customers_org_created_idx').on(t.organizationId, t.createdAt, t.id).where(live),
      // Sortable columns (ties broken by id for stable pages).
      index('customers_org_name_idx').on(t.organizationId, t.name, t.id).where(live),
      index('customers_org_value_idx').on(t.organizationId, t.value, t.id).where(live),
      index('customers_org_updated_idx').on(t.organizationId, t.updatedAt, t.id).where(live),
      // Status filter, and the dashboard's GROUP BY status (index-only with value).
      index('customers_org_status_idx')
        .on(t.organizationId, t.status, t.createdAt, t.value)
        .where(live),
      index('customers_org_owner_idx').on(t.organizationId, t.ownerId).where(live),
      // The few deleted customers, for anti-joins (dashboard churn).
      index('customers_org_deleted_idx')
        .on(t.organizationId, t.id)
        .where(sql`${t.deletedAt} is not null`),
      index('customers_tags_idx').using('gin', t.tags),
      index('customers_search_trgm_idx').using('gin', sql`${CUSTOMER_SEARCH_SQL} gin_trgm_ops`),
      // One live customer per e-mail address (case-insensitive) in an organisation.
      uniqueIndex('customers_org_email_unique')
        .on(t.organizationId, sql`lower(${t.email})`)
        .where(sql`${t.deletedAt} is null and ${t.email} is not null`),
      check(
        'customers_status_check',
        sql`${t.status} in ('lead', 'prospect', 'active', 'churned')`,
      ),
    ];
  },
);

/**
 * The same text in a query (columns qualified), so that the planner uses the trigram index:
 * `customerSearchText ilike '%term%'`.
 */
export const customerSearchText = sql`(coalesce(${customers.name}, '') || ' ' || coalesce(${customers.email}, '') || ' ' || coalesce(${customers.company}, ''))`;

/** The timeline of one customer: created, field changes, status changes and notes. */
export const customerActivities = pgTable(
  'customer_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: CUSTOMER_ACTIVITY_TYPES }).notNull(),
    actorId: uuid('actor_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body'),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    /** For 'updated': the names of the changed fields. */
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_activities_customer_idx').on(t.customerId, t.createdAt),
    // The dashboard's latest activity: newest first, ties (one import, one bulk action share a
    // timestamp) broken by id, so the first rows of the index are the answer.
    index('customer_activities_org_created_id_idx').on(t.organizationId, t.createdAt, t.id),
    check(
      'customer_activities_type_check',
      sql`${t.type} in ('created', 'updated', 'status_change', 'note')`,
    ),
  ],
);

/** `owner_key` of customers without an owner in `customer_stats`. */
export const NO_OWNER_KEY = '00000000-0000-0000-0000-000000000000';

/**
 * How many live customers, and their total value, each organisation has per status and owner.
 * Kept by statement-level triggers on `customers` (migration 0008), so totals and dashboard
 * breakdowns read a handful of rows instead of scanning every customer.
 */
export const customerStats = pgTable(
  'customer_stats',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull(),
    /** The owner's user id, or NO_OWNER_KEY. */
    ownerKey: uuid('owner_key').notNull(),
    customers: integer('customers').notNull(),
    value: numeric('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.status, t.ownerKey] })],
);

/**
 * How many live customers of each organisation were created on each UTC day, and how many times
 * live customers were moved to churned that day (status changes in their timeline). Kept by the
 * same triggers as `customer_stats` and by one on `customer_activities` (migrations 0008, 0011),
 * so new customers per week and churn in a range read at most one row per day.
 */
export const customerDailyStats = pgTable(
  'customer_daily_stats',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    customers: integer('customers').notNull(),
    churned: integer('churned').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);
