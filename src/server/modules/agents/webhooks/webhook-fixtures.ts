/** Graphs and helpers of the webhook tests. */
import { createHmac } from 'node:crypto';
import { agentGraphSchema, type AgentGraph } from '../../../../shared/schemas/agent-graph.ts';

/** start(name: string required, n: number) → double (transform) → JSON output mapping. */
export const greeter = (): AgentGraph =>
  agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      {
        id: 'start',
        type: 'start',
        position: { x: 0, y: 0 },
        data: {
          mode: 'fields',
          inputs: [
            { name: 'name', type: 'string', required: true },
            { name: 'n', type: 'number' },
          ],
        },
      },
      {
        id: 'double',
        type: 'transform',
        position: { x: 1, y: 0 },
        data: { expression: '(input.n ? input.n : 0) * 2' },
      },
      {
        id: 'reply',
        type: 'output',
        position: { x: 2, y: 0 },
        data: {
          mode: 'json',
          json: { greeting: 'Hello {{ input.name }}', double: '{{ nodes.double }}' },
        },
      },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'double' },
      { id: 'b', source: 'double', target: 'reply' },
    ],
  });

/** A chat start whose text output repeats the message. */
export const chatEcho = (): AgentGraph =>
  agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } },
      {
        id: 'reply',
        type: 'output',
        position: { x: 1, y: 0 },
        data: { text: 'You said {{ input.message }}' },
      },
    ],
    edges: [{ id: 'a', source: 'start', target: 'reply' }],
  });

/** The `X-Meridian-Signature` value of a body under a secret. */
export const sign = (secret: string, body: string | Buffer) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
