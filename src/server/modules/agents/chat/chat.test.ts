import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { signedInUser, startTestServer, type TestServer } from '../../../test/harness.ts';
import { agentGraphSchema } from '../../../../shared/schemas/agent-graph.ts';
import { member } from '../../../db/schema/index.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let colleague: Signed;
let agentId: string;

/** A chat agent that echoes the message and counts the history it was given. */
const echo = agentGraphSchema.parse({
  schemaVersion: 1,
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } },
    {
      id: 'reply',
      type: 'output',
      position: { x: 1, y: 0 },
      data: { text: 'You said {{ input.message }} ({{ input.history | size }} before)' },
    },
  ],
  edges: [{ id: 'a', source: 'start', target: 'reply' }],
});

/** Parses the SSE of a UI message stream into its chunks. */
function chunksOf(text: string): UIMessageChunk[] {
  return text
    .split('\n\n')
    .map((block) => block.replace(/^data: /, '').trim())
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data) as UIMessageChunk);
}

async function messageOf(chunks: UIMessageChunk[]): Promise<UIMessage | undefined> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  return last;
}

const textOf = (message: UIMessage | undefined) =>
  message?.parts.map((p) => (p.type === 'text' ? p.text : '')).join('') ?? '';

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, { name: 'Ada Admin' });
  const orgId = (await admin.client.post('/api/functions/complete-user-setup')).json.organization
    .id as string;
  admin.client.orgId = orgId;
  colleague = await signedInUser(server, { name: 'Col League' });
  await server.db
    .insert(member)
    .values({ organizationId: orgId, userId: colleague.userId, role: 'member' });
  colleague.client.orgId = orgId;
  agentId = (await admin.client.post('/api/v1/agents', { name: 'Echo' })).json.id;
  await admin.client.request(
    'PUT',
    `/api/v1/agents/${agentId}/draft`,
    { graph: echo },
    {
      'If-Match': '1',
    },
  );
});
afterAll(() => server?.close());

describe('chat', () => {
  it('needs a published agent with chat on', async () => {
    const before = await admin.client.post(`/api/v1/agents/${agentId}/chat`, { message: 'hi' });
    expect(before.status).toBe(409);
    expect(before.json.error.code).toBe('AGENT_NOT_PUBLISHED');
    await admin.client.post(`/api/v1/agents/${agentId}/publish`, {});
    await admin.client.request('PATCH', `/api/v1/agents/${agentId}`, { chatEnabled: false });
    const off = await admin.client.post(`/api/v1/agents/${agentId}/chat`, { message: 'hi' });
    expect(off.json.error.code).toBe('CHAT_OFF');
    await admin.client.request('PATCH', `/api/v1/agents/${agentId}`, { chatEnabled: true });
    const blank = await admin.client.post(`/api/v1/agents/${agentId}/chat`, { message: '  ' });
    expect(blank.status).toBe(400);
  });

  it('answers in the UI message stream protocol and keeps the conversation', async () => {
    const first = await admin.client.post(`/api/v1/agents/${agentId}/chat`, { message: 'hello' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/event-stream');
    const chunks = chunksOf(first.text);
    const conversation = chunks.find((c) => c.type === 'data-conversation') as {
      data: { id: string; title: string };
    };
    const run = chunks.find((c) => c.type === 'data-run') as { data: { runId: string } };
    expect(conversation.data.title).toBe('hello');
    expect(textOf(await messageOf(chunks))).toBe('You said hello (0 before)');
    expect(chunks.at(-1)?.type).toBe('finish');

    const second = await admin.client.post(`/api/v1/agents/${agentId}/chat`, {
      conversationId: conversation.data.id,
      message: 'again',
    });
    expect(textOf(await messageOf(chunksOf(second.text)))).toBe('You said again (2 before)');

    const read = await admin.client.get(
      `/api/v1/agents/${agentId}/conversations/${conversation.data.id}`,
    );
    expect(
      read.json.messages.map((m: { role: string; content: string }) => [m.role, m.content]),
    ).toEqual([
      ['user', 'hello'],
      ['assistant', 'You said hello (0 before)'],
      ['user', 'again'],
      ['assistant', 'You said again (2 before)'],
    ]);
    expect(read.json.messages[1].runId).toBe(run.data.runId);
    const stored = await admin.client.get(`/api/v1/agents/${agentId}/runs/${run.data.runId}`);
    expect(stored.json).toMatchObject({ trigger: 'chat', status: 'succeeded' });
  });

  it('lists, renames and deletes only the caller’s own conversations', async () => {
    await colleague.client.post(`/api/v1/agents/${agentId}/chat`, { message: 'mine' });
    const own = await colleague.client.get(`/api/v1/agents/${agentId}/conversations`);
    expect(own.json.items.map((c: { title: string }) => c.title)).toEqual(['mine']);
    const admins = await admin.client.get(`/api/v1/agents/${agentId}/conversations`);
    const adminsId = admins.json.items[0].id as string;
    const url = `/api/v1/agents/${agentId}/conversations/${adminsId}`;
    expect((await colleague.client.get(url)).status).toBe(404);
    expect((await colleague.client.request('DELETE', url)).status).toBe(404);
    const renamed = await admin.client.request('PATCH', url, { title: 'Greetings' });
    expect(renamed.json.title).toBe('Greetings');
    expect((await admin.client.request('DELETE', url)).status).toBe(204);
    expect((await admin.client.get(url)).status).toBe(404);
  });
});
