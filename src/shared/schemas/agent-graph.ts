/**
 * The agent graph (AGENTS.md, "The graph"): React Flow's shape with a configuration per node
 * type, and the rules a graph must follow before it can be published. The server checks it on
 * save and publish; the builder checks it live.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { parseExpression, parseTemplate } from '../engine/syntax.ts';

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

/** One problem of a graph, pointing at the node and field it concerns. */
export interface GraphProblem {
  nodeId?: string;
  field?: string;
  code: string;
  message: string;
}

/** The named output handles of a node: one per condition case and `else`; `error` when it handles errors. */
export function sourceHandles(node: AgentNode): string[] {
  const handles =
    node.type === 'condition' ? [...node.data.cases.map((c) => c.id), ELSE_HANDLE] : [];
  if (node.data.onError === 'handle') handles.push(ERROR_HANDLE);
  return handles;
}

/** Node ids each node can reach backwards (its ancestors), for the reference check. */
function ancestorsOf(graph: AgentGraph): Map<string, Set<string>> {
  const parents = new Map<string, string[]>();
  for (const edge of graph.edges) {
    parents.set(edge.target, [...(parents.get(edge.target) ?? []), edge.source]);
  }
  const memo = new Map<string, Set<string>>();
  const visit = (id: string, path: Set<string>): Set<string> => {
    const known = memo.get(id);
    if (known) return known;
    const result = new Set<string>();
    for (const parent of parents.get(id) ?? []) {
      if (path.has(parent)) continue; // a cycle, reported elsewhere
      result.add(parent);
      for (const above of visit(parent, new Set([...path, parent]))) result.add(above);
    }
    memo.set(id, result);
    return result;
  };
  for (const node of graph.nodes) visit(node.id, new Set([node.id]));
  return memo;
}

/** Each template and expression field of a node: [field, text, kind]. */
function codeFields(node: AgentNode): [string, string, 'template' | 'expression'][] {
  const fields: [string, string, 'template' | 'expression'][] = [];
  switch (node.type) {
    case 'llm':
      fields.push(
        ['system', node.data.system, 'template'],
        ['prompt', node.data.prompt, 'template'],
      );
      break;
    case 'datasource_query':
      for (const [name, value] of Object.entries(node.data.params)) {
        fields.push([`params.${name}`, value, 'template']);
      }
      break;
    case 'http_request':
      fields.push(['url', node.data.url, 'template'], ['body', node.data.body, 'template']);
      node.data.headers.forEach((h, i) => fields.push([`headers.${i}.value`, h.value, 'template']));
      break;
    case 'transform':
      fields.push(['expression', node.data.expression, 'expression']);
      break;
    case 'condition':
      node.data.cases.forEach((c, i) =>
        fields.push([`cases.${i}.expression`, c.expression, 'expression']),
      );
      break;
    case 'send_email':
      fields.push(['subject', node.data.subject, 'template'], ['body', node.data.body, 'template']);
      node.data.to.forEach((to, i) => fields.push([`to.${i}`, to, 'template']));
      break;
    case 'output':
      if (node.data.mode === 'text') fields.push(['text', node.data.text, 'template']);
      else {
        for (const [key, value] of Object.entries(node.data.json)) {
          if (typeof value === 'string') fields.push([`json.${key}`, value, 'template']);
        }
      }
      break;
    default:
      break;
  }
  return fields;
}

/** Required fields per type that must not be blank. */
function missingFields(node: AgentNode): string[] {
  switch (node.type) {
    case 'llm':
      return [
        ...(node.data.providerId ? [] : ['providerId']),
        ...(node.data.model ? [] : ['model']),
        ...(node.data.prompt.trim() ? [] : ['prompt']),
      ];
    case 'datasource_query':
      return [
        ...(node.data.dataSourceId ? [] : ['dataSourceId']),
        ...(node.data.sql.trim() || node.data.path || node.data.filter !== undefined
          ? []
          : ['sql']),
      ];
    case 'http_request':
      return node.data.url.trim() ? [] : ['url'];
    case 'transform':
      return node.data.expression.trim() ? [] : ['expression'];
    case 'condition':
      return [
        ...(node.data.cases.length ? [] : ['cases']),
        ...node.data.cases.flatMap((c, i) =>
          c.expression.trim() ? [] : [`cases.${i}.expression`],
        ),
      ];
    case 'send_email':
      return [
        ...(node.data.to.length ? [] : ['to']),
        ...(node.data.subject.trim() ? [] : ['subject']),
      ];
    default:
      return [];
  }
}

/** `nodes.<id>` references of a template or expression. */
export function referencedNodes(source: string): string[] {
  return [...source.matchAll(/\bnodes\.([a-z][a-z0-9_]*)/g)].map((m) => m[1]!);
}

/**
 * Every problem of a graph that matches the schema: exactly one start; ids unique; edges join
 * existing nodes through existing handles; every node reachable from the start; no cycle;
 * required fields set; templates and expressions parse and name only upstream nodes.
 */
export function validateGraph(graph: AgentGraph): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const byId = new Map<string, AgentNode>();
  for (const node of graph.nodes) {
    if (byId.has(node.id)) {
      problems.push({ nodeId: node.id, code: 'duplicate_id', message: 'Two steps have this id' });
    }
    byId.set(node.id, node);
  }
  const starts = graph.nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) {
    problems.push({
      code: starts.length === 0 ? 'no_start' : 'many_starts',
      message: starts.length === 0 ? 'Add a start step' : 'Keep exactly one start step',
    });
  }
  if (!graph.nodes.some((n) => n.type === 'output')) {
    problems.push({ code: 'no_output', message: 'Add an output step' });
  }

  const children = new Map<string, string[]>();
  for (const edge of graph.edges) {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) {
      problems.push({
        nodeId: source ? edge.source : edge.target,
        code: 'dangling_edge',
        message: 'A connection leads to a step that does not exist',
      });
      continue;
    }
    if (target.type === 'start') {
      problems.push({
        nodeId: target.id,
        code: 'into_start',
        message: 'Nothing can lead into the start',
      });
    }
    const handles = sourceHandles(source);
    const handle = edge.sourceHandle ?? null;
    if (handle !== null && !handles.includes(handle)) {
      problems.push({
        nodeId: source.id,
        code: 'unknown_handle',
        message: `This step has no output "${handle}"`,
      });
    }
    if (handle === null && source.type === 'condition') {
      problems.push({
        nodeId: source.id,
        code: 'unknown_handle',
        message: 'Connect a case or else',
      });
    }
    children.set(edge.source, [...(children.get(edge.source) ?? []), edge.target]);
  }

  // Cycles: depth-first search with colours.
  const colour = new Map<string, 1 | 2>();
  let cyclic: string | null = null;
  const dfs = (id: string) => {
    colour.set(id, 1);
    for (const next of children.get(id) ?? []) {
      if (cyclic) return;
      if (colour.get(next) === 1) cyclic = next;
      else if (!colour.has(next)) dfs(next);
    }
    colour.set(id, 2);
  };
  for (const node of graph.nodes) if (!colour.has(node.id) && !cyclic) dfs(node.id);
  if (cyclic) {
    problems.push({ nodeId: cyclic, code: 'cycle', message: 'The steps form a loop' });
  }

  // Reachability from the start.
  const start = starts[0];
  if (start) {
    const seen = new Set([start.id]);
    const queue = [start.id];
    while (queue.length) {
      for (const next of children.get(queue.shift()!) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    for (const node of graph.nodes) {
      if (!seen.has(node.id)) {
        problems.push({
          nodeId: node.id,
          code: 'unreachable',
          message: 'This step cannot be reached from the start',
        });
      }
    }
  }

  const ancestors = cyclic ? null : ancestorsOf(graph);
  for (const node of graph.nodes) {
    for (const field of missingFields(node)) {
      problems.push({
        nodeId: node.id,
        field,
        code: 'required',
        message: 'This field is required',
      });
    }
    if (node.type === 'condition') {
      const ids = node.data.cases.map((c) => c.id);
      if (
        new Set(ids).size !== ids.length ||
        ids.includes(ELSE_HANDLE) ||
        ids.includes(ERROR_HANDLE)
      ) {
        problems.push({
          nodeId: node.id,
          field: 'cases',
          code: 'case_ids',
          message: 'Each case needs its own id',
        });
      }
    }
    for (const [field, source, kind] of codeFields(node)) {
      const error = kind === 'template' ? parseTemplate(source) : parseExpression(source);
      if (error) {
        problems.push({
          nodeId: node.id,
          field,
          code: kind === 'template' ? 'template_syntax' : 'expression_syntax',
          message: error,
        });
        continue;
      }
      for (const ref of referencedNodes(source)) {
        if (ancestors && !ancestors.get(node.id)?.has(ref)) {
          problems.push({
            nodeId: node.id,
            field,
            code: 'unknown_reference',
            message: byId.has(ref)
              ? `"${ref}" does not run before this step`
              : `There is no step "${ref}"`,
          });
        }
      }
    }
  }
  return problems;
}
