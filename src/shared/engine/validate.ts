/**
 * The rules a graph must follow before it can be published (AGENTS.md, "The graph"): checked
 * by the server on save and publish, and live in the builder.
 *
 * Isomorphic: no Node API.
 */
import {
  ELSE_HANDLE,
  ERROR_HANDLE,
  type AgentGraph,
  type AgentNode,
} from '../schemas/agent-graph.ts';
import { parseExpression, parseTemplate } from './syntax.ts';

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

/** Node ids each node can reach backwards (its ancestors), for the reference check. Acyclic graphs only. */
function ancestorsOf(graph: AgentGraph): Map<string, Set<string>> {
  const parents = new Map<string, string[]>();
  for (const edge of graph.edges) {
    const list = parents.get(edge.target);
    if (list) list.push(edge.source);
    else parents.set(edge.target, [edge.source]);
  }
  const memo = new Map<string, Set<string>>();
  const visit = (id: string): Set<string> => {
    const known = memo.get(id);
    if (known) return known;
    const result = new Set<string>();
    for (const parent of parents.get(id) ?? []) {
      result.add(parent);
      for (const above of visit(parent)) result.add(above);
    }
    memo.set(id, result);
    return result;
  };
  for (const node of graph.nodes) visit(node.id);
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
