// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunEvent } from '../../../../shared/engine/types';
import { agentGraphSchema } from '../../../../shared/schemas/agent-graph';
import { renderRoute } from '../../../components/list/test-wrapper';
import { TestConsole } from './TestConsole';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../lib/api')>()),
  api,
}));
vi.mock('../../../lib/auth-store', () => ({
  useAuthState: (pick: (state: { selectedOrgId: string }) => unknown) =>
    pick({ selectedOrgId: 'org1' }),
}));

const GRAPH = agentGraphSchema.parse({
  schemaVersion: 1,
  nodes: [
    {
      id: 'start',
      type: 'start',
      position: { x: 0, y: 0 },
      data: { mode: 'fields', inputs: [{ name: 'n', type: 'number', required: true }] },
    },
    {
      id: 'double',
      type: 'transform',
      position: { x: 1, y: 0 },
      data: { expression: 'input.n * 2' },
    },
    {
      id: 'reply',
      type: 'output',
      position: { x: 2, y: 0 },
      data: { text: 'doubled is {{ nodes.double }}' },
    },
  ],
  edges: [
    { id: 'a', source: 'start', target: 'double' },
    { id: 'b', source: 'double', target: 'reply' },
  ],
});

const usage = { inputTokens: 0, outputTokens: 0 };
const sse = (event: RunEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
const STREAM = [
  sse({ type: 'run.started', at: 1 }),
  sse({ type: 'node.started', nodeId: 'start', nodeType: 'start', attempt: 1 }),
  sse({
    type: 'node.finished',
    nodeId: 'start',
    nodeType: 'start',
    output: { n: 21 },
    usage,
    durationMs: 1,
    attempt: 1,
  }),
  sse({ type: 'node.started', nodeId: 'double', nodeType: 'transform', attempt: 1 }),
  sse({
    type: 'node.finished',
    nodeId: 'double',
    nodeType: 'transform',
    output: 42,
    usage,
    durationMs: 1,
    attempt: 1,
  }),
  sse({
    type: 'run.finished',
    status: 'succeeded',
    output: 'doubled is 42',
    usage,
    error: null,
    durationMs: 3,
  }),
];

const step = (nodeId: string, nodeType: string, output: unknown) => ({
  id: nodeId,
  nodeId,
  nodeType,
  status: 'succeeded',
  attempt: 1,
  input: {},
  inputTruncated: false,
  output,
  outputTruncated: nodeId === 'double',
  error: null,
  tokensIn: 0,
  tokensOut: 0,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
});

let release: () => void = () => {};

beforeEach(() => {
  api.mockReset();
  api.mockImplementation((path: string, options?: { method?: string; body?: unknown }) => {
    if (path === '/agents/a1/runs' && options?.method === 'POST') {
      return Promise.resolve({ id: 'r1', status: 'running' });
    }
    if (path === '/agents/a1/runs/r1') {
      return Promise.resolve({
        id: 'r1',
        status: 'succeeded',
        steps: [step('start', 'start', { n: 21 }), step('double', 'transform', 42)],
      });
    }
    return Promise.resolve({});
  });
  // The event stream: the first events at once, the end once the test releases it.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(STREAM.slice(0, 4).join('')));
          release = () => {
            controller.enqueue(encoder.encode(STREAM.slice(4).join('')));
            controller.close();
          };
        },
      });
      return Promise.resolve(
        new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderConsole() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await renderRoute(
    () => (
      <QueryClientProvider client={client}>
        <TestConsole agentId="a1" graph={GRAPH} />
      </QueryClientProvider>
    ),
    () => ({}),
  );
}

const startCalls = () =>
  api.mock.calls.filter(([, options]) => (options as { method?: string })?.method === 'POST');

describe('the test console', () => {
  it('refuses a missing or non-numeric input without starting a run', async () => {
    await renderConsole();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Run draft' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^n/ }), 'four');
    await user.click(screen.getByRole('button', { name: 'Run draft' }));
    expect(await screen.findByText('Enter a number')).toBeTruthy();
    expect(startCalls()).toHaveLength(0);
  });

  it('runs the draft, lights the steps up as the events come, then shows the recorded run', async () => {
    await renderConsole();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^n/ }), '21');
    await user.click(screen.getByRole('button', { name: 'Run draft' }));
    await waitFor(() => expect(startCalls()).toHaveLength(1));
    expect(startCalls()[0]![1]).toMatchObject({
      query: { async: 'true' },
      body: { input: { n: 21 }, draft: true },
    });

    const live = await screen.findByRole('list', { name: 'Steps of the run' });
    await waitFor(() => expect(within(live).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(live).getAllByRole('listitem');
    expect(first!.textContent).toContain('Succeeded');
    expect(second!.textContent).toContain('Running');
    expect(screen.getByRole('button', { name: 'Cancel run' })).toBeTruthy();

    release();
    expect(await screen.findByLabelText('Final output')).toHaveProperty(
      'textContent',
      'doubled is 42',
    );
    const details = await screen.findByRole('button', { name: 'Details of step double' });
    await user.click(details);
    expect(
      await screen.findByText('Only the beginning of this value was kept in the log.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
  });
});
