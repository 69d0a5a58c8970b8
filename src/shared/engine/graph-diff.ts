/**
 * What changed between two agent graphs (issue 16 §1, "compare two versions"): steps added,
 * removed, changed (field by field inside `data`) or only moved, and connections added or
 * removed.
 *
 * Isomorphic and pure: no Node API, no I/O.
 */
import type { AgentEdge, AgentGraph, AgentNode } from '../schemas/agent-graph.ts';

/** One field of a step's settings that differs, e.g. `cases[1].expression`. */
export interface FieldChange {
  path: string;
  /** `undefined` when the field was not set on that side. */
  before: unknown;
  after: unknown;
}

/** A step found on both sides whose settings or place differ. */
export interface NodeChange {
  id: string;
  before: AgentNode;
  after: AgentNode;
  /** Empty when only the position differs (a moved step). */
  fields: FieldChange[];
  moved: boolean;
}

/** A connection, named by where it leaves and where it arrives (edge ids are not stable). */
export interface EdgeRef {
  source: string;
  sourceHandle: string | null;
  target: string;
}

export interface GraphDiff {
  added: AgentNode[];
  removed: AgentNode[];
  /** Steps whose settings differ (they may have moved too). */
  changed: NodeChange[];
  /** Steps whose only difference is their position. */
  moved: NodeChange[];
  edgesAdded: EdgeRef[];
  edgesRemoved: EdgeRef[];
}

export function diffGraphs(before: AgentGraph, after: AgentGraph): GraphDiff {
  const beforeNodes = new Map(before.nodes.map((node) => [node.id, node]));
  const afterNodes = new Map(after.nodes.map((node) => [node.id, node]));
  const diff: GraphDiff = {
    added: [],
    removed: [],
    changed: [],
    moved: [],
    edgesAdded: [],
    edgesRemoved: [],
  };

  for (const node of before.nodes) {
    const other = afterNodes.get(node.id);
    // A step whose type changed is another step under the same id.
    if (!other || other.type !== node.type) diff.removed.push(node);
  }
  for (const node of after.nodes) {
    const old = beforeNodes.get(node.id);
    if (!old || old.type !== node.type) {
      diff.added.push(node);
      continue;
    }
    const fields = diffValues(old.data, node.data, '');
    const moved = old.position.x !== node.position.x || old.position.y !== node.position.y;
    if (fields.length > 0)
      diff.changed.push({ id: node.id, before: old, after: node, fields, moved });
    else if (moved) diff.moved.push({ id: node.id, before: old, after: node, fields, moved });
  }

  const beforeEdges = new Map(before.edges.map((edge) => [edgeKey(edge), edgeRef(edge)]));
  const afterEdges = new Map(after.edges.map((edge) => [edgeKey(edge), edgeRef(edge)]));
  for (const [key, ref] of afterEdges) if (!beforeEdges.has(key)) diff.edgesAdded.push(ref);
  for (const [key, ref] of beforeEdges) if (!afterEdges.has(key)) diff.edgesRemoved.push(ref);
  return diff;
}

/** True when the two graphs have the same steps, settings, places and connections. */
export function isEmptyDiff(diff: GraphDiff): boolean {
  return (
    diff.added.length === 0 &&
    diff.removed.length === 0 &&
    diff.changed.length === 0 &&
    diff.moved.length === 0 &&
    diff.edgesAdded.length === 0 &&
    diff.edgesRemoved.length === 0
  );
}

function edgeRef(edge: AgentEdge): EdgeRef {
  return { source: edge.source, sourceHandle: edge.sourceHandle ?? null, target: edge.target };
}

function edgeKey(edge: AgentEdge): string {
  return JSON.stringify([edge.source, edge.sourceHandle ?? null, edge.target]);
}

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Lists of objects (cases, inputs, headers, tools) are compared item by item. */
function areListsOfObjects(a: unknown, b: unknown): a is Plain[] {
  return Array.isArray(a) && Array.isArray(b) && [...a, ...b].every(isPlainObject);
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** The fields that differ between two values; a list of plain values counts as one field. */
function diffValues(before: unknown, after: unknown, path: string): FieldChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffValues(before[key], after[key], join(path, key)));
  }
  if (areListsOfObjects(before, after) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) =>
      diffValues(before[i], after[i], `${path}[${i}]`),
    ).flat();
  }
  return sameValue(before, after) ? [] : [{ path, before, after }];
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return false;
}
