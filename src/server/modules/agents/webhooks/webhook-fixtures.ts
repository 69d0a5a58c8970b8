/** Graphs and helpers of the webhook tests. */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { agentGraphSchema, type AgentGraph } from '../../../../shared/schemas/agent-graph.ts';

/** start(name: string required, n: number) → double (transform) → JSON output mapping. */
export const greeter = (doubleExpression = '(input.n ? input.n : 0) * 2'): AgentGraph =>
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
        data: { expression: doubleExpression },
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

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * A JSON POST on its own connection (node:http, as curl sends it: with a length or chunked).
 * The server answers a too large body before reading it all and closes the connection, which
 * must not be one that other requests share.
 */
export function rawPost(url: string, body: string, chunked: boolean) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      agent: false,
      headers: chunked ? JSON_TYPE : { ...JSON_TYPE, 'content-length': Buffer.byteLength(body) },
    });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    // The server may close the connection while the body is still being sent, after its answer.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    request.end(body);
  });
}
