/**
 * The run API and the OpenAI-compatible endpoint as other systems meet them: an organisation
 * API key, an agent whose model step calls the local OpenAI-compatible server, the official
 * `openai` client (streamed and not), the run API's wait, async, read and event stream.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentGraphSchema } from '../../../../shared/schemas/agent-graph.ts';
import { member } from '../../../db/schema/index.ts';
import { signedInUser, startTestServer, type TestServer } from '../../../test/harness.ts';
import { startOpenAiServer, type OpenAiTestServer } from '../../../test/openai-server.ts';

const KEY = 'sk-run-api';
type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let model: OpenAiTestServer;
let admin: Signed;
let colleague: Signed;
let chatAgent: string;
let fieldsAgent: string;
let runner: string;
let reader: string;

/** A chat agent: the model answers the message, the reply is the model's text and a signature. */
const chatGraph = (providerId: string) =>
  agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } },
      {
        id: 'ask',
        type: 'llm',
        position: { x: 1, y: 0 },
        data: { providerId, model: 'gpt-test', prompt: '{{ input.message }}' },
      },
      {
        id: 'reply',
        type: 'output',
        position: { x: 2, y: 0 },
        data: { text: '{{ nodes.ask.text }}' },
      },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'ask' },
      { id: 'b', source: 'ask', target: 'reply' },
    ],
  });

const fieldsGraph = agentGraphSchema.parse({
  schemaVersion: 1,
  nodes: [
    {
      id: 'start',
      type: 'start',
      position: { x: 0, y: 0 },
      data: { inputs: [{ name: 'n', type: 'number', required: true }] },
    },
    { id: 'out', type: 'output', position: { x: 1, y: 0 }, data: { text: 'n is {{ input.n }}' } },
  ],
  edges: [{ id: 'a', source: 'start', target: 'out' }],
});

async function publish(name: string, graph: unknown) {
  const id = (await admin.client.post('/api/v1/agents', { name })).json.id as string;
  const saved = await admin.client.request(
    'PUT',
    `/api/v1/agents/${id}/draft`,
    { graph },
    { 'If-Match': '1' },
  );
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect((await admin.client.post(`/api/v1/agents/${id}/publish`, {})).status).toBe(201);
  return id;
}

const withKey = (secret: string) => ({ authorization: `Bearer ${secret}` });
const keyClient = () => server.client();

function openai(secret: string) {
  return new OpenAI({
    apiKey: secret,
    baseURL: 'http://meridian.test/api/v1/openai',
    maxRetries: 0,
    fetch: (async (url: string | URL | Request, init?: RequestInit) =>
      server.app.request(String(url), init)) as typeof fetch,
  });
}

/** The events of an SSE body, by name. */
const eventNames = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('event: '))
    .map((line) => line.slice('event: '.length));

beforeAll(async () => {
  model = await startOpenAiServer({ apiKey: KEY, models: ['gpt-test'] });
  server = await startTestServer({ OUTBOUND_MODEL_NETWORKS: 'loopback' });
  admin = await signedInUser(server, { name: 'Ada Admin' });
  admin.client.orgId = (
    await admin.client.post('/api/functions/complete-user-setup')
  ).json.organization.id;
  colleague = await signedInUser(server);
  await server.db
    .insert(member)
    .values({ organizationId: admin.client.orgId!, userId: colleague.userId, role: 'member' });
  colleague.client.orgId = admin.client.orgId;
  const provider = await admin.client.post('/api/v1/model-providers', {
    name: 'Local',
    baseUrl: model.baseUrl,
    apiKey: KEY,
    models: [{ id: 'gpt-test', inputPrice: 1, outputPrice: 2 }],
    defaultModel: 'gpt-test',
  });
  expect(provider.status, JSON.stringify(provider.json)).toBe(201);
  chatAgent = await publish('Helpdesk', chatGraph(provider.json.id));
  fieldsAgent = await publish('Counter', fieldsGraph);
  const key = async (name: string, scopes: string[]) =>
    (await admin.client.post('/api/v1/api-keys', { name, scopes })).json.secret as string;
  runner = await key('runner', ['agents:run']);
  reader = await key('reader', ['agents:read']);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await model?.close();
});

describe('run API', () => {
  it('runs the published version and answers with the finished run, the input checked first', async () => {
    const client = keyClient();
    const url = `/api/v1/agents/${fieldsAgent}/runs`;
    const done = await client.post(url, { input: { n: '41' } }, withKey(runner));
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toMatchObject({ status: 'succeeded', trigger: 'api', output: 'n is 41' });
    expect(done.json.caller).toBeNull();

    const missing = await client.post(url, { input: {} }, withKey(runner));
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(missing.json.error.fields.input[0]).toContain('"n"');
    const wrongType = await client.post(url, { input: { n: 'many' } }, withKey(runner));
    expect(wrongType.status).toBe(400);
    // Keys never run the draft.
    const draft = await client.post(url, { input: { n: 1 }, draft: true }, withKey(runner));
    expect(draft.status).toBe(403);

    // Members still run agents with their session.
    const member = await colleague.client.post(url, { input: { n: 2 } });
    expect(member.status).toBe(200);
    expect(member.json.caller.id).toBe(colleague.userId);
  });

  it('answers 202 with the run id for ?async=true or when ?wait= runs out, then reads the run and replays its events', async () => {
    const client = keyClient();
    const url = `/api/v1/agents/${chatAgent}/runs`;
    model.reply({ text: 'Slow answer', delayMs: 600 });
    const waited = await client.post(
      `${url}?wait=0`,
      { input: { message: 'hi' } },
      withKey(runner),
    );
    expect(waited.status).toBe(202);
    expect(waited.json).toEqual({ id: expect.any(String), status: 'running' });

    // The event stream follows the live run to its end.
    const live = await client.get(`${url}/${waited.json.id}/events`, withKey(reader));
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toContain('text/event-stream');
    const liveEvents = eventNames(live.text);
    expect(liveEvents[0]).toBe('run.started');
    expect(liveEvents.at(-1)).toBe('run.finished');

    model.reply({ text: 'Later answer' });
    const queued = await client.post(
      `${url}?async=true`,
      { input: { message: 'hi' } },
      withKey(runner),
    );
    expect(queued.status).toBe(202);
    let run = (await client.get(`${url}/${queued.json.id}`, withKey(reader))).json;
    // Queued, then run by a worker (pg-boss polls): up to 30 s on a busy machine.
    for (let i = 0; i < 300 && ['queued', 'running'].includes(run.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = (await client.get(`${url}/${queued.json.id}`, withKey(runner))).json;
    }
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'api', output: 'Later answer' });
    expect(run.steps.map((s: { nodeId: string }) => s.nodeId)).toEqual(['start', 'ask', 'reply']);

    // After the end, the events are told from what was stored.
    const replay = await client.get(`${url}/${queued.json.id}/events`, withKey(reader));
    expect(eventNames(replay.text)).toEqual([
      'run.started',
      'node.finished',
      'node.finished',
      'node.finished',
      'run.finished',
    ]);
    // A reader lists runs; a runner does not (agents:read).
    expect((await client.get(url, withKey(reader))).status).toBe(200);
    expect((await client.get(url, withKey(runner))).status).toBe(403);
  });
});

describe('OpenAI-compatible endpoint', () => {
  it('lists the published chat agents as models', async () => {
    const models = await openai(reader).models.list();
    const ids = models.data.map((m) => m.id);
    expect(ids).toContain('agent:helpdesk');
    expect(ids).toContain('agent:counter');
  });

  it('answers a chat completion with the run’s usage, from the last user message', async () => {
    model.reset();
    model.reply({ text: 'Paris.', usage: { promptTokens: 11, completionTokens: 2 } });
    const answer = await openai(runner).chat.completions.create({
      model: 'agent:helpdesk',
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi!' },
        { role: 'user', content: 'Capital of France?' },
      ],
    });
    expect(answer.object).toBe('chat.completion');
    expect(answer.choices[0]?.message.content).toBe('Paris.');
    expect(answer.usage).toMatchObject({
      prompt_tokens: 11,
      completion_tokens: 2,
      total_tokens: 13,
    });
    const sent = model.requests.at(-1)?.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(sent.messages)).toContain('Capital of France?');
    const run = await admin.client.get(
      `/api/v1/agents/${chatAgent}/runs/${answer.id.replace('chatcmpl-', '')}`,
    );
    expect(run.json).toMatchObject({ trigger: 'openai', status: 'succeeded' });
    expect(run.json.input.history).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi!' },
    ]);
  });

  it('streams chat.completion.chunk events ending with the usage and [DONE]', async () => {
    model.reply({ text: 'One two three four', chunkDelayMs: 5 });
    const stream = await openai(runner).chat.completions.create({
      model: `agent:${chatAgent}`,
      messages: [{ role: 'user', content: 'Count' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let contentChunks = 0;
    let usage: OpenAI.CompletionUsage | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      const delta = chunk.choices[0]?.delta.content;
      if (delta) {
        text += delta;
        contentChunks++;
      }
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('One two three four');
    expect(contentChunks).toBeGreaterThan(1);
    expect(finish).toBe('stop');
    expect(usage?.total_tokens).toBeGreaterThan(0);
  });

  it('cancels the run when a streaming client goes away', async () => {
    model.reset();
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    model.reply({ text: words, chunkDelayMs: 300 });
    const res = await server.app.request('/api/v1/openai/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...withKey(runner) },
      body: JSON.stringify({
        model: 'agent:helpdesk',
        messages: [{ role: 'user', content: 'Slowly' }],
        stream: true,
      }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('word0')) {
      const { value, done } = await reader.read();
      expect(done, received).toBe(false);
      received += decoder.decode(value, { stream: true });
    }
    const runId = /"id":"chatcmpl-([0-9a-f-]{36})"/.exec(received)?.[1];
    await reader.cancel();
    let status = 'running';
    for (let i = 0; i < 100 && (status === 'running' || status === 'queued'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await admin.client.get(`/api/v1/agents/${chatAgent}/runs/${runId}`)).json.status;
    }
    expect(status).toBe('cancelled');
    expect(model.abortedChatRequests()).toHaveLength(1);
  });

  it('answers errors in OpenAI’s shape', async () => {
    const unknownModel = openai(runner).chat.completions.create({
      model: 'agent:nope',
      messages: [{ role: 'user', content: 'x' }],
    });
    await expect(unknownModel).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
    const notOurs = openai(runner).chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'x' }],
    });
    await expect(notOurs).rejects.toMatchObject({ status: 404 });
    const badKey = openai('mk_wrong').models.list();
    await expect(badKey).rejects.toMatchObject({ status: 401, type: 'authentication_error' });
    const wrongScope = openai(reader).chat.completions.create({
      model: 'agent:helpdesk',
      messages: [{ role: 'user', content: 'x' }],
    });
    await expect(wrongScope).rejects.toMatchObject({ status: 403, type: 'permission_error' });
    const raw = await keyClient().post(
      '/api/v1/openai/chat/completions',
      { model: 'agent:helpdesk', messages: [] },
      withKey(runner),
    );
    expect(raw.status).toBe(400);
    expect(raw.json.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'VALIDATION_ERROR',
    });
    expect(typeof raw.json.error.message).toBe('string');
  });

  it('serves the API reference from the installed Swagger UI', async () => {
    const page = await keyClient().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/api/docs/swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/https?:\/\//);
    const bundle = await keyClient().get('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await keyClient().get('/api/docs/init.js')).text).toContain('/api/v1/openapi.json');
    const doc = (await keyClient().get('/api/v1/openapi.json')).json;
    expect(doc.paths['/openai/chat/completions'].post).toBeDefined();
    expect(doc.paths['/api-keys'].post).toBeDefined();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
