import { describe, expect, it } from 'vitest';
import { validateGraph } from '../../../../shared/engine/validate';
import { agentGraphSchema, emptyGraph } from '../../../../shared/schemas/agent-graph';
import {
  addNode,
  autoLayout,
  availableVariables,
  canAdd,
  connect,
  connectionRefusal,
  copyNodes,
  newNode,
  nextNodeId,
  nodeSummary,
  outputHandles,
  pasteNodes,
  removeElements,
  updateNodeData,
} from './graph-model';
import { historyReducer } from './useGraphHistory';
import { commandFor } from './shortcuts';

/** start → query → llm → reply, and a condition after the query. */
function sample() {
  return agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } },
      {
        id: 'query',
        type: 'datasource_query',
        position: { x: 300, y: 0 },
        data: { dataSourceId: 'ds', sql: 'select * from orders\nwhere 1 = 1' },
      },
      {
        id: 'llm',
        type: 'llm',
        position: { x: 600, y: 0 },
        data: { model: 'gpt-test', prompt: '{{ nodes.query.rows }}' },
      },
      {
        id: 'check',
        type: 'condition',
        position: { x: 600, y: 200 },
        data: { cases: [{ id: 'many', expression: 'nodes.query.rowCount > 10' }] },
      },
      {
        id: 'reply',
        type: 'output',
        position: { x: 900, y: 0 },
        data: { text: '{{ nodes.llm.text }}' },
      },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'query' },
      { id: 'e2', source: 'query', target: 'llm' },
      { id: 'e3', source: 'query', target: 'check' },
      { id: 'e4', source: 'llm', target: 'reply' },
      { id: 'e5', source: 'check', sourceHandle: 'many', target: 'reply' },
    ],
  });
}

describe('the builder graph model', () => {
  it('names new nodes after their type, unique in the graph, and allows one start', () => {
    const graph = sample();
    expect(nextNodeId(graph, 'datasource_query')).toBe('query_2');
    expect(nextNodeId(graph, 'http_request')).toBe('http');
    expect(canAdd(graph, 'start')).toBe(false);
    expect(canAdd(graph, 'llm')).toBe(true);
    const node = newNode(graph, 'condition', { x: 13, y: 29 });
    expect(node).toMatchObject({ id: 'condition', position: { x: 16, y: 32 } });
    expect(outputHandles(node)).toEqual(['case_1', 'else']);
    expect(addNode(graph, node).nodes).toHaveLength(6);
  });

  it('refuses loops, self edges, duplicates and edges into the start', () => {
    const graph = sample();
    expect(connectionRefusal(graph, { source: 'reply', target: 'query' })).toBe('cycle');
    expect(connectionRefusal(graph, { source: 'llm', target: 'llm' })).toBe('self');
    expect(connectionRefusal(graph, { source: 'llm', target: 'reply' })).toBe('duplicate');
    expect(connectionRefusal(graph, { source: 'llm', target: 'start' })).toBe('toStart');
    expect(connect(graph, { source: 'reply', target: 'query' })).toBe(graph);
    const joined = connect(graph, { source: 'check', sourceHandle: 'else', target: 'llm' });
    expect(joined.edges.at(-1)).toEqual({
      id: 'check.else-llm',
      source: 'check',
      sourceHandle: 'else',
      target: 'llm',
    });
    expect(validateGraph(joined)).toEqual(validateGraph(graph));
  });

  it('removes nodes with their edges, and a removed case takes its edge', () => {
    const graph = sample();
    const without = removeElements(graph, ['llm']);
    expect(without.nodes.map((n) => n.id)).not.toContain('llm');
    expect(without.edges.map((e) => e.id)).toEqual(['e1', 'e3', 'e5']);
    const check = graph.nodes.find((n) => n.id === 'check')!;
    const updated = updateNodeData(graph, 'check', { ...check.data, cases: [] });
    expect(updated.edges.map((e) => e.id)).not.toContain('e5');
    // A case renamed in place keeps its connection.
    const renamed = updateNodeData(graph, 'check', {
      ...check.data,
      cases: [{ id: 'lots', label: '', expression: 'true' }],
    });
    expect(renamed.edges.find((e) => e.id === 'e5')).toMatchObject({ sourceHandle: 'lots' });
  });

  it('pastes copies under new ids with their inner edges and references renamed', () => {
    const graph = sample();
    const clip = copyNodes(graph, ['start', 'query', 'llm'])!;
    // The start is never copied: an agent has one.
    expect(clip.nodes.map((n) => n.id)).toEqual(['query', 'llm']);
    const { graph: pasted, pasted: ids } = pasteNodes(graph, clip);
    expect(ids).toEqual(['query_2', 'llm_2']);
    const llm2 = pasted.nodes.find((n) => n.id === 'llm_2')!;
    expect(llm2.data).toMatchObject({ prompt: '{{ nodes.query_2.rows }}' });
    expect(llm2.position).toEqual({ x: 648, y: 48 });
    expect(pasted.edges.at(-1)).toMatchObject({ source: 'query_2', target: 'llm_2' });
  });

  it('lays the graph out left to right, the start where it was', () => {
    const laid = autoLayout(sample());
    const x = (id: string) => laid.nodes.find((n) => n.id === id)!.position.x;
    expect(laid.nodes.find((n) => n.id === 'start')!.position).toEqual({ x: 0, y: 0 });
    expect(x('query')).toBeGreaterThan(x('start'));
    expect(x('llm')).toBeGreaterThan(x('query'));
    expect(x('reply')).toBeGreaterThan(x('llm'));
  });

  it('offers a node the inputs and the outputs of the steps before it only', () => {
    const vars = availableVariables(sample(), 'llm');
    expect(vars).toContain('input.message');
    expect(vars).toContain('nodes.query.rows');
    expect(vars).not.toContain('nodes.llm.text');
    expect(vars).not.toContain('nodes.check');
    expect(availableVariables(sample(), 'reply')).toContain('nodes.llm.text');
  });

  it('sums a node up in one line', () => {
    const graph = sample();
    const byId = (id: string) => graph.nodes.find((n) => n.id === id)!;
    expect(nodeSummary(byId('query'))).toBe('select * from orders');
    expect(nodeSummary(byId('llm'))).toBe('gpt-test');
    expect(nodeSummary(byId('check'))).toBe('many');
    expect(nodeSummary(emptyGraph().nodes[0]!)).toBe('message, history');
  });
});

describe('undo and redo', () => {
  const start = { graph: sample(), past: [], future: [], lastKey: null, version: 0 };
  it('undoes a change and redoes it; typing in one field is one step', () => {
    const a = removeElements(start.graph, ['llm']);
    const b = removeElements(a, ['check']);
    let state = historyReducer(start, { type: 'change', graph: a, key: 'form:x', record: true });
    state = historyReducer(state, { type: 'change', graph: b, key: 'form:x', record: true });
    expect(state.past).toHaveLength(1);
    state = historyReducer(state, { type: 'undo' });
    expect(state.graph).toBe(start.graph);
    state = historyReducer(state, { type: 'redo' });
    expect(state.graph).toBe(b);
    expect(state.version).toBe(4);
  });
});

describe('keyboard shortcuts', () => {
  const key = (
    key: string,
    mods: Partial<Record<'ctrlKey' | 'shiftKey' | 'metaKey', boolean>> = {},
  ) => ({
    key,
    code: key === '!' ? 'Digit1' : undefined,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    target: null,
    ...mods,
  });
  it('maps keys to commands and leaves typing alone', () => {
    expect(commandFor(key('z', { ctrlKey: true }))).toBe('undo');
    expect(commandFor(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(commandFor(key('v', { metaKey: true }))).toBe('paste');
    expect(commandFor(key('!', { shiftKey: true }))).toBe('fit');
    expect(commandFor(key('L', { shiftKey: true }))).toBe('layout');
    expect(commandFor(key('?'))).toBe('help');
    expect(commandFor(key('F', { shiftKey: true }))).toBe('fullScreen');
    expect(commandFor(key('Escape'))).toBe('leaveFullScreen');
    expect(commandFor(key('x'))).toBeNull();
    // A field being typed in: what `closest('input, …')` finds from its target.
    const input = { closest: () => ({}) } as unknown as EventTarget;
    expect(commandFor({ ...key('z', { ctrlKey: true }), target: input })).toBeNull();
  });
});
