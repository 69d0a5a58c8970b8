/**
 * The agent graph (AGENTS.md, "The graph"): React Flow's shape with a configuration per node
 * type, and the rules a graph must follow before it can be published. The server checks it on
 * save and publish; the builder checks it live.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';

export const NODE_TYPES = [
  'start',
  'llm',
  'datasource_query',
  'http_request',
  'transform',
  'condition',
  'send_email',
  'output',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export const NODE_ID_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
export const ERROR_HANDLE = 'error';
export const ELSE_HANDLE = 'else';

const nodeId = z
  .string()
  .regex(NODE_ID_PATTERN, { error: 'Use lower-case letters, digits and _ (start with a letter)' });
const text = (max = 20_000) => z.string().max(max).default('');

/** Settings every node has: a label, a time-out, retries and what to do on an error. */
const common = {
  label: z.string().max(200).optional(),
  timeoutMs: z.number().int().min(100).max(600_000).optional(),
  retries: z
    .object({
      max: z.number().int().min(0).max(10),
      backoffMs: z.number().int().min(0).max(60_000).default(1000),
    })
    .optional(),
  onError: z.enum(['fail', 'continue', 'handle']).default('fail'),
};

export const START_INPUT_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export const startInputSchema = z.object({
  name: z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/, { error: 'Use letters, digits and _' }),
  type: z.enum(START_INPUT_TYPES),
  required: z.boolean().default(false),
  description: z.string().max(500).default(''),
});
export type StartInput = z.infer<typeof startInputSchema>;

const startData = z.object({
  ...common,
  /** `chat`: the inputs are `message` and `history`; `fields`: the typed inputs below. */
  mode: z.enum(['chat', 'fields']).default('fields'),
  inputs: z.array(startInputSchema).max(50).default([]),
});

export const httpToolSchema = z.object({
  name: z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/),
  description: z.string().max(1000).default(''),
  method: z.enum(['GET', 'POST']).default('GET'),
  url: z.string().max(2000),
});

const llmData = z.object({
  ...common,
  providerId: z.string().default(''),
  model: z.string().max(200).default(''),
  system: text(),
  prompt: text(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().min(1).max(200_000).optional(),
  /** A JSON schema the answer must follow (the output's `json`), or none for plain text. */
  jsonSchema: z.record(z.string(), z.unknown()).optional(),
  tools: z
    .object({
      dataSourceIds: z.array(z.string()).max(20).default([]),
      http: z.array(httpToolSchema).max(20).default([]),
    })
    .default({ dataSourceIds: [], http: [] }),
  maxToolRounds: z.number().int().min(0).max(20).default(4),
});

const headerRow = z.object({ name: z.string().max(200), value: z.string().max(4000) });

const datasourceQueryData = z.object({
  ...common,
  dataSourceId: z.string().default(''),
  /** SQL with named parameters (`:name`), each bound from a template, never pasted in. */
  sql: text(),
  params: z.record(z.string(), z.string().max(4000)).default({}),
  /** HTTP sources: the path to GET; file sources: a filter. */
  path: z.string().max(2000).optional(),
  filter: z.string().max(2000).optional(),
});

const httpRequestData = z.object({
  ...common,
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('GET'),
  url: z.string().max(2000).default(''),
  headers: z.array(headerRow).max(50).default([]),
  body: text(100_000),
  responseMaxBytes: z.number().int().min(1).max(10_000_000).optional(),
});

const transformData = z.object({ ...common, expression: text() });

export const conditionCaseSchema = z.object({
  id: nodeId,
  label: z.string().max(200).default(''),
  expression: text(),
});
const conditionData = z.object({
  ...common,
  cases: z.array(conditionCaseSchema).max(20).default([]),
});

const sendEmailData = z.object({
  ...common,
  /** Addresses or templates that give addresses. */
  to: z.array(z.string().max(500)).max(50).default([]),
  subject: z.string().max(1000).default(''),
  body: text(),
});

const outputData = z.object({
  ...common,
  /** `text`: a template (chat, OpenAI endpoint); `json`: a mapping of templates (API, webhook). */
  mode: z.enum(['text', 'json']).default('text'),
  text: text(),
  json: z.record(z.string(), z.unknown()).default({}),
});

const position = z.object({ x: z.number(), y: z.number() });
const nodeOf = <T extends NodeType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ id: nodeId, type: z.literal(type), position, data });

export const agentNodeSchema = z.discriminatedUnion('type', [
  nodeOf('start', startData),
  nodeOf('llm', llmData),
  nodeOf('datasource_query', datasourceQueryData),
  nodeOf('http_request', httpRequestData),
  nodeOf('transform', transformData),
  nodeOf('condition', conditionData),
  nodeOf('send_email', sendEmailData),
  nodeOf('output', outputData),
]);
export type AgentNode = z.infer<typeof agentNodeSchema>;
export type NodeOfType<T extends NodeType> = Extract<AgentNode, { type: T }>;

export const agentEdgeSchema = z.object({
  id: z.string().min(1).max(200),
  source: nodeId,
  sourceHandle: z.string().max(100).nullish(),
  target: nodeId,
  targetHandle: z.string().max(100).nullish(),
});
export type AgentEdge = z.infer<typeof agentEdgeSchema>;

export const MAX_NODES = 200;

export const agentGraphSchema = z.object({
  schemaVersion: z.literal(1),
  nodes: z.array(agentNodeSchema).max(MAX_NODES),
  edges: z.array(agentEdgeSchema).max(MAX_NODES * 4),
});
export type AgentGraph = z.infer<typeof agentGraphSchema>;

/** A start and an output, connected: what a blank agent begins with. */
export function emptyGraph(): AgentGraph {
  return agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } },
      {
        id: 'reply',
        type: 'output',
        position: { x: 320, y: 0 },
        data: { mode: 'text', text: '{{ input.message }}' },
      },
    ],
    edges: [{ id: 'start-reply', source: 'start', target: 'reply' }],
  });
}
