import { describe, expect, it } from 'vitest';
import { agentGraphSchema, type AgentGraph } from '../schemas/agent-graph.ts';
import { askDatabase } from '../schemas/agent-templates.ts';
import { diffGraphs, isEmptyDiff } from './graph-diff.ts';

const base = (): AgentGraph =>
  agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } },
      {
        id: 'route',
        type: 'condition',
        position: { x: 200, y: 0 },
        data: {
          label: 'Route',
          cases: [
            { id: 'big', label: 'Big', expression: 'input.n > 10' },
            { id: 'small', label: 'Small', expression: 'input.n < 3' },
          ],
        },
      },
      { id: 'reply', type: 'output', position: { x: 400, y: 0 }, data: { text: 'hi' } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'route' },
      { id: 'e2', source: 'route', sourceHandle: 'big', target: 'reply' },
    ],
  });

describe('diffGraphs', () => {
  it('finds nothing between identical graphs', () => {
    const diff = diffGraphs(base(), base());
    expect(diff).toEqual({
      added: [],
      removed: [],
      changed: [],
      moved: [],
      edgesAdded: [],
      edgesRemoved: [],
    });
    expect(isEmptyDiff(diff)).toBe(true);
  });

  it('lists added and removed steps', () => {
    const after = base();
    after.nodes = after.nodes.filter((node) => node.id !== 'reply');
    after.nodes.push(
      agentGraphSchema.shape.nodes.element.parse({
        id: 'shout',
        type: 'transform',
        position: { x: 1, y: 1 },
        data: { expression: 'upper(input.message)' },
      }),
    );
    const diff = diffGraphs(base(), after);
    expect(diff.added.map((node) => node.id)).toEqual(['shout']);
    expect(diff.removed.map((node) => node.id)).toEqual(['reply']);
    expect(diff.changed).toEqual([]);
    expect(isEmptyDiff(diff)).toBe(false);
  });

  it('counts a step whose type changed as removed and added', () => {
    const after = base();
    after.nodes[2] = agentGraphSchema.shape.nodes.element.parse({
      id: 'reply',
      type: 'transform',
      position: { x: 400, y: 0 },
      data: { expression: '1' },
    });
    const diff = diffGraphs(base(), after);
    expect(diff.added.map((node) => node.type)).toEqual(['transform']);
    expect(diff.removed.map((node) => node.type)).toEqual(['output']);
  });

  it('names a nested field of a list of objects', () => {
    const after = base();
    const route = after.nodes[1]!;
    if (route.type !== 'condition') throw new Error('condition expected');
    route.data.cases[1]!.expression = 'input.n < 5';
    const diff = diffGraphs(base(), after);
    expect(diff.changed).toHaveLength(1);
    expect(diff.changed[0]!.id).toBe('route');
    expect(diff.changed[0]!.moved).toBe(false);
    expect(diff.changed[0]!.fields).toEqual([
      { path: 'cases[1].expression', before: 'input.n < 3', after: 'input.n < 5' },
    ]);
  });

  it('reports an item added to a list of objects by its index', () => {
    const after = base();
    const route = after.nodes[1]!;
    if (route.type !== 'condition') throw new Error('condition expected');
    const extra = { id: 'mid', label: 'Mid', expression: 'true' };
    route.data.cases.push(extra);
    const diff = diffGraphs(base(), after);
    expect(diff.changed[0]!.fields).toEqual([
      { path: 'cases[2]', before: undefined, after: extra },
    ]);
  });

  it('treats a list of plain values as one field (tools.dataSourceIds)', () => {
    const before = askDatabase('p1', 'gpt', 'ds1');
    const after = askDatabase('p1', 'gpt', 'ds1');
    const answer = after.nodes[1]!;
    if (answer.type !== 'llm') throw new Error('llm expected');
    answer.data.tools.dataSourceIds = ['ds1', 'ds2'];
    answer.data.prompt = 'Question: {{ input.message }}';
    const diff = diffGraphs(before, after);
    expect(diff.changed[0]!.fields).toEqual([
      { path: 'prompt', before: '{{ input.message }}', after: 'Question: {{ input.message }}' },
      { path: 'tools.dataSourceIds', before: ['ds1'], after: ['ds1', 'ds2'] },
    ]);
  });

  it('reports a field set on one side only with undefined on the other', () => {
    const after = base();
    after.nodes[2]!.data.label = 'Reply';
    after.nodes[2]!.data.retries = { max: 2, backoffMs: 500 };
    const diff = diffGraphs(base(), after);
    expect(diff.changed[0]!.fields).toEqual([
      { path: 'label', before: undefined, after: 'Reply' },
      { path: 'retries', before: undefined, after: { max: 2, backoffMs: 500 } },
    ]);
  });

  it('counts a step that only moved as moved, not changed', () => {
    const after = base();
    after.nodes[2]!.position = { x: 500, y: 80 };
    const diff = diffGraphs(base(), after);
    expect(diff.changed).toEqual([]);
    expect(diff.moved.map((change) => change.id)).toEqual(['reply']);
    expect(diff.moved[0]!.moved).toBe(true);
    expect(isEmptyDiff(diff)).toBe(false);
  });

  it('keeps a step that moved and changed among the changed, marked moved', () => {
    const after = base();
    after.nodes[2]!.position = { x: 500, y: 80 };
    after.nodes[2]!.data.label = 'Reply';
    const diff = diffGraphs(base(), after);
    expect(diff.moved).toEqual([]);
    expect(diff.changed.map((change) => [change.id, change.moved])).toEqual([['reply', true]]);
  });

  it('compares connections by source, handle and target, not by id', () => {
    const after = base();
    after.edges = [
      { id: 'other-id', source: 'start', target: 'route' },
      { id: 'e2', source: 'route', sourceHandle: 'small', target: 'reply' },
    ];
    const diff = diffGraphs(base(), after);
    expect(diff.edgesAdded).toEqual([{ source: 'route', sourceHandle: 'small', target: 'reply' }]);
    expect(diff.edgesRemoved).toEqual([{ source: 'route', sourceHandle: 'big', target: 'reply' }]);
    expect(diff.added).toEqual([]);
    expect(diff.changed).toEqual([]);
  });
});
