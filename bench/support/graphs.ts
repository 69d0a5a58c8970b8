// The graph the engine, runs and queue benchmarks run: start → transform → condition → output,
// no I/O (AGENTS.md's throughput figures).
import { agentGraphSchema, type AgentGraph } from '../../src/shared/schemas/agent-graph.ts';

/** `templated`: the outputs render the transform's value (and the organisation's name). */
export function branchingGraph({ templated = false } = {}): AgentGraph {
  return agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      {
        id: 'start',
        type: 'start',
        position: { x: 0, y: 0 },
        data: { inputs: [{ name: 'n', type: 'number', required: true }] },
      },
      {
        id: 'double',
        type: 'transform',
        position: { x: 200, y: 0 },
        data: { expression: '{ "value": input.n * 2, "items": [1, 2, 3] }' },
      },
      {
        id: 'size',
        type: 'condition',
        position: { x: 400, y: 0 },
        data: { cases: [{ id: 'big', expression: 'nodes.double.value > 10' }] },
      },
      {
        id: 'big',
        type: 'output',
        position: { x: 600, y: -100 },
        data: { text: templated ? 'Big: {{ nodes.double.value }} from {{ org.name }}' : 'Big' },
      },
      {
        id: 'small',
        type: 'output',
        position: { x: 600, y: 100 },
        data: { text: templated ? 'Small: {{ nodes.double.value }}' : 'Small' },
      },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'double' },
      { id: 'e2', source: 'double', target: 'size' },
      { id: 'e3', source: 'size', sourceHandle: 'big', target: 'big' },
      { id: 'e4', source: 'size', sourceHandle: 'else', target: 'small' },
    ],
  });
}
