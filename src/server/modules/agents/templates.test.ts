/**
 * The templates "Summarise new customers" and "Webhook enrich and reply" as a user meets them:
 * created through the API on an organisation with a model provider (the local OpenAI-compatible
 * server) and a PostgreSQL data source, published, run, and their real effects checked: the rows
 * the model was sent, the mail in the outbox, the request the looked-up server received.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { startOpenAiServer, type OpenAiTestServer } from '../../test/openai-server.ts';

/** The machine's PostgreSQL (as the data-source tests use it), where the CRM database lives. */
const LOCAL_POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres' } as const;
const KEY = 'sk-templates-key';
const PASSWORD = 'pg-templates-password';
const pgDatabase = `meridian_templates_${randomBytes(5).toString('hex')}`;
const pgReader = `${pgDatabase}_reader`;

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let model: OpenAiTestServer;
let admin: Signed;
let lookup: http.Server;
let lookupBase: string;
const lookedUp: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];

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
  await pgAdmin('postgres', `create database ${pgDatabase}`);
  await pgAdmin(
    pgDatabase,
    `create table customers (name text, email text, status text, created_at timestamptz);
     insert into customers values
       ('Ada Lovelace', 'ada@example.test', 'trial', now() - interval '1 day'),
       ('Grace Hopper', 'grace@example.test', 'paying', now() - interval '2 days'),
       ('Old Timer', 'old@example.test', 'paying', now() - interval '40 days');
     create role ${pgReader} login password '${PASSWORD}';
     grant select on customers to ${pgReader};`,
  );
  model = await startOpenAiServer({ apiKey: KEY, models: ['gpt-test'] });
  lookup = http.createServer((req, res) => {
    lookedUp.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 42, plan: 'gold', owner: 'Ada' }));
  });
  await new Promise<void>((resolve) => lookup.listen(0, '127.0.0.1', resolve));
  lookupBase = `http://127.0.0.1:${(lookup.address() as AddressInfo).port}`;

  server = await startTestServer({
    OUTBOUND_MODEL_NETWORKS: 'loopback',
    OUTBOUND_HTTP_NETWORKS: 'loopback',
  });
  admin = await signedInUser(server, { name: 'Tess Templates' });
  admin.client.orgId = (
    await admin.client.post('/api/functions/complete-user-setup')
  ).json.organization.id;
  const provider = await admin.client.post('/api/v1/model-providers', {
    name: 'Local',
    baseUrl: model.baseUrl,
    apiKey: KEY,
    models: [{ id: 'gpt-test', inputPrice: 1, outputPrice: 2 }],
    defaultModel: 'gpt-test',
  });
  expect(provider.status, JSON.stringify(provider.json)).toBe(201);
  const source = await admin.client.post('/api/v1/data-sources', {
    type: 'postgres',
    name: 'CRM',
    config: {
      host: LOCAL_POSTGRES.host,
      port: LOCAL_POSTGRES.port,
      database: pgDatabase,
      user: pgReader,
      ssl: 'disable',
    },
    secret: PASSWORD,
  });
  expect(source.status, JSON.stringify(source.json)).toBe(201);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await model?.close();
  await new Promise<void>((resolve) => (lookup ? lookup.close(() => resolve()) : resolve()));
  await pgAdmin('postgres', `drop database if exists ${pgDatabase} with (force)`).catch(() => {});
  await pgAdmin('postgres', `drop role if exists ${pgReader}`).catch(() => {});
});

/** Creates an agent from the template, checks it has no problem, publishes it. */
async function publishedFromTemplate(template: string, name: string) {
  const created = await admin.client.post('/api/v1/agents', { name, template });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  expect(created.json.problems).toEqual([]);
  const id = created.json.id as string;
  const published = await admin.client.post(`/api/v1/agents/${id}/publish`, {});
  expect(published.status, JSON.stringify(published.json)).toBe(201);
  return id;
}

type Step = { nodeId: string; status: string; output: unknown };
const stepsById = (steps: Step[]) => new Map(steps.map((s) => [s.nodeId, s]));

describe('templates, end to end', () => {
  it('"Summarise new customers" reads the new customers, summarises them and mails the summary', async () => {
    const id = await publishedFromTemplate('summarise-customers', 'Customer digest');
    model.reset();
    const summary = 'Two new customers this week: Ada Lovelace (trial) and Grace Hopper (paying).';
    model.reply({ text: summary });

    const to = 'sales-team@example.test';
    const run = await admin.client.post(`/api/v1/agents/${id}/runs`, {
      input: { email: to, days: 7 },
    });
    expect(run.status, JSON.stringify(run.json)).toBe(200);
    expect(run.json.status, JSON.stringify(run.json)).toBe('succeeded');

    const steps = stepsById(run.json.steps);
    expect([...steps.keys()]).toEqual(['start', 'new_customers', 'summary', 'mail', 'done']);
    for (const step of steps.values()) expect(step.status).toBe('succeeded');
    // Only the customers of the last 7 days, newest first.
    const query = steps.get('new_customers')!.output as {
      rowCount: number;
      rows: { name: string; email: string; status: string }[];
    };
    expect(query.rowCount).toBe(2);
    expect(query.rows.map((r) => r.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(steps.get('summary')!.output).toMatchObject({ text: summary });
    const mail = steps.get('mail')!.output as { messageId: string; to: string[] };
    expect(mail.to).toEqual([to]);
    // A mapped value that is one variable alone keeps its type: the count is a number.
    expect(run.json.output).toEqual({ sent: mail.messageId, customers: 2 });

    // The model was sent the rows, with the template's system prompt.
    const [request] = model.chatRequests();
    expect(model.chatRequests()).toHaveLength(1);
    expect(request!.model).toBe('gpt-test');
    const messages = request!.messages ?? [];
    expect(JSON.stringify(messages.find((m) => m.role === 'system')?.content)).toContain(
      'summaries for a sales team',
    );
    const prompt = JSON.stringify(messages.find((m) => m.role === 'user')?.content);
    expect(prompt).toContain('Summarise these 2 new customers');
    expect(prompt).toContain('ada@example.test');
    expect(prompt).toContain('Grace Hopper');
    expect(prompt).not.toContain('Old Timer');

    // The summary really went out by mail.
    const sent = (await server.outbox()).filter((m) => m.to.includes(to));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('New customers: 2');
    expect(sent[0]!.text).toContain(summary);
  });

  it('"Webhook enrich and reply" looks the URL up over HTTP and replies with the reshaped answer', async () => {
    const id = await publishedFromTemplate('webhook-enrich', 'Enricher');
    lookedUp.length = 0;
    const url = `${lookupBase}/customers/42?fields=plan`;
    const run = await admin.client.post(`/api/v1/agents/${id}/runs`, { input: { url } });
    expect(run.status, JSON.stringify(run.json)).toBe(200);
    expect(run.json.status, JSON.stringify(run.json)).toBe('succeeded');

    // The looked-up server received the request.
    expect(lookedUp).toHaveLength(1);
    expect(lookedUp[0]).toMatchObject({ method: 'GET', url: '/customers/42?fields=plan' });

    const steps = stepsById(run.json.steps);
    expect([...steps.keys()]).toEqual(['start', 'lookup', 'shape', 'reply']);
    for (const step of steps.values()) expect(step.status).toBe('succeeded');
    expect(steps.get('lookup')!.output).toMatchObject({
      status: 200,
      body: { id: 42, plan: 'gold', owner: 'Ada' },
    });
    const shaped = { status: 200, body: { id: 42, plan: 'gold', owner: 'Ada' } };
    expect(steps.get('shape')!.output).toEqual(shaped);
    // One variable alone keeps its type: the reshaped answer arrives as an object.
    expect(run.json.output).toEqual({ result: shaped });
  });
});
