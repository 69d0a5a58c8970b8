/**
 * A run in the visitor's browser: the shared engine with the browser executors, the model a
 * real local OpenAI-compatible server (streamed chunks over HTTP, as a provider answers).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInstance, type TFunction } from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runGraph } from '../../../../../shared/engine/run-graph';
import type { RunEvent } from '../../../../../shared/engine/types';
import { agentGraphSchema } from '../../../../../shared/schemas/agent-graph';
import {
  OPENAI_TEST_KEY,
  startOpenAiServer,
  type OpenAiTestServer,
} from '../../../../../server/test/openai-server';
import { loadLocale } from '../../../../locales';
import { demoModelErrorText } from '../../errors';
import {
  browserExecutors,
  type BrowserExecutorTexts,
  type ModelFailure,
  type VisitorModel,
} from './browser-executors';

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const texts = {
  needsServer: 'This step needs a workspace',
  noModel: 'Set a model first',
  modelFailed: (failure: ModelFailure) =>
    `The model answered ${failure.status}: ${failure.message}` +
    (failure.code
      ? ` [${failure.code}${failure.retryAfter ? ` ${failure.retryAfter}s` : ''}]`
      : ''),
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

async function run(
  model: VisitorModel | null,
  middle: object,
  demoUrl?: string,
  executorTexts: BrowserExecutorTexts = texts,
) {
  const events: RunEvent[] = [];
  const handle = runGraph({
    graph: graph(middle),
    inputs: { message: 'Hello there', history: [] },
    executors: browserExecutors(model, executorTexts, demoUrl),
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

/** The server's refusals of the demo model (try-builder.routes.ts): `{ error: { code, message } }`. */
describe('the demo model refusing', () => {
  let demo: Server;
  let demoUrl = '';
  let answer = { status: 404, code: 'DEMO_MODEL_OFF', retryAfter: '' };
  beforeAll(async () => {
    demo = createServer((request, response) => {
      request.resume();
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        ...(answer.retryAfter ? { 'retry-after': answer.retryAfter } : {}),
      });
      response.end(JSON.stringify({ error: { code: answer.code, message: 'In English' } }));
    });
    await new Promise<void>((resolve) => demo.listen(0, '127.0.0.1', resolve));
    demoUrl = `http://127.0.0.1:${(demo.address() as AddressInfo).port}/chat/completions`;
  });
  afterAll(() => new Promise((resolve) => demo.close(resolve)));

  const languages: Record<string, TFunction> = {};
  beforeAll(async () => {
    for (const code of ['en', 'fr', 'ar'] as const) {
      const i18n = createInstance();
      await i18n.init({
        lng: code,
        resources: { [code]: { translation: await loadLocale(code) } },
        interpolation: { escapeValue: false },
        parseMissingKeyHandler: (key: string) => `MISSING ${key}`,
      });
      languages[code] = i18n.t;
    }
  });

  it('hands its code and wait to the texts, which say it in the page’s language', async () => {
    const seen: ModelFailure[] = [];
    const capture = {
      needsServer: '',
      noModel: '',
      modelFailed: (failure: ModelFailure) => {
        seen.push(failure);
        return 'refused';
      },
    };
    const cases = [
      { status: 404, code: 'DEMO_MODEL_OFF', retryAfter: '' },
      { status: 502, code: 'DEMO_MODEL_FAILED', retryAfter: '' },
      { status: 429, code: 'RATE_LIMITED', retryAfter: '30' },
    ];
    for (const c of cases) {
      answer = c;
      const { result } = await run(
        { kind: 'demo' },
        { type: 'llm', data: { prompt: 'x' } },
        demoUrl,
        capture,
      );
      expect(result.status).toBe('failed');
    }
    expect(seen).toEqual([
      { status: 404, code: 'DEMO_MODEL_OFF', message: 'In English' },
      { status: 502, code: 'DEMO_MODEL_FAILED', message: 'In English' },
      { status: 429, code: 'RATE_LIMITED', message: 'In English', retryAfter: 30 },
    ]);

    const en = languages.en as TFunction;
    expect(demoModelErrorText(en, 'en', seen[0])).toBe(
      'The demo model is not available on this instance: set your own model endpoint (Set a model)',
    );
    expect(demoModelErrorText(en, 'en', seen[1])).toMatch(/^The demo model could not answer/);
    expect(demoModelErrorText(en, 'en', seen[2])).toMatch(/30 seconds/);
    for (const language of ['fr', 'ar'] as const) {
      for (const failure of seen) {
        const text = demoModelErrorText(languages[language] as TFunction, language, failure);
        expect(text).not.toMatch(/MISSING|In English/);
        expect(text).not.toBe(demoModelErrorText(en, 'en', failure));
      }
    }
  });

  it('never reads a code from the visitor’s own endpoint (it is not ours)', async () => {
    server.reply({ error: { status: 404, message: 'No such model', code: 'model_not_found' } });
    const own: VisitorModel = {
      kind: 'own',
      baseUrl: server.baseUrl,
      apiKey: OPENAI_TEST_KEY,
      model: 'm',
    };
    const failed = await run(own, { type: 'llm', data: { prompt: 'x' } });
    expect(failed.result.error?.message).toMatch(/The model answered 404: No such model$/);
  });
});
