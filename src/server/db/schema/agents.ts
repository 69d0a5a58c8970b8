import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
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
import { projects } from './projects.ts';
import { RUN_STATUSES, RUN_TRIGGERS } from '../../../shared/schemas/runs.ts';

/**
 * An OpenAI-compatible model provider of one organisation (AGENTS.md, "Model providers").
 * `secret` is the API key and the extra headers' values as encrypted JSON (src/server/secret.ts),
 * never returned; `header_names` keeps the names for display. `models` lists the models with
 * their prices per million tokens. Soft-deleted through `deleted_at`.
 */
export const modelProviders = pgTable(
  'model_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('openai-compatible'),
    baseUrl: text('base_url').notNull(),
    secret: text('secret'),
    headerNames: jsonb('header_names').$type<string[]>().notNull().default([]),
    /** `[{ id, inputPrice, outputPrice }]`, prices in the organisation's currency per million tokens. */
    models: jsonb('models')
      .$type<{ id: string; inputPrice: number | null; outputPrice: number | null }[]>()
      .notNull()
      .default([]),
    defaultModel: text('default_model'),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('model_providers_org_name_unique')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    check('model_providers_kind_check', sql`${t.kind} in ('openai-compatible')`),
  ],
);

/**
 * An agent: a draft graph that editors save with a revision check, and the number of its
 * published version (null while it was never published). Soft-deleted through `deleted_at`.
 */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Stable, unique in the organisation: `agent:<slug>` on the OpenAI-compatible endpoint. */
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default('robot'),
    colour: text('colour').notNull().default('primary'),
    draft: jsonb('draft').notNull(),
    /** Increases with every draft save; a save names the revision it started from (If-Match). */
    revision: integer('revision').notNull().default(1),
    publishedVersion: integer('published_version'),
    chatEnabled: boolean('chat_enabled').notNull().default(true),
    /** Webhook trigger (AGENTS.md, "Triggers"): the URL's token and the optional HMAC key, both encrypted. */
    webhookToken: text('webhook_token'),
    webhookSigningSecret: text('webhook_signing_secret'),
    /** Runs of this agent that may execute at once (null: only the organisation's limit). */
    maxConcurrentRuns: integer('max_concurrent_runs'),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agents_org_slug_unique')
      .on(t.organizationId, t.slug)
      .where(sql`${t.deletedAt} is null`),
    index('agents_org_updated_idx')
      .on(t.organizationId, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('agents_project_idx').on(t.projectId),
  ],
);

/** An immutable published snapshot of an agent's graph. */
export const agentVersions = pgTable(
  'agent_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    note: text('note').notNull().default(''),
    graph: jsonb('graph').notNull(),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agent_versions_agent_number_unique').on(t.agentId, t.number)],
);

/** One run of an agent (AGENTS.md, "Runs and steps"). `version` is null for a draft run. */
export const agentRuns = pgTable(
  'agent_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    version: integer('version'),
    trigger: text('trigger', { enum: RUN_TRIGGERS }).notNull(),
    callerId: uuid('caller_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status', { enum: RUN_STATUSES }).notNull().default('queued'),
    input: jsonb('input'),
    output: jsonb('output'),
    error: text('error'),
    /** The run this one replays (retry from a failed step) and the step it starts at. */
    replayOf: uuid('replay_of'),
    replayFrom: text('replay_from'),
    conversationId: uuid('conversation_id'),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    cost: doublePrecision('cost').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // Keyset paging of an agent's runs, newest first; and of an organisation's.
    index('agent_runs_agent_created_idx').on(t.agentId, t.createdAt, t.id),
    index('agent_runs_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    // The queue's concurrency limits count an organisation's (and an agent's) live runs.
    index('agent_runs_live_idx')
      .on(t.organizationId, t.agentId)
      .where(sql`${t.status} in ('queued', 'running')`),
    check(
      'agent_runs_status_check',
      sql`${t.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`,
    ),
  ],
);

/** One step (one attempt of one node) of a run, with capped and redacted input and output. */
export const agentRunSteps = pgTable(
  'agent_run_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => agentRuns.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    nodeType: text('node_type').notNull(),
    status: text('status').notNull(),
    attempt: integer('attempt').notNull().default(1),
    input: jsonb('input'),
    inputTruncated: boolean('input_truncated').notNull().default(false),
    output: jsonb('output'),
    outputTruncated: boolean('output_truncated').notNull().default(false),
    error: text('error'),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
  },
  (t) => [index('agent_run_steps_run_idx').on(t.runId, t.startedAt)],
);

/** A chat conversation of one user with one agent. */
export const agentConversations = pgTable(
  'agent_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('agent_conversations_user_idx')
      .on(t.userId, t.agentId, t.updatedAt)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A message of a conversation; an assistant message names the run that produced it. */
export const agentMessages = pgTable(
  'agent_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => agentConversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    runId: uuid('run_id').references(() => agentRuns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** An organisation's settings for agents: how long run logs are kept (days, default 30). */
export const agentSettings = pgTable(
  'agent_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organization.id, { onDelete: 'cascade' }),
    runRetentionDays: integer('run_retention_days').notNull().default(30),
    /** Queued runs of the organisation that may execute at once. */
    maxConcurrentRuns: integer('max_concurrent_runs').notNull().default(10),
    /** Monthly budget (null: none) in tokens (in + out) or in cost (the providers' currency). */
    monthlyTokenBudget: bigint('monthly_token_budget', { mode: 'number' }),
    monthlyCostBudget: doublePrecision('monthly_cost_budget'),
    /** The month (`YYYY-MM`) whose budget the admins were told was reached, so they hear it once. */
    budgetNotifiedMonth: text('budget_notified_month'),
    /** Requests per minute one API key may make. */
    apiKeyRateLimit: integer('api_key_rate_limit').notNull().default(600),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('agent_settings_retention_check', sql`${t.runRetentionDays} between 1 and 3650`),
    check('agent_settings_concurrency_check', sql`${t.maxConcurrentRuns} between 1 and 1000`),
  ],
);
