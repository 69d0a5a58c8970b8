/**
 * Runs of agents and their steps (AGENTS.md, "Runs and steps"): the start body, the list
 * query (keyset paging) and the shapes the API returns.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';

export const RUN_TRIGGERS = ['chat', 'test', 'api', 'webhook', 'schedule', 'openai'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type RunStatusValue = (typeof RUN_STATUSES)[number];

/** Limits of one run (steps, time) and of what a step log keeps. */
export const RUN_LIMITS = {
  maxSteps: 200,
  runTimeoutMs: 10 * 60 * 1000,
  nodeTimeoutMs: 2 * 60 * 1000,
  /** How long a start request waits for the result before answering with the run id. */
  waitMs: 30 * 1000,
  stepLogBytes: 64 * 1024,
} as const;

export const RUN_MESSAGES = {
  notFound: 'Run not found',
  stepNotFound: 'This run has no such step',
  notRunning: 'This run is not running',
  notRetryable: 'Only a failed run can be retried',
  inputInvalid: 'The input does not match the agent’s start step',
} as const;

/** POST /api/v1/agents/{id}/runs. */
export const runStartSchema = z.strictObject({
  input: z.record(z.string(), z.unknown()).default({}),
  /** Run the draft (the builder's test console) instead of the published version. */
  draft: z.boolean().default(false),
});
export type RunStart = z.output<typeof runStartSchema>;

/** How long a start request may wait for the result (`?wait=` seconds) before answering 202. */
export const RUN_WAIT_SECONDS = { default: RUN_LIMITS.waitMs / 1000, max: 120 } as const;

export const runStartQuerySchema = z.object({
  async: z.enum(['true', 'false']).optional(),
  wait: z.coerce.number().int().min(0).max(RUN_WAIT_SECONDS.max).optional(),
});

/** GET /api/v1/agents/{id}/runs: newest first, keyset paging by `cursor`. */
export const runListQuerySchema = z.strictObject({
  status: z.enum(RUN_STATUSES).optional(),
  trigger: z.enum(RUN_TRIGGERS).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type RunListQuery = z.output<typeof runListQuerySchema>;

export const runParamsSchema = z.object({ id: z.uuid(), runId: z.uuid() });
export const stepParamsSchema = runParamsSchema.extend({
  nodeId: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/),
});

const usage = { tokensIn: z.number().int(), tokensOut: z.number().int() };

export const runSummarySchema = z.object({
  id: z.string(),
  agentId: z.string(),
  version: z.number().int().nullable(),
  trigger: z.enum(RUN_TRIGGERS),
  status: z.enum(RUN_STATUSES),
  caller: z.object({ id: z.string(), name: z.string() }).nullable(),
  error: z.string().nullable(),
  ...usage,
  cost: z.number(),
  replayOf: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const runStepSchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  nodeType: z.string(),
  status: z.enum(['succeeded', 'failed', 'reused']),
  attempt: z.number().int(),
  input: z.unknown(),
  inputTruncated: z.boolean(),
  output: z.unknown(),
  outputTruncated: z.boolean(),
  error: z.string().nullable(),
  ...usage,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
export type RunStep = z.infer<typeof runStepSchema>;

export const runSchema = runSummarySchema.extend({
  input: z.unknown(),
  output: z.unknown(),
  steps: z.array(runStepSchema),
});
export type RunDto = z.infer<typeof runSchema>;

export const runPageSchema = z.object({
  items: z.array(runSummarySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type RunPage = z.infer<typeof runPageSchema>;

export const RUN_RETENTION_DAYS = { min: 1, max: 3650, default: 30 } as const;
export const RUN_RETENTION_MESSAGE = `Keep runs between ${RUN_RETENTION_DAYS.min} and ${RUN_RETENTION_DAYS.max} days`;

/** Runs of an organisation that execute at once (AGENTS.md, "Queue and processes"). */
export const MAX_CONCURRENT_RUNS = { min: 1, max: 1000, default: 10 } as const;
export const MAX_CONCURRENT_RUNS_MESSAGE = `Allow between ${MAX_CONCURRENT_RUNS.min} and ${MAX_CONCURRENT_RUNS.max} runs at once`;
export const BUDGET_MESSAGE = 'A budget is a positive number, or empty for none';

/** A budget: a positive number, or null (none); an empty form field is null. */
const budget = (integer: boolean) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.union([
      z.null(),
      (integer ? z.coerce.number().int(BUDGET_MESSAGE) : z.coerce.number({ error: BUDGET_MESSAGE }))
        .positive(BUDGET_MESSAGE)
        .max(1e15, BUDGET_MESSAGE),
    ]),
  );

/**
 * GET and PUT /api/v1/agent-settings: how many days an organisation keeps its run logs, how
 * many of its queued runs execute at once, and its monthly budget (tokens or cost, null: none).
 * A PUT without a field keeps its value.
 */
export const agentSettingsSchema = z.strictObject({
  runRetentionDays: z.coerce
    .number({ error: RUN_RETENTION_MESSAGE })
    .int(RUN_RETENTION_MESSAGE)
    .min(RUN_RETENTION_DAYS.min, RUN_RETENTION_MESSAGE)
    .max(RUN_RETENTION_DAYS.max, RUN_RETENTION_MESSAGE)
    .optional(),
  maxConcurrentRuns: z.coerce
    .number({ error: MAX_CONCURRENT_RUNS_MESSAGE })
    .int(MAX_CONCURRENT_RUNS_MESSAGE)
    .min(MAX_CONCURRENT_RUNS.min, MAX_CONCURRENT_RUNS_MESSAGE)
    .max(MAX_CONCURRENT_RUNS.max, MAX_CONCURRENT_RUNS_MESSAGE)
    .optional(),
  monthlyTokenBudget: budget(true).optional(),
  monthlyCostBudget: budget(false).optional(),
});
export type AgentSettings = z.output<typeof agentSettingsSchema>;
