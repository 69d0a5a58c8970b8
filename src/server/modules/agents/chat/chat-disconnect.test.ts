/**
 * A chat client that goes away mid-answer (closes the tab, loses the network) cancels the run
 * and its model call: the app on a real port, a real HTTP request read chunk by chunk, then
 * aborted; the local model server sees its own request's connection closed before the answer
 * ended, and the stored run ends cancelled.
 */
import { serve, type ServerType } from '@hono/node-server';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { admin, model, server, setUp, tearDown } from '../../../agents/executors/test-fixture.ts';

let listener: ServerType;
let origin: string;

beforeAll(async () => {
  await setUp();
  const app = createApp(server.deps, { webRoot: '/nonexistent-web-root' });
  await new Promise<void>((resolve) => {
    listener = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  (listener as http.Server | undefined)?.closeAllConnections();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  await tearDown();
});

async function until(check: () => boolean | Promise<boolean>, ms = 5_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe('chat over real HTTP', () => {
  it('cancels the run and its model call when the client disconnects mid-stream', async () => {
    const created = await admin.client.post('/api/v1/agents', {
      name: 'Slow talker',
      template: 'ask-database',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const agentId = created.json.id as string;
    expect((await admin.client.post(`/api/v1/agents/${agentId}/publish`, {})).status).toBe(201);

    model.reset();
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    model.reply({ text: words, chunkDelayMs: 300 });

    const leave = new AbortController();
    const res = await fetch(`${origin}/api/v1/agents/${agentId}/chat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'x-forwarded-for': admin.client.ip,
        'x-organization-id': admin.client.orgId!,
        cookie: admin.client.cookieHeader,
      },
      body: JSON.stringify({ message: 'Tell me everything, slowly' }),
      signal: leave.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');

    // Read until the model's first words have come through, as a browser shows them.
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('"text-delta"')) {
      const { value, done } = await reader.read();
      expect(done, `the stream ended before any text: ${received}`).toBe(false);
      received += decoder.decode(value, { stream: true });
    }
    const runId = /"runId":"([0-9a-f-]{36})"/.exec(received)?.[1];
    expect(runId, received).toBeTruthy();
    expect(received).toContain('word0');
    expect(model.chatRequests()).toHaveLength(1);
    expect(model.abortedChatRequests()).toHaveLength(0);

    const left = Date.now();
    leave.abort();
    await reader.cancel().catch(() => {});

    // The model call is dropped at once, long before its 40 slow chunks would have ended.
    expect(await until(() => model.abortedChatRequests().length === 1)).toBe(true);
    expect(Date.now() - left).toBeLessThan(3_000);

    // The stored run says it was cancelled, and keeps no answer in the conversation.
    let status = 'running';
    await until(async () => {
      status = (await admin.client.get(`/api/v1/agents/${agentId}/runs/${runId}`)).json.status;
      return status !== 'running' && status !== 'queued';
    });
    expect(status).toBe('cancelled');
    const run = (await admin.client.get(`/api/v1/agents/${agentId}/runs/${runId}`)).json;
    const conversations = await admin.client.get(`/api/v1/agents/${agentId}/conversations`);
    const [conversation] = conversations.json.items as { id: string }[];
    const stored = await admin.client.get(
      `/api/v1/agents/${agentId}/conversations/${conversation!.id}`,
    );
    expect(stored.json.messages.map((m: { role: string }) => m.role)).toEqual(['user']);
    expect(JSON.stringify(run)).not.toContain('word39');
  });
});
