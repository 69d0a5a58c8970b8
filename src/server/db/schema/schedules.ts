import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';
import { agentRuns, agents } from './agents.ts';

/**
 * A schedule of an agent's published version (AGENTS.md, "Scheduler"): a cron expression, a
 * fixed interval or one date, in a time zone, with catch-up and overlap policies.
 * `disabled_reason` says why the system (not a person) turned it off, e.g. `agent_deleted`.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['cron', 'interval', 'once'] }).notNull(),
    cron: text('cron'),
    intervalSeconds: integer('interval_seconds'),
    runAt: timestamp('run_at', { withTimezone: true }),
    timeZone: text('time_zone').notNull().default('UTC'),
    input: jsonb('input').notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    catchUp: text('catch_up', { enum: ['skip', 'once', 'all'] })
      .notNull()
      .default('skip'),
    catchUpLimit: integer('catch_up_limit').notNull().default(10),
    overlap: text('overlap', { enum: ['skip', 'queue', 'allow'] })
      .notNull()
      .default('skip'),
    retries: integer('retries').notNull().default(0),
    notifyOnFailure: boolean('notify_on_failure').notNull().default(true),
    /** The next fire time computed when the schedule was last saved or fired (null: none left). */
    nextFireAt: timestamp('next_fire_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedules_org_idx').on(t.organizationId, t.createdAt),
    index('schedules_agent_idx').on(t.agentId),
    index('schedules_due_idx')
      .on(t.nextFireAt)
      .where(sql`${t.enabled}`),
    check('schedules_kind_check', sql`${t.kind} in ('cron', 'interval', 'once')`),
    check('schedules_catch_up_check', sql`${t.catchUp} in ('skip', 'once', 'all')`),
    check('schedules_overlap_check', sql`${t.overlap} in ('skip', 'queue', 'allow')`),
  ],
);

/**
 * One fire of a schedule, unique on (schedule, fire time) so that however many processes claim
 * due fires (`FOR UPDATE SKIP LOCKED`), each fire enqueues exactly one run.
 * `status`: `pending` → `enqueued` (run_id set) or `skipped` (overlap/catch-up, `reason` says why).
 */
export const scheduleFires = pgTable(
  'schedule_fires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    fireAt: timestamp('fire_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'enqueued', 'skipped'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    runId: uuid('run_id').references(() => agentRuns.id, { onDelete: 'set null' }),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('schedule_fires_schedule_time_unique').on(t.scheduleId, t.fireAt),
    index('schedule_fires_pending_idx')
      .on(t.fireAt)
      .where(sql`${t.status} = 'pending'`),
    index('schedule_fires_org_time_idx').on(t.organizationId, t.fireAt),
  ],
);
