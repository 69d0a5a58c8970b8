/**
 * /api/v1/try-builder through the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL) and the
 * local OpenAI-compatible server, reached through a small TCP relay that counts the bytes the
 * model sends (to see a visitor who leaves cancel the model's request): the demo model off and
 * on, the streamed answer chunk by chunk with the forced model and the server's key, max_tokens
 * capped, invalid bodies, the provider's 401, the outbound policy, and the per-address limit.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ConfigError, loadConfig } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';
import { forwardDemoChat } from './demo-chat.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { startOpenAiServer, type OpenAiTestServer } from '../../test/openai-server.ts';

const KEY = 'sk-demo-key-do-not-leak';
const MODEL = 'demo-small';
const CHAT = '/api/v1/try-builder/chat/completions';
const CONFIG = '/api/v1/try-builder/config';
const LIMIT = 4;

let model: OpenAiTestServer;
let relay: net.Server;
let relayedBytes = 0;
let off: TestServer;
let on: TestServer;
let blocked: TestServer;

const body = (overrides: Record<string, unknown> = {}) => ({
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Say hello' },
  ],
  stream: true,
  stream_options: { include_usage: true },
  ...overrides,
});

beforeAll(async () => {
  model = await startOpenAiServer({ apiKey: KEY, models: [MODEL] });
  const upstream = new URL(model.origin);
  relay = net.createServer((socket) => {
    const target = net.connect(Number(upstream.port), upstream.hostname);
    target.on('data', (chunk: Buffer) => {
      relayedBytes += chunk.byteLength;
    });
    socket.pipe(target).pipe(socket);
    socket.on('close', () => target.destroy());
    target.on('close', () => socket.destroy());
    socket.on('error', () => target.destroy());
    target.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/v1`;
  const demoEnv = {
    DEMO_MODEL_BASE_URL: relayUrl,
    DEMO_MODEL_API_KEY: KEY,
    DEMO_MODEL: MODEL,
    DEMO_MODEL_RATE_LIMIT: String(LIMIT),
    DEMO_MODEL_MAX_TOKENS: '100',
  };
  [off, on, blocked] = await Promise.all([
    startTestServer({ OUTBOUND_MODEL_NETWORKS: 'loopback' }),
    startTestServer({ ...demoEnv, OUTBOUND_MODEL_NETWORKS: 'loopback' }),
    // The default policy: model providers reach public addresses only.
    startTestServer(demoEnv),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([off?.close(), on?.close(), blocked?.close()]);
  await new Promise((resolve) => relay?.close(resolve));
  await model?.close();
});

beforeEach(() => model.reset());

/** A raw request through the app, so that the test reads the answer as it streams. */
function rawChat(server: TestServer, json: unknown, signal?: AbortSignal) {
  return server.app.request(CHAT, {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
      'x-forwarded-for': server.newIp(),
    },
    body: JSON.stringify(json),
  });
}

describe('demo model configuration', () => {
  it('is off without DEMO_MODEL_BASE_URL, needs DEMO_MODEL with it, and has its defaults', () => {
    expect(loadConfig({ DEMO_MODEL: MODEL, DEMO_MODEL_API_KEY: KEY }).demoModel).toBeUndefined();
    expect(() => loadConfig({ DEMO_MODEL_BASE_URL: 'https://models.example/v1' })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({ DEMO_MODEL_BASE_URL: 'ftp://models.example', DEMO_MODEL: MODEL }),
    ).toThrow(/DEMO_MODEL_BASE_URL/);
    expect(
      loadConfig({ DEMO_MODEL_BASE_URL: 'https://models.example/v1', DEMO_MODEL: MODEL }).demoModel,
    ).toEqual({
      baseUrl: 'https://models.example/v1',
      apiKey: undefined,
      model: MODEL,
      rateLimit: 10,
      maxTokens: 512,
    });
    expect(() =>
      loadConfig({
        DEMO_MODEL_BASE_URL: 'https://m.example',
        DEMO_MODEL: MODEL,
        DEMO_MODEL_RATE_LIMIT: '0',
      }),
    ).toThrow(/DEMO_MODEL_RATE_LIMIT/);
  });
});

describe('try-builder without a demo model', () => {
  it('says there is none and answers the chat endpoint 404 DEMO_MODEL_OFF, without a session', async () => {
    const client = off.client();
    const config = await client.get(CONFIG);
    expect(config.status).toBe(200);
    expect(config.json).toEqual({ demoModel: null });
    const chat = await client.post(CHAT, body());
    expect(chat.status).toBe(404);
    expect(chat.json.error.code).toBe('DEMO_MODEL_OFF');
    // Even a body that is not one: nothing is read when the demo is off.
    expect((await client.post(CHAT, { nonsense: true })).status).toBe(404);
    expect(model.requests).toHaveLength(0);
  });
});

describe('try-builder with a demo model', () => {
  it('shows the model id only, never the key or the address', async () => {
    const res = await on.client().get(CONFIG);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ demoModel: { model: MODEL } });
    expect(res.text).not.toContain(KEY);
    expect(res.text).not.toContain('127.0.0.1');
  });

  it('streams the answer chunk by chunk, with the forced model and the server’s key upstream', async () => {
    model.reply({ text: 'Hello there from the demo model', chunkDelayMs: 120 });
    const started = Date.now();
    const res = await rawChat(on, body({ model: 'gpt-expensive', temperature: 0.3 }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const arrivals: { at: number; text: string }[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arrivals.push({ at: Date.now() - started, text: decoder.decode(value, { stream: true }) });
    }
    const text = arrivals.map((a) => a.text).join('');
    // Several reads, spread over the model's pauses: passed on as they came, not gathered.
    expect(arrivals.length).toBeGreaterThanOrEqual(4);
    expect(arrivals.at(-1)!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(400);
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
      .map((line) => JSON.parse(line.slice(6)));
    const content = events.map((e) => e.choices?.[0]?.delta?.content ?? '').join('');
    expect(content).toBe('Hello there from the demo model');
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
    expect(events.some((e) => e.usage)).toBe(true);
    expect(text).not.toContain(KEY);

    const sent = model.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toEqual({
      model: MODEL,
      messages: body().messages,
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.3,
      max_tokens: 100,
    });
  });

  it('answers JSON when stream is false, and caps max_tokens at DEMO_MODEL_MAX_TOKENS', async () => {
    const client = on.client();
    const res = await client.post(CHAT, body({ stream: false, max_tokens: 5000 }));
    expect(res.status).toBe(200);
    expect(res.json.object).toBe('chat.completion');
    expect(res.json.model).toBe(MODEL);
    expect(res.json.choices[0].message.content).toBe('OK');
    expect(res.text).not.toContain(KEY);
    expect(model.chatRequests().at(-1)!.max_tokens).toBe(100);

    await client.post(CHAT, body({ stream: false, max_tokens: 20 }));
    expect(model.chatRequests().at(-1)!.max_tokens).toBe(20);
  });

  it('refuses invalid bodies with 400 VALIDATION_ERROR and sends nothing upstream', async () => {
    const client = on.client();
    const invalid = [
      body({ messages: [] }),
      body({ messages: Array.from({ length: 51 }, () => ({ role: 'user', content: 'x' })) }),
      body({ messages: [{ role: 'tool', content: 'x' }] }),
      body({ messages: [{ role: 'user', content: 'x'.repeat(20_001) }] }),
      body({ temperature: 3 }),
      body({ tools: [{ type: 'function' }] }),
      body({ stream: 'yes' }),
    ];
    for (const json of invalid) {
      const res = await on.client().post(CHAT, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await client.post(CHAT, 'not json')).status).toBe(400);
    expect(model.requests).toHaveLength(0);
  });

  it('turns the provider’s 401 into a clear 502 that never holds the key', async () => {
    model.reply({ error: { status: 401, message: `Incorrect API key provided: ${KEY}` } });
    const res = await on.client().post(CHAT, body());
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe('DEMO_MODEL_FAILED');
    expect(res.json.error.message).toMatch(/refused this server’s credentials/);
    expect(res.text).not.toContain(KEY);

    model.reply({ error: { status: 500, message: `Overloaded (${KEY})` } });
    const failed = await on.client().post(CHAT, body());
    expect(failed.status).toBe(502);
    expect(failed.json.error.message).toBe(
      'The demo model answered with an error (HTTP 500): Overloaded ([redacted])',
    );
  });

  it('goes through the outbound policy for models: loopback refused by default', async () => {
    const res = await blocked.client().post(CHAT, body());
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe('DEMO_MODEL_FAILED');
    expect(model.requests).toHaveLength(0);
  });

  it('cancels the model’s request when the visitor leaves', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    model.reply({ text: words, chunkDelayMs: 100 });
    const leave = new AbortController();
    const res = await rawChat(on, body(), leave.signal);
    const reader = res.body!.getReader();
    await reader.read();
    await reader.read();
    leave.abort();
    await reader.cancel().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const afterLeaving = relayedBytes;
    await new Promise((resolve) => setTimeout(resolve, 600));
    // The model would have gone on for about 6 seconds; its connection is closed instead.
    expect(relayedBytes).toBe(afterLeaving);
  });

  it('limits each address to DEMO_MODEL_RATE_LIMIT requests a minute: 429 with Retry-After', async () => {
    const client = on.client();
    for (let i = 0; i < LIMIT; i++) {
      expect((await client.post(CHAT, body({ stream: false }))).status).toBe(200);
    }
    const limited = await client.post(CHAT, body({ stream: false }));
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Refused requests do not reach the model; another address is not affected.
    expect(model.chatRequests()).toHaveLength(LIMIT);
    expect((await on.client().post(CHAT, body({ stream: false }))).status).toBe(200);
  });
});

describe('the demo model’s log lines', () => {
  it('never hold the key, whatever the provider answers', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
    const closed = await startOpenAiServer();
    const closedUrl = closed.baseUrl;
    await closed.close();
    const policy = loadConfig({ OUTBOUND_MODEL_NETWORKS: 'loopback' }).outbound;
    const demo = { apiKey: KEY, model: MODEL, rateLimit: LIMIT, maxTokens: 100 };
    const chat = (baseUrl: string) =>
      forwardDemoChat({
        demo: { ...demo, baseUrl },
        policy,
        body: { messages: [{ role: 'user', content: 'hi' }], stream: true },
        signal: new AbortController().signal,
        logger,
      }).then(
        () => null,
        (error: unknown) => error,
      );

    model.reply(
      { error: { status: 401, message: `Incorrect API key provided: ${KEY}` } },
      { error: { status: 503, message: `Overloaded for key ${KEY}` } },
    );
    const refused = await chat(model.baseUrl);
    const overloaded = await chat(model.baseUrl);
    const unreachable = await chat(closedUrl);
    for (const error of [refused, overloaded, unreachable]) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(502);
      expect((error as HttpError).message).not.toContain(KEY);
    }
    expect((unreachable as HttpError).message).toBe(
      'The demo model could not be reached; try again later',
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain(KEY);
    expect(lines.join('\n')).toContain('Overloaded for key [redacted]');
  });
});
