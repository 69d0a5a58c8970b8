import { describe, expect, it } from 'vitest';
import { agentGraphSchema, emptyGraph, type AgentGraph } from '../schemas/agent-graph.ts';
import { validateGraph } from './validate.ts';

/** A graph from short node and edge lists (data parsed with the schema's defaults). */
function graph(
  nodes: [id: string, type: string, data?: object][],
  edges: [source: string, target: string, handle?: string][],
): AgentGraph {
  return agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: nodes.map(([id, type, data = {}]) => ({ id, type, position: { x: 0, y: 0 }, data })),
    edges: edges.map(([source, target, sourceHandle], i) => ({
      id: `e${i}`,
      source,
      target,
      sourceHandle,
    })),
  });
}

const codes = (g: AgentGraph) => validateGraph(g).map((p) => `${p.nodeId ?? '-'}:${p.code}`);

describe('validateGraph', () => {
  it('accepts the empty graph', () => {
    expect(validateGraph(emptyGraph())).toEqual([]);
  });

  it('wants exactly one start and an output', () => {
    expect(codes(graph([['out', 'output']], []))).toContain('-:no_start');
    expect(
      codes(
        graph(
          [
            ['a', 'start'],
            ['b', 'start'],
            ['out', 'output'],
          ],
          [['a', 'out']],
        ),
      ),
    ).toContain('-:many_starts');
    expect(codes(graph([['start', 'start']], []))).toContain('-:no_output');
  });

  it('finds unreachable steps, cycles and edges into the start', () => {
    const g = graph(
      [
        ['start', 'start'],
        ['a', 'transform', { expression: '1' }],
        ['b', 'transform', { expression: '2' }],
        ['lost', 'output'],
        ['out', 'output'],
      ],
      [
        ['start', 'a'],
        ['a', 'b'],
        ['b', 'a'],
        ['b', 'out'],
        ['out', 'start'],
      ],
    );
    const found = codes(g);
    expect(found).toContain('lost:unreachable');
    expect(found.some((c) => c.endsWith(':cycle'))).toBe(true);
    expect(found).toContain('start:into_start');
  });

  it('checks handles: condition cases and else, error only when errors are handled', () => {
    const cond = { cases: [{ id: 'big', expression: 'input.n > 10' }] };
    const ok = graph(
      [
        ['start', 'start'],
        ['c', 'condition', cond],
        ['yes', 'output'],
        ['no', 'output'],
      ],
      [
        ['start', 'c'],
        ['c', 'yes', 'big'],
        ['c', 'no', 'else'],
      ],
    );
    expect(validateGraph(ok)).toEqual([]);
    const bad = graph(
      [
        ['start', 'start'],
        ['c', 'condition', cond],
        ['t', 'transform', { expression: '1' }],
        ['out', 'output'],
      ],
      [
        ['start', 'c'],
        ['c', 't', 'small'],
        ['t', 'out', 'error'],
        ['c', 'out'],
      ],
    );
    const found = codes(bad);
    expect(found.filter((c) => c === 'c:unknown_handle')).toHaveLength(2);
    expect(found).toContain('t:unknown_handle');
    const handled = graph(
      [
        ['start', 'start'],
        ['t', 'transform', { expression: '1', onError: 'handle' }],
        ['out', 'output'],
        ['oops', 'output'],
      ],
      [
        ['start', 't'],
        ['t', 'out'],
        ['t', 'oops', 'error'],
      ],
    );
    expect(validateGraph(handled)).toEqual([]);
  });

  it('names required fields, bad syntax and references to steps that do not run before', () => {
    const g = graph(
      [
        ['start', 'start'],
        ['ask', 'llm', { prompt: '' }],
        ['t', 'transform', { expression: '$$$ (' }],
        ['mail', 'send_email', { to: ['{{ nodes.later.x }}'], subject: '{% if %}' }],
        ['later', 'transform', { expression: 'nodes.nowhere' }],
        ['out', 'output'],
      ],
      [
        ['start', 'ask'],
        ['ask', 't'],
        ['t', 'mail'],
        ['mail', 'later'],
        ['later', 'out'],
      ],
    );
    const problems = validateGraph(g);
    const at = (nodeId: string) => problems.filter((p) => p.nodeId === nodeId);
    expect(
      at('ask')
        .map((p) => p.field)
        .sort(),
    ).toEqual(['model', 'prompt', 'providerId']);
    expect(at('t')).toEqual([
      expect.objectContaining({ field: 'expression', code: 'expression_syntax' }),
    ]);
    expect(at('mail')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'subject', code: 'template_syntax' }),
        expect.objectContaining({ field: 'to.0', code: 'unknown_reference' }),
      ]),
    );
    expect(at('later')).toEqual([
      expect.objectContaining({ code: 'unknown_reference', message: 'There is no step "nowhere"' }),
    ]);
  });

  it('rejects ids that are not slugs and unknown node types at the schema', () => {
    const base = { schemaVersion: 1, edges: [] };
    const bad = (node: object) => agentGraphSchema.safeParse({ ...base, nodes: [node] }).success;
    expect(bad({ id: 'Fetch Orders', type: 'start', position: { x: 0, y: 0 }, data: {} })).toBe(
      false,
    );
    expect(bad({ id: 'x', type: 'shell', position: { x: 0, y: 0 }, data: {} })).toBe(false);
    expect(bad({ id: 'x', type: 'start', position: { x: 0, y: 0 }, data: {} })).toBe(true);
  });
});
