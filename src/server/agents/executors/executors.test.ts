/**
 * The server executors against real systems: the local OpenAI-compatible server (streamed text,
 * usage and cost, JSON answers, a tool call into the machine's PostgreSQL, provider errors,
 * cancellation), PostgreSQL through the console's path (bound parameters, a refused write), a
 * local HTTP server under the outbound policy, and the mailer's outbox.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { member } from '../../db/schema/index.ts';
import { readOutbox } from '../../mail/outbox.ts';
import { DEFAULT_OUTBOUND_POLICY } from '../../net/outbound.ts';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { startOpenAiServer, type OpenAiTestServer } from '../../test/openai-server.ts';
import {
  LOCAL_POSTGRES,
  requireLocalService,
} from '../../modules/data-sources/connectors/test-servers.ts';
import { graph, runAll } from '../../../shared/engine/test-support.ts';
import type {
  ExecutorContext,
  ExecutorIo,
  Executors,
  RunEvent,
} from '../../../shared/engine/types.ts';
import type { AgentNode, NodeOfType, NodeType } from '../../../shared/schemas/agent-graph.ts';
import { agentNodeSchema } from '../../../shared/schemas/agent-graph.ts';
import { createServerExecutors, type ServerExecutorEnv } from './index.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let model: OpenAiTestServer;
let api: http.Server;
let apiBase: string;
let admin: Signed;
let colleague: Signed;
let orgA: string;
let orgB: string;
let env: ServerExecutorEnv;
let providerId: string;
let sourceId: string;
let otherOrgSourceId: string;

const KEY = 'sk-agent-key';
const PASSWORD = 'pg-agent-password';
const pgDatabase = `meridian_agents_${randomBytes(5).toString('hex')}`;
const pgReader = `${pgDatabase}_reader`;

async function pgAdmin(database: string, sql: string) {
  const client = new pg.Client({ ...LOCAL_POSTGRES, database });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await requireLocalService('PostgreSQL', LOCAL_POSTGRES);
  await pgAdmin('postgres', `create database ${pgDatabase}`);
  await pgAdmin(
    pgDatabase,
    `create table orders (id int primary key, customer text, total numeric(8,2));
     insert into orders values (1, 'Ada', 12.50), (2, 'Grace', 40.00), (3, 'O''Brien', 7.25);
     create role ${pgReader} login password '${PASSWORD}';
     grant select on orders to ${pgReader};`,
  );
  model = await startOpenAiServer({ apiKey: KEY, models: ['gpt-test'] });
  api = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      res.writeHead(201, { 'content-type': 'application/json', 'x-echo': 'yes' });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          auth: req.headers.authorization ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

  server = await startTestServer({
    OUTBOUND_MODEL_NETWORKS: 'loopback',
    OUTBOUND_HTTP_NETWORKS: 'loopback',
  });
  admin = await signedInUser(server, { name: 'Alice Admin' });
  orgA = (await admin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  admin.client.orgId = orgA;
  colleague = await signedInUser(server, { name: 'Colin Colleague' });
  await server.db
    .insert(member)
    .values({ organizationId: orgA, userId: colleague.userId, role: 'member' });
  const other = await signedInUser(server);
  orgB = (await other.client.post('/api/functions/complete-user-setup')).json.organization.id;
  other.client.orgId = orgB;

  const provider = await admin.client.post('/api/v1/model-providers', {
    name: 'Local',
    baseUrl: model.baseUrl,
    apiKey: KEY,
    models: [{ id: 'gpt-test', inputPrice: 2, outputPrice: 10 }],
    defaultModel: 'gpt-test',
  });
  expect(provider.status, JSON.stringify(provider.json)).toBe(201);
  providerId = provider.json.id as string;
  const sourceInput = {
    type: 'postgres',
    name: 'Sales DB',
    config: {
      host: LOCAL_POSTGRES.host,
      port: LOCAL_POSTGRES.port,
      database: pgDatabase,
      user: pgReader,
      ssl: 'disable',
    },
    secret: PASSWORD,
  };
  const source = await admin.client.post('/api/v1/data-sources', sourceInput);
  expect(source.status, JSON.stringify(source.json)).toBe(201);
  sourceId = source.json.id as string;
  const otherSource = await other.client.post('/api/v1/data-sources', sourceInput);
  expect(otherSource.status, JSON.stringify(otherSource.json)).toBe(201);
  otherOrgSourceId = otherSource.json.id as string;

  env = {
    deps: server.deps,
    scope: { organizationId: orgA },
    caller: { id: admin.userId, email: admin.email },
  };
}, 120_000);

afterAll(async () => {
  await server?.close();
  await model?.close();
  await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
  await pgAdmin('postgres', `drop database if exists ${pgDatabase} with (force)`).catch(() => {});
  await pgAdmin('postgres', `drop role if exists ${pgReader}`).catch(() => {});
});

beforeEach(() => model.reset());

const ctx: ExecutorContext = {
  inputs: { message: 'How much did Ada spend?', customer: 'Ada' },
  nodes: {},
  run: { id: 'run-1' },
  org: { name: 'Acme' },
  now: '2026-01-01T00:00:00.000Z',
};

function nodeOf<T extends NodeType>(type: T, data: Record<string, unknown>): NodeOfType<T> {
  return agentNodeSchema.parse({
    id: 'step',
    type,
    position: { x: 0, y: 0 },
    data,
  }) as NodeOfType<T>;
}

function io(signal = new AbortController().signal) {
  const deltas: string[] = [];
  const value: ExecutorIo = { signal, emitDelta: (text) => deltas.push(text) };
  return { io: value, deltas };
}

async function run<T extends NodeType>(
  type: T,
  data: Record<string, unknown>,
  options: { env?: ServerExecutorEnv; signal?: AbortSignal } = {},
) {
  const executors = createServerExecutors(options.env ?? env) as Required<Executors>;
  const executor = executors[type] as (
    node: AgentNode,
    ctx: ExecutorContext,
    io: ExecutorIo,
  ) => ReturnType<Required<Executors>[T]>;
  const channel = io(options.signal);
  const result = await executor(nodeOf(type, data), ctx, channel.io);
  return { ...result, output: result.output as Record<string, unknown>, deltas: channel.deltas };
}

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
    await expect(pending).rejects.toThrow();
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

async function pgCount(): Promise<number> {
  const client = new pg.Client({ ...LOCAL_POSTGRES, database: pgDatabase });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from orders');
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('datasource_query', () => {
  it('binds named parameters from templates, and an injection attempt stays a value', async () => {
    const result = await run('datasource_query', {
      dataSourceId: sourceId,
      sql: 'select id, customer from orders where customer = :name or id = :id order by id',
      params: { name: '{{ input.customer }}', id: '3' },
    });
    expect(result.output).toMatchObject({
      rows: [
        { id: 1, customer: 'Ada' },
        { id: 3, customer: "O'Brien" },
      ],
      rowCount: 2,
    });
    expect((result.output.columns as { name: string }[]).map((c) => c.name)).toEqual([
      'id',
      'customer',
    ]);

    const attack = await run('datasource_query', {
      dataSourceId: sourceId,
      sql: 'select id from orders where customer = :name',
      params: { name: "x' or '1'='1" },
    });
    expect(attack.output.rows).toEqual([]);
    const backslash = await run('datasource_query', {
      dataSourceId: sourceId,
      sql: "select :v::text as v, ':not_a_param' as s",
      params: { v: "a\\' ; drop table orders; --" },
    });
    expect(backslash.output.rows).toEqual([
      { v: "a\\' ; drop table orders; --", s: ':not_a_param' },
    ]);
    expect(await pgCount()).toBe(3);
  });

  it('refuses a write, an unknown parameter and another organisation’s source', async () => {
    await expect(
      run('datasource_query', { dataSourceId: sourceId, sql: 'delete from orders' }),
    ).rejects.toThrow();
    expect(await pgCount()).toBe(3);
    await expect(
      run('datasource_query', { dataSourceId: sourceId, sql: 'select :missing' }),
    ).rejects.toThrow(':missing');
    await expect(
      run('datasource_query', { dataSourceId: otherOrgSourceId, sql: 'select 1' }),
    ).rejects.toThrow(/not found/i);
  });
});

describe('http_request', () => {
  it('sends the rendered request to a host the policy allows and parses a JSON answer', async () => {
    const result = await run('http_request', {
      method: 'POST',
      url: `${apiBase}/orders/{{ input.customer }}`,
      headers: [{ name: 'Authorization', value: 'Bearer {{ run.id }}' }],
      body: '{"who":"{{ input.customer }}"}',
    });
    expect(result.output.status).toBe(201);
    expect((result.output.headers as Record<string, string>)['x-echo']).toBe('yes');
    expect(result.output.body).toEqual({
      method: 'POST',
      url: '/orders/Ada',
      auth: 'Bearer run-1',
      body: '{"who":"Ada"}',
    });
  });

  it('is refused under the default policy (no loopback)', async () => {
    const strict = {
      ...env,
      deps: { ...env.deps, config: { ...env.deps.config, outbound: DEFAULT_OUTBOUND_POLICY } },
    };
    await expect(run('http_request', { url: `${apiBase}/x` }, { env: strict })).rejects.toThrow(
      /127\.0\.0\.1|not allowed/i,
    );
  });

  it('caps the answer at responseMaxBytes', async () => {
    const result = await run('http_request', { url: `${apiBase}/long`, responseMaxBytes: 10 });
    expect(result.output.truncated).toBe(true);
    expect(String(result.output.body)).toHaveLength(10);
  });
});

describe('send_email', () => {
  it('mails rendered addresses and members by user id', async () => {
    const result = await run('send_email', {
      to: ['reports+{{ input.customer | downcase }}@example.test', colleague.userId],
      subject: 'Report for {{ input.customer }}',
      body: 'Hello from {{ org.name }}',
    });
    expect(result.output.to).toEqual(['reports+ada@example.test', colleague.email]);
    expect(result.output.messageId).toEqual(expect.any(String));
    const outbox = await readOutbox(path.join(server.deps.mailer.outboxDir!));
    const sent = outbox.filter((m) => m.subject === 'Report for Ada');
    expect(sent.map((m) => m.to).sort()).toEqual(
      ['reports+ada@example.test', colleague.email].sort(),
    );
    expect(sent[0]!.text).toContain('Hello from Acme');
  });

  it('refuses a recipient that is neither an address nor a member', async () => {
    await expect(run('send_email', { to: ['not an address'], subject: 'x' })).rejects.toThrow(
      /not an e-mail/i,
    );
    const outsider = await signedInUser(server);
    await expect(run('send_email', { to: [outsider.userId], subject: 'x' })).rejects.toThrow(
      /not a member/i,
    );
  });
});
