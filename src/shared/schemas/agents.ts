/**
 * Agents (/agents, /agents/{id}): create, update, draft save, publish, versions, import and
 * export bodies, the list query and the shapes the API returns. The graph itself is
 * `agent-graph.ts`.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { agentGraphSchema } from './agent-graph.ts';
import type { GraphProblem } from '../engine/validate.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { searchQuerySchema, sortOrderSchema } from './query.ts';

export const AGENT_NAME_MAX = 100;
export const AGENT_DESCRIPTION_MAX = 2000;
export const AGENT_NOTE_MAX = 500;

export const AGENT_TEMPLATES = [
  'blank',
  'ask-database',
  'summarise-customers',
  'webhook-enrich',
] as const;
export type AgentTemplate = (typeof AGENT_TEMPLATES)[number];

export const AGENT_STATUSES = ['draft', 'published'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** Colours and icons an agent may show (the project choices' spirit, robots first). */
export const AGENT_COLOURS = [
  '#7367F0',
  '#28C76F',
  '#FF9F43',
  '#FF4C51',
  '#00BAD1',
  '#808390',
  '#E83E8C',
  '#0D9394',
] as const;
export const AGENT_ICONS = [
  'robot',
  'message-chatbot',
  'database-search',
  'mail',
  'webhook',
  'sparkles',
  'report-analytics',
  'users',
] as const;

export const AGENT_MESSAGES = {
  required: 'This field is required',
  nameMax: `Use at most ${AGENT_NAME_MAX} characters`,
  descriptionMax: `Use at most ${AGENT_DESCRIPTION_MAX} characters`,
  noteMax: `Use at most ${AGENT_NOTE_MAX} characters`,
  colour: 'Use a colour such as #7367F0',
  icon: 'Choose one of the offered icons',
  notFound: 'Agent not found',
  versionNotFound: 'Version not found',
  projectNotFound: 'Project not found',
  nothingToChange: 'Nothing to change',
  revisionConflict:
    'Someone else saved this agent since you opened it. Reload it to see their changes.',
  revisionRequired: 'Send the revision you started from in the If-Match header',
  graphInvalid: 'The agent has problems to fix before it can be published',
  notPublished: 'This agent has no published version yet',
  importInvalid: 'This file is not a Meridian agent export',
} as const;

const name = z
  .string({ error: AGENT_MESSAGES.required })
  .trim()
  .min(1, AGENT_MESSAGES.required)
  .max(AGENT_NAME_MAX, AGENT_MESSAGES.nameMax);
const description = z.string().trim().max(AGENT_DESCRIPTION_MAX, AGENT_MESSAGES.descriptionMax);
const colour = z.enum(AGENT_COLOURS, { error: AGENT_MESSAGES.colour });
const icon = z.enum(AGENT_ICONS, { error: AGENT_MESSAGES.icon });
const projectId = z.uuid({ error: AGENT_MESSAGES.projectNotFound }).nullable();

/** POST /api/v1/agents: a blank agent or one of the templates. */
export const agentCreateSchema = z.strictObject({
  name,
  description: description.default(''),
  projectId: projectId.default(null),
  colour: colour.default(AGENT_COLOURS[0]),
  icon: icon.default(AGENT_ICONS[0]),
  template: z.enum(AGENT_TEMPLATES).default('blank'),
  /** The model provider (and model) a template's model steps use; default: the first provider. */
  providerId: z.uuid().optional(),
  model: z.string().trim().min(1).max(200).optional(),
  /** The data source "Ask your database" and "Summarise new customers" query. */
  dataSourceId: z.uuid().optional(),
});
export type AgentCreateInput = z.input<typeof agentCreateSchema>;
export type AgentCreate = z.output<typeof agentCreateSchema>;

export const AGENT_MAX_CONCURRENT_RUNS_MESSAGE =
  'Allow between 1 and 1000 runs of this agent at once, or none for no limit of its own';

/** PATCH /api/v1/agents/{id}: the agent's card, not its graph. */
export const agentUpdateSchema = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    projectId: projectId.optional(),
    colour: colour.optional(),
    icon: icon.optional(),
    chatEnabled: z.boolean().optional(),
    /** Runs of this agent that execute at once (null: only the organisation's limit). */
    maxConcurrentRuns: z
      .number({ error: AGENT_MAX_CONCURRENT_RUNS_MESSAGE })
      .int(AGENT_MAX_CONCURRENT_RUNS_MESSAGE)
      .min(1, AGENT_MAX_CONCURRENT_RUNS_MESSAGE)
      .max(1000, AGENT_MAX_CONCURRENT_RUNS_MESSAGE)
      .nullable()
      .optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    error: AGENT_MESSAGES.nothingToChange,
  });
export type AgentUpdate = z.output<typeof agentUpdateSchema>;

/** PUT /api/v1/agents/{id}/draft (with `If-Match: <revision>`). */
export const agentDraftSchema = z.strictObject({ graph: agentGraphSchema });

/** POST /api/v1/agents/{id}/publish. */
export const agentPublishSchema = z.strictObject({
  note: z.string().trim().max(AGENT_NOTE_MAX, AGENT_MESSAGES.noteMax).default(''),
});

export const AGENT_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;

/** GET /api/v1/agents. */
export const agentListQuerySchema = pageQuerySchema.extend({
  search: searchQuerySchema,
  projectId: z.uuid().optional(),
  status: z.enum(AGENT_STATUSES).optional(),
  sort: z.enum(AGENT_SORT_FIELDS).default('updatedAt'),
  order: sortOrderSchema.default('desc'),
});
export type AgentListQuery = z.output<typeof agentListQuerySchema>;

const person = z.object({ id: z.string(), name: z.string() }).nullable();

/** An agent in lists: its card, status and revision, without the graph. */
export const agentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  colour: z.string(),
  icon: z.string(),
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(AGENT_STATUSES),
  publishedVersion: z.number().int().nullable(),
  revision: z.number().int(),
  chatEnabled: z.boolean(),
  /** Runs of this agent that execute at once (null: only the organisation's limit). */
  maxConcurrentRuns: z.number().int().nullable().optional(),
  createdBy: person,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AgentSummary = z.infer<typeof agentSummarySchema>;
export const agentPageSchema = pageSchema(agentSummarySchema);

const graphProblemSchema = z.object({
  nodeId: z.string().optional(),
  field: z.string().optional(),
  code: z.string(),
  message: z.string(),
});
export type AgentGraphProblem = GraphProblem;

/** One agent with its draft graph and the problems the draft has now. */
export const agentSchema = agentSummarySchema.extend({
  draft: agentGraphSchema,
  problems: z.array(graphProblemSchema),
});
export type AgentDto = z.infer<typeof agentSchema>;

/** The answer to a draft save: the new revision and the draft's problems. */
export const agentDraftSavedSchema = z.object({
  revision: z.number().int(),
  updatedAt: z.string(),
  problems: z.array(graphProblemSchema),
});

export const agentVersionSummarySchema = z.object({
  number: z.number().int(),
  note: z.string(),
  createdBy: person,
  createdAt: z.string(),
  published: z.boolean(),
});
export type AgentVersionSummary = z.infer<typeof agentVersionSummarySchema>;
export const agentVersionSchema = agentVersionSummarySchema.extend({ graph: agentGraphSchema });
export type AgentVersionDto = z.infer<typeof agentVersionSchema>;

export const agentVersionParamsSchema = z.object({
  id: z.uuid(),
  number: z.coerce.number().int().min(1),
});

/** The exported document: no ids of the organisation's providers or sources, only their names. */
export const AGENT_EXPORT_KIND = 'meridian.agent';
export const agentExportSchema = z.object({
  kind: z.literal(AGENT_EXPORT_KIND),
  schemaVersion: z.literal(1),
  agent: z.object({
    name,
    description: description.default(''),
    colour: colour.default(AGENT_COLOURS[0]),
    icon: icon.default(AGENT_ICONS[0]),
  }),
  graph: agentGraphSchema,
  /** Node id → the names of the provider and data sources it used, for the import to map. */
  references: z
    .record(
      z.string(),
      z.object({ provider: z.string().optional(), dataSources: z.array(z.string()).optional() }),
    )
    .default({}),
});
export type AgentExport = z.infer<typeof agentExportSchema>;

/** POST /api/v1/agents/import. */
export const agentImportSchema = z.strictObject({
  document: z.unknown(),
  projectId: projectId.default(null),
});
