/**
 * A run in the visitor's browser: the shared engine with the browser executors, the model a
 * real local OpenAI-compatible server (streamed chunks over HTTP, as a provider answers).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runGraph } from '../../../../../shared/engine/run-graph';
import type { RunEvent } from '../../../../../shared/engine/types';
import { agentGraphSchema } from '../../../../../shared/schemas/agent-graph';
import {
  OPENAI_TEST_KEY,
  startOpenAiServer,
  type OpenAiTestServer,
} from '../../../../../server/test/openai-server';
import { browserExecutors, type VisitorModel } from './browser-executors';

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const texts = {
  needsServer: 'This step needs a workspace',
  noModel: 'Set a model first',
  modelFailed: (status: number, detail: string) => `The model answered ${status}: ${detail}`,
};

const graph = (middle: object) =>
  agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } },
      { id: 'step', position: { x: 1, y: 0 }, ...middle },
      {
        id: 'reply',
        type: 'output',
        position: { x: 2, y: 0 },
        data: { text: '{{ nodes.step.text }}' },
      },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'step' },
      { id: 'b', source: 'step', target: 'reply' },
    ],
  });

async function run(model: VisitorModel | null, middle: object) {
  const events: RunEvent[] = [];
  const handle = runGraph({
    graph: graph(middle),
    inputs: { message: 'Hello there', history: [] },
    executors: browserExecutors(model, texts),
    limits: { maxSteps: 20, runTimeoutMs: 10_000 },
    context: { run: {}, org: { name: 'Try' }, now: new Date().toISOString() },
    onEvent: (event) => events.push(event),
  });
  for await (const _ of handle.events) void _;
  return { result: await handle.result, events };
}

describe('a run in the browser', () => {
  it('streams the model answer from the endpoint the visitor typed, with their key', async () => {
    server.reply({ text: 'Hi, how can I help?' });
    const own: VisitorModel = {
      kind: 'own',
      baseUrl: server.baseUrl,
      apiKey: OPENAI_TEST_KEY,
      model: 'test-small',
    };
    const { result, events } = await run(own, {
      type: 'llm',
      data: { system: 'Be brief.', prompt: 'Say hi to: {{ input.message }}' },
    });
    expect(result.status).toBe('succeeded');
    expect(result.output).toBe('Hi, how can I help?');
    const deltas = events.filter((e) => e.type === 'node.delta');
    expect(deltas.length).toBeGreaterThan(1);
    const request = server.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(request.body).toMatchObject({
      model: 'test-small',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hi to: Hello there' },
      ],
    });
  });

  it('fails the step with the model error, and without a model says what to do', async () => {
    server.reply({ error: { status: 401, message: 'Incorrect API key' } });
    const own: VisitorModel = { kind: 'own', baseUrl: server.baseUrl, apiKey: 'wrong', model: 'm' };
    const failed = await run(own, { type: 'llm', data: { prompt: 'x' } });
    expect(failed.result.status).toBe('failed');
    expect(failed.result.error?.message).toMatch(/The model answered 401/);
    const none = await run(null, { type: 'llm', data: { prompt: 'x' } });
    expect(none.result.error?.message).toContain('Set a model first');
  });

  it('says that data sources, web calls and e-mail need a workspace', async () => {
    const { result } = await run(null, {
      type: 'http_request',
      data: { url: 'https://example.com' },
    });
    expect(result.status).toBe('failed');
    expect(result.error?.message).toContain('This step needs a workspace');
  });
});
