import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agentRuns, agentRunSteps } from '../../../db/schema/index.ts';
import { logTo } from '../../../test/harness.ts';
import type { ChatRequestBody, ScriptedReply } from '../../../test/openai-server.ts';
import {
  KEY,
  admin,
  model,
  server,
  setUp,
  sourceId,
  tearDown,
} from '../../../agents/executors/test-fixture.ts';

/** The password the fixture's PostgreSQL data source signs in with. */
const SOURCE_PASSWORD = 'pg-agent-password';

beforeAll(setUp, 120_000);
afterAll(tearDown);

async function publishedAskDatabase(name: string) {
  const created = await admin.client.post('/api/v1/agents', { name, template: 'ask-database' });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  expect(created.json.problems).toEqual([]);
  const id = created.json.id as string;
  expect((await admin.client.post(`/api/v1/agents/${id}/publish`, {})).status).toBe(201);
  return id;
}

/** The model asks for rows through the data source's tool, then answers from them. */
function queryThenAnswer(body: ChatRequestBody): ScriptedReply {
  const toolResult = (body.messages ?? []).find((m) => m.role === 'tool');
  if (!toolResult) {
    const [tool] = (body.tools ?? []) as { function: { name: string } }[];
    return {
      toolCalls: [{ name: tool!.function.name, arguments: { sql: 'select * from orders' } }],
    };
  }
  return { text: String(toolResult.content).includes('Grace') ? 'Grace spent most.' : '?' };
}

describe('runs keep no secret and stop when asked', () => {
  it('stores a run that used the provider key and the source password without either', async () => {
    const id = await publishedAskDatabase('Secret keeper');
    model.reset();
    model.respond(queryThenAnswer);
    const run = await admin.client.post(`/api/v1/agents/${id}/runs`, {
      input: { message: 'Who spent most?', history: [] },
    });
    expect(run.status, JSON.stringify(run.json)).toBe(200);
    expect(run.json).toMatchObject({ status: 'succeeded', output: 'Grace spent most.' });
    // The key did reach the provider: the check below is not vacuous.
    expect(model.requests.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);

    const runId = run.json.id as string;
    const rows = [
      ...(await server.db.select().from(agentRuns).where(eq(agentRuns.id, runId))),
      ...(await server.db.select().from(agentRunSteps).where(eq(agentRunSteps.runId, runId))),
    ];
    expect(rows.length).toBeGreaterThan(2);
    const stored = JSON.stringify(rows);
    expect(stored).toContain('Grace');
    expect(stored).not.toContain(KEY);
    expect(stored).not.toContain(SOURCE_PASSWORD);
    const events = await admin.client.get(`/api/v1/agents/${id}/runs/${runId}/events`);
    expect(events.text).not.toContain(KEY);
    expect(events.text).not.toContain(SOURCE_PASSWORD);
  });

  it('cancels a run waiting on a slow provider at once, and the run says so', async () => {
    const id = await publishedAskDatabase('Slow one');
    model.reset();
    model.respond(() => ({ text: 'too late', delayMs: 20_000 }));
    const started = await admin.client.post(`/api/v1/agents/${id}/runs?async=true`, {
      input: { message: 'Take your time', history: [] },
    });
    expect(started.status).toBe(202);
    const runId = started.json.id as string;
    // Wait until the model has been asked, then cancel.
    for (let i = 0; i < 100 && model.requests.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(model.requests.length).toBeGreaterThan(0);
    const asked = Date.now();
    const cancel = await admin.client.post(`/api/v1/agents/${id}/runs/${runId}/cancel`);
    expect(cancel.status).toBe(202);
    const events = await admin.client.get(`/api/v1/agents/${id}/runs/${runId}/events`);
    expect(events.text).toContain('"status":"cancelled"');
    expect(Date.now() - asked).toBeLessThan(5_000);
    const stored = await admin.client.get(`/api/v1/agents/${id}/runs/${runId}`);
    expect(stored.json.status).toBe('cancelled');
    const again = await admin.client.post(`/api/v1/agents/${id}/runs/${runId}/cancel`);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('RUN_NOT_RUNNING');
  });
});

describe('the server log keeps no secret of a run', () => {
  it('writes neither the provider key nor the source password in any line, run ok or failed', async () => {
    const id = await publishedAskDatabase('Quiet logger');
    // From here on, every line the app's logger writes (its own redaction), at debug level.
    const lines: string[] = [];
    logTo(server.deps.logger, { level: 'debug', write: (line) => void lines.push(line) });
    try {
      // Requests that carry the secrets themselves: a provider with the key, a source with the password.
      const provider = await admin.client.post('/api/v1/model-providers', {
        name: 'Logged provider',
        baseUrl: model.baseUrl,
        apiKey: KEY,
        models: [{ id: 'gpt-test' }],
        defaultModel: 'gpt-test',
      });
      expect(provider.status, JSON.stringify(provider.json)).toBe(201);
      const existing = await admin.client.get(`/api/v1/data-sources/${sourceId}`);
      const source = await admin.client.post('/api/v1/data-sources', {
        type: 'postgres',
        name: 'Logged source',
        config: existing.json.config,
        secret: SOURCE_PASSWORD,
      });
      expect(source.status, JSON.stringify(source.json)).toBe(201);

      // A run that uses both and succeeds…
      model.reset();
      model.respond(queryThenAnswer);
      const ok = await admin.client.post(`/api/v1/agents/${id}/runs`, {
        input: { message: 'Who spent most?', history: [] },
      });
      expect(ok.json).toMatchObject({ status: 'succeeded', output: 'Grace spent most.' });
      expect(model.requests.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);

      // …and one the provider fails.
      model.reset();
      model.respond(() => ({
        error: { status: 503, message: 'The model is overloaded', type: 'server_error' },
      }));
      const failed = await admin.client.post(`/api/v1/agents/${id}/runs`, {
        input: { message: 'Who spent least?', history: [] },
      });
      expect(failed.json.status, JSON.stringify(failed.json)).toBe('failed');
      expect(JSON.stringify(failed.json.error)).toContain('overloaded');
      expect(model.requests.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    } finally {
      logTo(server.deps.logger, { level: 'silent', write: () => {} });
    }

    // The log is not empty: it has the lines of these requests, so the check below means something.
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(3);
    expect(log).toContain(`/api/v1/agents/${id}/runs`);
    expect(log).toContain('/api/v1/model-providers');
    expect(log).not.toContain(KEY);
    expect(log).not.toContain(SOURCE_PASSWORD);
  });
});
