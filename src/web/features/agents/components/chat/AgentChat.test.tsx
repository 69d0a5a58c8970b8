// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createUIMessageStream, createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../components/list/test-wrapper';
import { AgentChat } from './index';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../../lib/api')>()),
  api,
}));
vi.mock('../../../../lib/auth-store', () => ({
  useAuthState: (pick: (state: { selectedOrgId: string }) => unknown) =>
    pick({ selectedOrgId: 'org1' }),
}));

const AGENT_ID = '0b5d3c1e-8f3a-4b7e-9d2c-1a2b3c4d5e6f';
const RUN_ID = '7c6b5a49-3827-4165-9e8d-7c6b5a493827';
const CONVERSATION = {
  id: '1f2e3d4c-5b6a-4978-8c9d-0e1f2a3b4c5d',
  agentId: AGENT_ID,
  title: 'hello',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const OLD = { ...CONVERSATION, id: '2a3b4c5d-6e7f-4081-9a2b-3c4d5e6f7a8b', title: 'Earlier talk' };

let agent = { id: AGENT_ID, name: 'Echo', publishedVersion: 1, chatEnabled: true };
let conversations = [OLD];

function answerApi() {
  api.mockImplementation((path: string, options?: { method?: string; body?: unknown }) => {
    if (path === `/agents/${AGENT_ID}/conversations/${OLD.id}` && options?.method === 'PATCH')
      return Promise.resolve({ ...OLD, ...(options.body as object) });
    if (path === `/agents/${AGENT_ID}/conversations/${OLD.id}` && options?.method === 'DELETE') {
      conversations = [];
      return Promise.resolve(undefined);
    }
    if (path === `/agents/${AGENT_ID}`) return Promise.resolve(agent);
    if (path === `/agents/${AGENT_ID}/conversations`)
      return Promise.resolve({ items: conversations });
    if (path === `/agents/${AGENT_ID}/conversations/${OLD.id}`)
      return Promise.resolve({
        ...OLD,
        messages: [
          { id: 'm1', role: 'user', content: 'Before', runId: null, createdAt: OLD.createdAt },
          {
            id: 'm2',
            role: 'assistant',
            content: 'You said Before',
            runId: RUN_ID,
            createdAt: OLD.createdAt,
          },
        ],
      });
    if (path === `/agents/${AGENT_ID}/runs/${RUN_ID}`)
      return Promise.resolve({
        id: RUN_ID,
        status: 'succeeded',
        steps: [
          {
            id: 's1',
            nodeId: 'reply',
            nodeType: 'output',
            status: 'succeeded',
            attempt: 1,
            input: { message: 'Before' },
            inputTruncated: false,
            output: 'You said Before',
            outputTruncated: true,
            error: null,
            tokensIn: 0,
            tokensOut: 0,
            startedAt: OLD.createdAt,
            finishedAt: OLD.createdAt,
            durationMs: 4,
          },
        ],
      });
    return Promise.reject(new Error(`unexpected ${path}`));
  });
}

/** The answer the server streams: chunks written one by one, the last ones when `release` is called. */
function streamed(first: UIMessageChunk[], rest: UIMessageChunk[] = []) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const response = createUIMessageStreamResponse({
    stream: createUIMessageStream({
      execute: async ({ writer }) => {
        for (const chunk of first) writer.write(chunk);
        if (rest.length) {
          await gate;
          for (const chunk of rest) writer.write(chunk);
        }
      },
    }),
  });
  return { response, release };
}

const fetchStub = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function renderChat() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <AgentChat agentId={AGENT_ID} agentName="Echo" />
    </QueryClientProvider>,
  );
}

async function send(text: string) {
  const field = await screen.findByRole('textbox', { name: 'Message to Echo' });
  await userEvent.type(field, `${text}{Enter}`);
}

beforeEach(() => {
  agent = { id: AGENT_ID, name: 'Echo', publishedVersion: 1, chatEnabled: true };
  conversations = [OLD];
  api.mockReset();
  answerApi();
  fetchStub.mockReset();
  vi.stubGlobal('fetch', fetchStub);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the agent chat', () => {
  it('streams the answer, selects the new conversation and sends its id next time', async () => {
    const first = streamed(
      [
        { type: 'start' },
        { type: 'data-conversation', data: CONVERSATION },
        { type: 'data-run', data: { runId: RUN_ID } },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'You said ' },
      ],
      [
        { type: 'text-delta', id: 't', delta: 'hello' },
        { type: 'text-end', id: 't' },
        { type: 'finish' },
      ],
    );
    fetchStub.mockImplementationOnce(() => {
      // The server starts the conversation: the list has it from now on.
      conversations = [CONVERSATION, OLD];
      return Promise.resolve(first.response);
    });
    renderChat();
    await send('hello');

    const log = screen.getByRole('log', { name: 'Messages with Echo' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(await within(log).findByText('You said')).toBeTruthy();
    // While the answer comes: Stop instead of Send, and the new conversation is the current one.
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    const current = await within(nav).findByRole('button', { name: 'hello' });
    expect(current.getAttribute('aria-current')).toBe('true');

    first.release();
    expect(await within(log).findByText('You said hello')).toBeTruthy();
    // The answer keeps its run (the data-run part): its steps open from it.
    expect(within(log).getAllByRole('button', { name: 'Steps' })).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Send' })).toBeTruthy();

    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe(`/api/v1/agents/${AGENT_ID}/chat`);
    expect(JSON.parse(init.body as string)).toEqual({ message: 'hello' });

    fetchStub.mockResolvedValueOnce(
      streamed([
        { type: 'start' },
        { type: 'data-conversation', data: CONVERSATION },
        { type: 'text-start', id: 'u' },
        { type: 'text-delta', id: 'u', delta: 'You said again' },
        { type: 'text-end', id: 'u' },
        { type: 'finish' },
      ]).response,
    );
    await send('again');
    expect(await within(log).findByText('You said again')).toBeTruthy();
    expect(JSON.parse(fetchStub.mock.calls[1]![1].body as string)).toEqual({
      conversationId: CONVERSATION.id,
      message: 'again',
    });
  });

  it('stops an answer: the request is aborted and Send comes back', async () => {
    const held = streamed(
      [
        { type: 'start' },
        { type: 'data-conversation', data: CONVERSATION },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Thinking aloud' },
      ],
      [{ type: 'text-end', id: 't' }, { type: 'finish' }],
    );
    fetchStub.mockResolvedValueOnce(held.response);
    renderChat();
    await send('hello');
    expect(await screen.findByText('Thinking aloud')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('button', { name: 'Send' })).toBeTruthy();
    expect(fetchStub.mock.calls[0]![1].signal?.aborted).toBe(true);
    held.release();
  });

  it('shows the error of a failed run in the log, and a refusal in words', async () => {
    fetchStub.mockResolvedValueOnce(
      streamed([
        { type: 'start' },
        { type: 'data-conversation', data: CONVERSATION },
        { type: 'text-start', id: 't' },
        { type: 'text-end', id: 't' },
        { type: 'error', errorText: 'The model is unreachable' },
      ]).response,
    );
    renderChat();
    await send('hello');
    const log = screen.getByRole('log');
    expect(await within(log).findByText('The model is unreachable')).toBeTruthy();

    fetchStub.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          error: { code: 'CHAT_OFF', message: 'Chat is turned off for this agent' },
        }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    await send('again');
    expect(await within(log).findByText('Chat is turned off for this agent.')).toBeTruthy();
  });

  it('opens a past conversation with its messages and the steps of an answer', async () => {
    renderChat();
    const nav = await screen.findByRole('navigation', { name: 'Conversations' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Earlier talk' }));
    const log = screen.getByRole('log');
    expect(await within(log).findByText('You said Before')).toBeTruthy();
    await userEvent.click(within(log).getByRole('button', { name: 'Steps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Steps of this answer' });
    expect(await within(dialog).findByText('reply')).toBeTruthy();
    expect(within(dialog).getByText('Succeeded')).toBeTruthy();
    expect(within(dialog).getByText(/only the start is shown/)).toBeTruthy();
  });

  it('renames and deletes a conversation', async () => {
    renderChat();
    const nav = await screen.findByRole('navigation', { name: 'Conversations' });
    await userEvent.click(
      await within(nav).findByRole('button', { name: 'Actions for “Earlier talk”' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename the conversation' });
    const title = within(rename).getByRole('textbox', { name: /^Title/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Greetings');
    await userEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(`/agents/${AGENT_ID}/conversations/${OLD.id}`, {
        method: 'PATCH',
        body: { title: 'Greetings' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(nav).getByRole('button', { name: 'Actions for “Earlier talk”' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete conversation' }));
    expect(await within(nav).findByText(/No conversations yet/)).toBeTruthy();
  });

  it('says so when the agent is not published or chat is off', async () => {
    agent = { ...agent, publishedVersion: null as unknown as number };
    renderChat();
    expect(await screen.findByRole('heading', { name: 'Not published yet' })).toBeTruthy();
    cleanup();
    agent = { ...agent, publishedVersion: 1, chatEnabled: false };
    renderChat();
    expect(await screen.findByRole('heading', { name: 'Chat is off' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
