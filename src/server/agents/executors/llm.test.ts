/**
 * The llm step against the local OpenAI-compatible server: streamed text, usage and cost, JSON
 * answers, a tool call into the machine's PostgreSQL, provider errors, cancellation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { graph, runAll } from '../../../shared/engine/test-support.ts';
import type { RunEvent } from '../../../shared/engine/types.ts';
import { createServerExecutors } from './index.ts';
import { updateModelProvider } from '../../modules/model-providers/model-providers.service.ts';
import {
  env,
  KEY,
  model,
  orgA,
  orgB,
  pgCount,
  providerId,
  run,
  setUp,
  sourceId,
  tearDown,
} from './test-fixture.ts';

beforeAll(setUp, 120_000);
afterAll(tearDown);
beforeEach(() => model.reset());

describe('llm', () => {
  it('streams the answer as deltas, with usage and the cost from the model prices', async () => {
    model.reply({
      text: 'Hello Ada, welcome back',
      chunkDelayMs: 2,
      usage: { promptTokens: 1000, completionTokens: 500 },
    });
    const result = await run('llm', {
      providerId,
      model: 'gpt-test',
      system: 'You work for {{ org.name }}.',
      prompt: 'Greet {{ input.customer }}',
      temperature: 0.2,
      maxTokens: 50,
    });
    expect(result.deltas.length).toBeGreaterThan(1);
    expect(result.deltas.join('')).toBe('Hello Ada, welcome back');
    expect(result.output).toMatchObject({ text: 'Hello Ada, welcome back', toolCalls: [] });
    // 1000 × 2 / 1e6 + 500 × 10 / 1e6
    expect(result.usage).toEqual({ inputTokens: 1000, outputTokens: 500, cost: 0.007 });
    const request = model.chatRequests()[0]!;
    expect(request).toMatchObject({ model: 'gpt-test', stream: true, temperature: 0.2 });
    expect(request.messages).toEqual([
      { role: 'system', content: 'You work for Acme.' },
      { role: 'user', content: 'Greet Ada' },
    ]);
    expect(model.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('parses a JSON answer when the step has a schema', async () => {
    model.reply({ json: { total: 3, currency: 'EUR' } });
    const result = await run('llm', {
      providerId,
      prompt: 'Sum it',
      jsonSchema: { type: 'object', properties: { total: { type: 'number' } } },
    });
    expect(result.output.json).toEqual({ total: 3, currency: 'EUR' });
    const system = model.chatRequests()[0]!.messages![0]!;
    expect(system.role).toBe('system');
    expect(String(system.content)).toContain('"total"');
  });

  it('lets the model query a data source as a tool and answers from its rows', async () => {
    model.reply(
      {
        toolCalls: [
          {
            name: 'query_sales_db',
            arguments: { sql: "select customer, total from orders where customer = 'Ada'" },
          },
        ],
      },
      { text: 'Ada spent 12.50' },
    );
    const result = await run('llm', {
      providerId,
      prompt: '{{ input.message }}',
      tools: { dataSourceIds: [sourceId] },
      maxToolRounds: 2,
    });
    expect(result.output.text).toBe('Ada spent 12.50');
    const calls = result.output.toolCalls as { name: string; output: { rows: unknown[] } }[];
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('query_sales_db');
    expect(calls[0]!.output.rows).toEqual([{ customer: 'Ada', total: '12.50' }]);
    const [first, second] = model.chatRequests();
    expect((first!.tools as { function: { name: string } }[])[0]!.function.name).toBe(
      'query_sales_db',
    );
    const toolMessage = second!.messages!.find((m) => m.role === 'tool');
    expect(JSON.stringify(toolMessage?.content)).toContain('12.50');
  });

  it('tells the model when its query is refused (a write), and keeps going', async () => {
    model.reply(
      { toolCalls: [{ name: 'query_sales_db', arguments: { sql: 'delete from orders' } }] },
      { text: 'I may not delete' },
    );
    const result = await run('llm', {
      providerId,
      prompt: 'Delete everything',
      tools: { dataSourceIds: [sourceId] },
    });
    expect(result.output.text).toBe('I may not delete');
    const calls = result.output.toolCalls as { output: { error?: string } }[];
    expect(calls[0]!.output.error).toBeTruthy();
    const rows = await pgCount();
    expect(rows).toBe(3);
  });

  it('a provider error fails the step with the provider’s message (401, 500)', async () => {
    const executors = createServerExecutors(env);
    for (const [status, message] of [
      [401, 'Incorrect API key provided.'],
      [500, 'The model is overloaded'],
    ] as const) {
      model.reply({ error: { status, message } });
      const { events, result } = await runAll({
        graph: graph(
          [
            ['start', 'start'],
            ['ask', 'llm', { providerId, prompt: 'Hi' }],
            ['reply', 'output', { text: '{{ nodes.ask.text }}' }],
          ],
          [
            ['start', 'ask'],
            ['ask', 'reply'],
          ],
        ),
        executors,
      });
      expect(result.status).toBe('failed');
      const failed = events.find(
        (e): e is Extract<RunEvent, { type: 'node.failed' }> => e.type === 'node.failed',
      );
      expect(failed?.nodeId).toBe('ask');
      expect(failed?.error.message).toContain(message);
      expect(failed?.error.message).toContain(String(status));
    }
  });

  it('sends a provider’s new key as soon as it is changed (the model client is kept per key)', async () => {
    const scope = { organizationId: orgA };
    const actor = { id: null, email: null, ip: null };
    const change = (apiKey: string) =>
      updateModelProvider(env.deps, scope, actor, providerId, { apiKey });
    try {
      model.reply({ text: 'first' });
      expect((await run('llm', { providerId, prompt: 'Hi' })).output).toMatchObject({
        text: 'first',
      });
      await change('sk-rotated');
      // The model server knows only the first key: it refuses the new one.
      await expect(run('llm', { providerId, prompt: 'Hi' })).rejects.toThrow('401');
      expect(model.requests.at(-1)!.headers.authorization).toBe('Bearer sk-rotated');
    } finally {
      await change(KEY);
    }
    model.reply({ text: 'third' });
    expect((await run('llm', { providerId, prompt: 'Hi' })).output).toMatchObject({
      text: 'third',
    });
    expect(model.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('stops the request when the run is cancelled', async () => {
    model.reply({ text: 'a slow answer that never ends', delayMs: 5000 });
    const controller = new AbortController();
    const started = Date.now();
    const pending = run(
      'llm',
      { providerId, prompt: 'Take your time' },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error('Cancelled by the user')), 150);
    await expect(pending).rejects.toThrow('Cancelled by the user');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses a provider of another organisation', async () => {
    await expect(
      run(
        'llm',
        { providerId, prompt: 'Hi' },
        { env: { ...env, scope: { organizationId: orgB } } },
      ),
    ).rejects.toThrow(/not found/i);
  });
});
