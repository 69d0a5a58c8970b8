/**
 * The builder's changes to an agent graph, as pure functions over the shared graph shape
 * (AGENTS.md, "The graph"): add, connect, remove, copy and paste, auto-layout, and what each
 * node may refer to. React Flow only shows the result.
 */
import dagre from '@dagrejs/dagre';
import {
  agentNodeSchema,
  ELSE_HANDLE,
  ERROR_HANDLE,
  type AgentEdge,
  type AgentGraph,
  type AgentNode,
  type NodeType,
} from '../../../../shared/schemas/agent-graph';

/** The types the palette offers, in the order people build with them. */
export const PALETTE_TYPES: NodeType[] = [
  'llm',
  'datasource_query',
  'http_request',
  'transform',
  'condition',
  'send_email',
  'output',
  'start',
];

/** The stem of a new node's id per type: `query`, `query_2`, … */
const ID_STEMS: Record<NodeType, string> = {
  start: 'start',
  llm: 'llm',
  datasource_query: 'query',
  http_request: 'http',
  transform: 'transform',
  condition: 'condition',
  send_email: 'email',
  output: 'output',
};

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 84;
export const GRID = 16;

export function nextNodeId(graph: AgentGraph, type: NodeType): string {
  const taken = new Set(graph.nodes.map((n) => n.id));
  const stem = ID_STEMS[type];
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}_${n}`)) return `${stem}_${n}`;
}

/** Whether the palette may add a node of this type (one start per graph). */
export const canAdd = (graph: AgentGraph, type: NodeType) =>
  type !== 'start' || !graph.nodes.some((n) => n.type === 'start');

const snap = (value: number) => Math.round(value / GRID) * GRID;

/** A node of `type` with its defaults, at `position` (snapped to the grid). */
export function newNode(graph: AgentGraph, type: NodeType, position: { x: number; y: number }) {
  const data = type === 'condition' ? { cases: [{ id: 'case_1', expression: '' }] } : {};
  return agentNodeSchema.parse({
    id: nextNodeId(graph, type),
    type,
    position: { x: snap(position.x), y: snap(position.y) },
    data,
  });
}

export function addNode(graph: AgentGraph, node: AgentNode): AgentGraph {
  return { ...graph, nodes: [...graph.nodes, node] };
}

/** Where a node added without a place goes: right of the right-most node, at its height. */
export function freePosition(graph: AgentGraph): { x: number; y: number } {
  if (graph.nodes.length === 0) return { x: 0, y: 0 };
  const last = graph.nodes.reduce((a, b) => (b.position.x > a.position.x ? b : a));
  return { x: last.position.x + NODE_WIDTH + 80, y: last.position.y };
}

/** The output handles of a node as the canvas draws them (null: the one default handle). */
export function outputHandles(node: AgentNode): Array<string | null> {
  const handles: Array<string | null> =
    node.type === 'condition'
      ? [...node.data.cases.map((c) => c.id), ELSE_HANDLE]
      : node.type === 'output'
        ? []
        : [null];
  if (node.data.onError === 'handle') handles.push(ERROR_HANDLE);
  return handles;
}

/** Whether `target` can reach `source` already (then an edge source → target is a cycle). */
function reaches(graph: AgentGraph, from: string, to: string): boolean {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length) {
    const id = queue.pop()!;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const e of graph.edges) if (e.source === id) queue.push(e.target);
  }
  return false;
}

export interface Connection {
  source: string;
  target: string;
  sourceHandle?: string | null;
}

/** Why an edge may not be drawn, or null when it may. */
export function connectionRefusal(
  graph: AgentGraph,
  c: Connection,
): 'self' | 'cycle' | 'duplicate' | 'toStart' | null {
  if (c.source === c.target) return 'self';
  if (graph.nodes.find((n) => n.id === c.target)?.type === 'start') return 'toStart';
  const handle = c.sourceHandle ?? null;
  if (
    graph.edges.some(
      (e) => e.source === c.source && e.target === c.target && (e.sourceHandle ?? null) === handle,
    )
  ) {
    return 'duplicate';
  }
  if (reaches(graph, c.target, c.source)) return 'cycle';
  return null;
}

export function connect(graph: AgentGraph, c: Connection): AgentGraph {
  if (connectionRefusal(graph, c)) return graph;
  const handle = c.sourceHandle ?? null;
  const edge: AgentEdge = {
    id: `${c.source}${handle ? `.${handle}` : ''}-${c.target}`,
    source: c.source,
    ...(handle ? { sourceHandle: handle } : {}),
    target: c.target,
  };
  return { ...graph, edges: [...graph.edges, edge] };
}

/** Removes nodes (with their edges) and edges. */
export function removeElements(
  graph: AgentGraph,
  nodeIds: Iterable<string>,
  edgeIds: Iterable<string> = [],
): AgentGraph {
  const nodes = new Set(nodeIds);
  const edges = new Set(edgeIds);
  return {
    ...graph,
    nodes: graph.nodes.filter((n) => !nodes.has(n.id)),
    edges: graph.edges.filter(
      (e) => !edges.has(e.id) && !nodes.has(e.source) && !nodes.has(e.target),
    ),
  };
}

export function moveNodes(
  graph: AgentGraph,
  positions: Map<string, { x: number; y: number }>,
): AgentGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((n) => {
      const position = positions.get(n.id);
      return position ? { ...n, position } : n;
    }),
  };
}

/** Case ids renamed in place (same position, new id): old id → new id. */
function renamedCases(before: AgentNode, after: AgentNode): Map<string, string> {
  const renamed = new Map<string, string>();
  if (before.type !== 'condition' || after.type !== 'condition') return renamed;
  if (before.data.cases.length !== after.data.cases.length) return renamed;
  before.data.cases.forEach((c, i) => {
    const next = after.data.cases[i]!.id;
    if (c.id !== next) renamed.set(c.id, next);
  });
  return renamed;
}

/**
 * Replaces one node's configuration (the form's result). A condition case renamed in place
 * keeps its connections; a removed case or error handle takes its edges with it.
 */
export function updateNodeData(graph: AgentGraph, nodeId: string, data: unknown): AgentGraph {
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (!node) return graph;
  const updated = { ...node, data } as unknown as AgentNode;
  const renamed = renamedCases(node, updated);
  const handles = outputHandles(updated);
  return {
    ...graph,
    nodes: graph.nodes.map((n) => (n.id === nodeId ? updated : n)),
    edges: graph.edges
      .map((e) => {
        const to = e.source === nodeId && e.sourceHandle ? renamed.get(e.sourceHandle) : undefined;
        return to ? { ...e, sourceHandle: to } : e;
      })
      .filter((e) => e.source !== nodeId || !e.sourceHandle || handles.includes(e.sourceHandle)),
  };
}

/** What a copy keeps: the nodes and the edges between them. */
export interface Clipboard {
  kind: 'meridian-agent-nodes';
  nodes: AgentNode[];
  edges: AgentEdge[];
}

export function copyNodes(graph: AgentGraph, nodeIds: Iterable<string>): Clipboard | null {
  const ids = new Set(nodeIds);
  const nodes = graph.nodes.filter((n) => ids.has(n.id) && n.type !== 'start');
  if (nodes.length === 0) return null;
  const kept = new Set(nodes.map((n) => n.id));
  const edges = graph.edges.filter((e) => kept.has(e.source) && kept.has(e.target));
  return { kind: 'meridian-agent-nodes', nodes, edges };
}

export function isClipboard(value: unknown): value is Clipboard {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Clipboard).kind === 'meridian-agent-nodes' &&
    Array.isArray((value as Clipboard).nodes) &&
    Array.isArray((value as Clipboard).edges)
  );
}

/**
 * Pastes copied nodes under new ids, shifted by `offset`; references between the pasted nodes
 * (`nodes.<old id>` in their fields) follow their new ids. Returns the graph and the new ids.
 */
export function pasteNodes(
  graph: AgentGraph,
  clip: Clipboard,
  offset = { x: 48, y: 48 },
): { graph: AgentGraph; pasted: string[] } {
  let next = graph;
  const renamed = new Map<string, string>();
  for (const node of clip.nodes) {
    const id = nextNodeId(next, node.type);
    renamed.set(node.id, id);
    next = addNode(next, { ...node, id } as AgentNode);
  }
  const rename = (text: string) =>
    text.replace(/\bnodes\.([a-z][a-z0-9_]*)/g, (whole, id: string) =>
      renamed.has(id) ? `nodes.${renamed.get(id)}` : whole,
    );
  const nodes = next.nodes.map((n) => {
    if (![...renamed.values()].includes(n.id)) return n;
    const data = JSON.parse(rename(JSON.stringify(n.data))) as unknown;
    return {
      ...n,
      data,
      position: { x: n.position.x + offset.x, y: n.position.y + offset.y },
    } as AgentNode;
  });
  const edges = clip.edges.map((e) => {
    const source = renamed.get(e.source)!;
    const target = renamed.get(e.target)!;
    return {
      ...e,
      id: `${source}${e.sourceHandle ? `.${e.sourceHandle}` : ''}-${target}`,
      source,
      target,
    };
  });
  return {
    graph: { ...next, nodes, edges: [...next.edges, ...edges] },
    pasted: [...renamed.values()],
  };
}

/** Lays the graph out left to right (dagre), keeping it where it was on the canvas. */
export function autoLayout(graph: AgentGraph): AgentGraph {
  if (graph.nodes.length === 0) return graph;
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 40, ranksep: 80 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of graph.edges) g.setEdge(e.source, e.target);
  dagre.layout(g);
  const start = graph.nodes.find((n) => n.type === 'start') ?? graph.nodes[0]!;
  const anchor = g.node(start.id);
  const dx = start.position.x - (anchor.x - NODE_WIDTH / 2);
  const dy = start.position.y - (anchor.y - NODE_HEIGHT / 2);
  return {
    ...graph,
    nodes: graph.nodes.map((n) => {
      const laid = g.node(n.id);
      return {
        ...n,
        position: {
          x: snap(laid.x - NODE_WIDTH / 2 + dx),
          y: snap(laid.y - NODE_HEIGHT / 2 + dy),
        },
      };
    }),
  };
}

/** What each node type gives its successors (AGENTS.md, "Node types"). */
const OUTPUT_FIELDS: Record<NodeType, string[]> = {
  start: [],
  llm: ['text', 'json', 'toolCalls', 'usage'],
  datasource_query: ['rows', 'columns', 'rowCount'],
  http_request: ['status', 'headers', 'body'],
  transform: [],
  condition: [],
  send_email: ['messageId'],
  output: [],
};

function ancestors(graph: AgentGraph, nodeId: string): string[] {
  const found: string[] = [];
  const seen = new Set([nodeId]);
  const queue = [nodeId];
  while (queue.length) {
    const id = queue.shift()!;
    for (const e of graph.edges) {
      if (e.target === id && !seen.has(e.source)) {
        seen.add(e.source);
        found.push(e.source);
        queue.push(e.source);
      }
    }
  }
  return found;
}

/**
 * The names a node's templates and expressions may use: the run's inputs, the outputs of the
 * steps before it, and the run's context.
 */
export function availableVariables(graph: AgentGraph, nodeId: string): string[] {
  const start = graph.nodes.find((n) => n.type === 'start');
  const inputs =
    start?.type === 'start'
      ? start.data.mode === 'chat'
        ? ['input.message', 'input.history']
        : start.data.inputs.map((i) => `input.${i.name}`)
      : [];
  const upstream = ancestors(graph, nodeId).flatMap((id) => {
    const node = graph.nodes.find((n) => n.id === id);
    if (!node || node.type === 'start') return [];
    return [`nodes.${id}`, ...OUTPUT_FIELDS[node.type].map((field) => `nodes.${id}.${field}`)];
  });
  return [...inputs, ...upstream, 'run.id', 'run.trigger', 'org.name', 'now'];
}

/** A short line of what a node is set to do, for its card on the canvas. */
export function nodeSummary(node: AgentNode): string {
  const firstLine = (text: string) => text.trim().split('\n')[0]?.slice(0, 80) ?? '';
  switch (node.type) {
    case 'start':
      return node.data.mode === 'chat'
        ? 'message, history'
        : node.data.inputs.map((i) => i.name).join(', ');
    case 'llm':
      return node.data.model || firstLine(node.data.prompt);
    case 'datasource_query':
      return firstLine(node.data.sql || node.data.path || node.data.filter || '');
    case 'http_request':
      return node.data.url ? `${node.data.method} ${node.data.url}` : '';
    case 'transform':
      return firstLine(node.data.expression);
    case 'condition':
      return node.data.cases.map((c) => c.label || c.id).join(' · ');
    case 'send_email':
      return node.data.to.join(', ');
    case 'output':
      return node.data.mode === 'text'
        ? firstLine(node.data.text)
        : Object.keys(node.data.json).join(', ');
  }
}
