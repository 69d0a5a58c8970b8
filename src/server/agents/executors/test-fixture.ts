/**
 * The shared setting of the server executors' tests: the app (PGlite) with an organisation, a
 * member, a model provider on the local OpenAI-compatible server and a PostgreSQL data source
 * on the machine's PostgreSQL (a scratch database and a read-only role), a local HTTP server,
 * and `run` to call one executor. Values are live bindings, set by `setUp`.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { expect } from 'vitest';
import { member } from '../../db/schema/index.ts';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { startOpenAiServer, type OpenAiTestServer } from '../../test/openai-server.ts';
import {
  LOCAL_POSTGRES,
  requireLocalService,
} from '../../modules/data-sources/connectors/test-servers.ts';
import type { ExecutorContext, ExecutorIo, Executors } from '../../../shared/engine/types.ts';
import type { AgentNode, NodeOfType, NodeType } from '../../../shared/schemas/agent-graph.ts';
import { agentNodeSchema } from '../../../shared/schemas/agent-graph.ts';
import { createServerExecutors, type ServerExecutorEnv } from './index.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
export let server: TestServer;
export let model: OpenAiTestServer;
export let api: http.Server;
export let apiBase: string;
export let admin: Signed;
export let colleague: Signed;
export let orgA: string;
export let orgB: string;
export let env: ServerExecutorEnv;
export let providerId: string;
export let sourceId: string;
export let otherOrgSourceId: string;

export const KEY = 'sk-agent-key';
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

export async function setUp() {
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
}

export async function tearDown() {
  await server?.close();
  await model?.close();
  await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
  await pgAdmin('postgres', `drop database if exists ${pgDatabase} with (force)`).catch(() => {});
  await pgAdmin('postgres', `drop role if exists ${pgReader}`).catch(() => {});
}

export const ctx: ExecutorContext = {
  inputs: { message: 'How much did Ada spend?', customer: 'Ada' },
  nodes: {},
  run: { id: 'run-1' },
  org: { name: 'Acme' },
  now: '2026-01-01T00:00:00.000Z',
};

export function nodeOf<T extends NodeType>(type: T, data: Record<string, unknown>): NodeOfType<T> {
  return agentNodeSchema.parse({
    id: 'step',
    type,
    position: { x: 0, y: 0 },
    data,
  }) as NodeOfType<T>;
}

export function io(signal = new AbortController().signal) {
  const deltas: string[] = [];
  const value: ExecutorIo = { signal, emitDelta: (text) => deltas.push(text) };
  return { io: value, deltas };
}

export async function run<T extends NodeType>(
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

export async function pgCount(): Promise<number> {
  const client = new pg.Client({ ...LOCAL_POSTGRES, database: pgDatabase });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from orders');
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}
