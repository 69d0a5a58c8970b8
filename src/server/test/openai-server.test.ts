/**
 * The local OpenAI-compatible test server, through plain HTTP and through the AI SDK's
 * OpenAI-compatible provider (what Meridian's llm step uses), so that its answers are the shape
 * real clients parse.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, streamText, tool } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPENAI_TEST_KEY, startOpenAiServer, type OpenAiTestServer } from './openai-server.ts';

let model: OpenAiTestServer;

beforeAll(async () => {
  model = await startOpenAiServer();
});
afterAll(async () => {
  await model.close();
});
beforeEach(() => model.reset());

const post = (body: unknown, key = OPENAI_TEST_KEY, headers: Record<string, string> = {}) =>
  fetch(`${model.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const provider = () =>
  createOpenAICompatible({
    name: 'test',
    baseURL: model.baseUrl,
    apiKey: OPENAI_TEST_KEY,
    headers: { 'X-Team': 'blue' },
    includeUsage: true,
  });

describe('the local OpenAI-compatible server', () => {
  it('lists its models and refuses a wrong or missing key with an OpenAI error body', async () => {
    const list = await fetch(`${model.baseUrl}/models`, {
      headers: { authorization: `Bearer ${OPENAI_TEST_KEY}` },
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual([
      'test-small',
      'test-large',
    ]);
    const wrong = await post({ model: 'test-small', messages: [] }, 'sk-wrong');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      error: { message: 'Incorrect API key provided.', code: 'invalid_api_key' },
    });
    const none = await fetch(`${model.baseUrl}/models`);
    expect(none.status).toBe(401);
    expect(model.requests.map((r) => r.path)).toEqual([
      '/v1/models',
      '/v1/chat/completions',
      '/v1/models',
    ]);
  });

  it('answers OK by default, scripted replies in order, and records the headers sent', async () => {
    model.reply({ text: 'First answer' }, { json: { total: 3 } });
    const first = await post(
      { model: 'test-small', messages: [{ role: 'user', content: 'hi' }] },
      OPENAI_TEST_KEY,
      {
        'x-team': 'blue',
      },
    );
    const firstBody = (await first.json()) as {
      object: string;
      choices: { message: { content: string }; finish_reason: string }[];
      usage: { prompt_tokens: number; completion_tokens: number };
    };
    expect(firstBody.object).toBe('chat.completion');
    expect(firstBody.choices[0]).toMatchObject({
      message: { content: 'First answer' },
      finish_reason: 'stop',
    });
    expect(firstBody.usage).toMatchObject({ prompt_tokens: 1, completion_tokens: 2 });
    const second = (await (await post({ model: 'test-small', messages: [] })).json()) as {
      choices: { message: { content: string } }[];
    };
    expect(JSON.parse(second.choices[0]!.message.content)).toEqual({ total: 3 });
    const third = (await (await post({ model: 'test-small', messages: [] })).json()) as {
      choices: { message: { content: string } }[];
    };
    expect(third.choices[0]!.message.content).toBe('OK');
    expect(model.requests[0]!.headers['x-team']).toBe('blue');
    expect(model.chatRequests()).toHaveLength(3);
  });

  it('answers a scripted error with its status and OpenAI error body', async () => {
    model.reply({
      error: { status: 429, message: 'Rate limit reached', code: 'rate_limit_exceeded' },
    });
    const res = await post({ model: 'test-small', messages: [] });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      error: {
        message: 'Rate limit reached',
        type: 'api_error',
        param: null,
        code: 'rate_limit_exceeded',
      },
    });
  });

  it('streams chunks, usage last when asked, then [DONE]', async () => {
    model.reply({ text: 'one two three', usage: { promptTokens: 7, completionTokens: 3 } });
    const res = await post({
      model: 'test-small',
      messages: [],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const lines = (await res.text()).split('\n\n').filter(Boolean);
    expect(lines.at(-1)).toBe('data: [DONE]');
    const events = lines.slice(0, -1).map((line) => JSON.parse(line.slice('data: '.length)));
    expect(events.every((e) => e.object === 'chat.completion.chunk')).toBe(true);
    const text = events.map((e) => e.choices[0]?.delta?.content ?? '').join('');
    expect(text).toBe('one two three');
    expect(events.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 7, completion_tokens: 3 },
    });
    expect(events.at(-2).choices[0].finish_reason).toBe('stop');
  });

  it('works with the AI SDK: text, tool calls, streaming with usage', async () => {
    model.reply({ text: 'Hello there' });
    const answer = await generateText({ model: provider()('test-small'), prompt: 'Say hello' });
    expect(answer.text).toBe('Hello there');
    expect(model.requests[0]!.headers['x-team']).toBe('blue');
    expect(model.chatRequests()[0]).toMatchObject({ model: 'test-small' });

    model.reply({ toolCalls: [{ name: 'lookup', arguments: { id: 42 } }] });
    const tools = await generateText({
      model: provider()('test-small'),
      prompt: 'Find 42',
      tools: {
        lookup: tool({
          description: 'Looks an order up',
          inputSchema: jsonSchema<{ id: number }>({
            type: 'object',
            properties: { id: { type: 'number' } },
          }),
        }),
      },
    });
    // Without an implementation the SDK stops at the model's tool call.
    expect(tools.toolCalls[0]).toMatchObject({ toolName: 'lookup', input: { id: 42 } });

    model.reply({ text: 'streamed words here', chunkDelayMs: 5 });
    const stream = streamText({ model: provider()('test-large'), prompt: 'Stream' });
    let streamed = '';
    for await (const part of stream.textStream) streamed += part;
    expect(streamed).toBe('streamed words here');
    expect((await stream.usage).outputTokens).toBe(3);
    expect(model.chatRequests().at(-1)).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('answers a slow reply after its delay, and stops waiting when the client leaves', async () => {
    model.reply({ text: 'late', delayMs: 300 });
    const started = Date.now();
    const res = await post({ model: 'test-small', messages: [] });
    expect(
      ((await res.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message
        .content,
    ).toBe('late');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);

    model.reply({ text: 'never read', delayMs: 10_000 });
    const aborted = await fetch(`${model.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPENAI_TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-small', messages: [] }),
      signal: AbortSignal.timeout(100),
    }).catch((error: Error) => error.name);
    expect(aborted).toBe('TimeoutError');
  });
});
