// @vitest-environment happy-dom
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentGraph } from '../../../../shared/schemas/agent-graph';
import { askDatabase } from '../../../../shared/schemas/agent-templates';
import type { AgentVersionSummary } from '../../../../shared/schemas/agents';
import { renderWithApp } from '../../../components/list/test-wrapper';
import { GraphDiffView, VersionCompare } from './VersionCompare';
import { VersionsTab } from './VersionsTab';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../lib/api')>()),
  api,
}));
vi.mock('../../../lib/auth-store', () => ({
  useAuthState: (pick: (state: { selectedOrgId: string }) => unknown) =>
    pick({ selectedOrgId: 'org1' }),
}));

/** The template, then the same with a new prompt, one more source and a moved reply. */
function graphs(): { v1: AgentGraph; v2: AgentGraph; draft: AgentGraph } {
  const v1 = askDatabase('p1', 'gpt-4o', 'ds1');
  const v2 = askDatabase('p1', 'gpt-4o', 'ds1');
  const answer = v2.nodes[1]!;
  if (answer.type !== 'llm') throw new Error('llm expected');
  answer.data.prompt = 'Answer in French: {{ input.message }}';
  answer.data.tools.dataSourceIds = ['ds1', 'ds2'];
  v2.nodes[2]!.position = { x: 900, y: 40 };
  const draft = structuredClone(v2);
  draft.nodes.push({
    id: 'log',
    type: 'transform',
    position: { x: 1200, y: 0 },
    data: { label: 'Log it', expression: 'nodes.answer', onError: 'fail' },
  });
  draft.edges.push({ id: 'x', source: 'reply', target: 'log' });
  return { v1, v2, draft };
}

const summary = (number: number): AgentVersionSummary => ({
  number,
  note: `note ${number}`,
  createdBy: null,
  createdAt: '2026-11-20T10:00:00Z',
  published: number === 2,
});

function withClient(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => {
  const { v1, v2, draft } = graphs();
  api.mockImplementation((path: string) => {
    if (path.endsWith('/versions')) return Promise.resolve({ items: [summary(2), summary(1)] });
    if (path.endsWith('/versions/1')) return Promise.resolve({ ...summary(1), graph: v1 });
    if (path.endsWith('/versions/2')) return Promise.resolve({ ...summary(2), graph: v2 });
    if (path.endsWith('/agents/a1')) return Promise.resolve({ id: 'a1', draft, problems: [] });
    return Promise.reject(new Error(`unexpected ${path}`));
  });
});
afterEach(() => {
  cleanup();
  api.mockReset();
});

describe('GraphDiffView', () => {
  it('sums up the differences and shows a changed field before and after', () => {
    const { v1, v2 } = graphs();
    renderWithApp(<GraphDiffView before={v1} after={v2} beforeName="v1" afterName="v2" />);
    expect(screen.getByText('Steps: 0 added, 0 removed, 1 changed. 1 moved only.')).toBeTruthy();

    const answer = screen.getByRole('listitem', { name: 'Answer from the data' });
    expect(within(answer).getByText('Changed')).toBeTruthy();
    expect(within(answer).getByRole('heading', { name: 'prompt' })).toBeTruthy();
    const before = within(answer).getAllByRole('group', { name: 'Before (v1)' });
    const after = within(answer).getAllByRole('group', { name: 'After (v2)' });
    expect(before[0]!.textContent).toContain('{{ input.message }}');
    expect(after[0]!.textContent).toContain('Answer in French: {{ input.message }}');
    // A list of values is one field, shown as formatted JSON.
    expect(within(answer).getByRole('heading', { name: 'tools.dataSourceIds' })).toBeTruthy();
    expect(after[1]!.textContent).toBe('After (v2)[\n  "ds1",\n  "ds2"\n]');

    const reply = screen.getByRole('listitem', { name: 'Reply' });
    expect(within(reply).getByText('Moved')).toBeTruthy();
    expect(within(reply).queryByText('Changed')).toBeNull();
  });

  it('says so when the two graphs are the same', () => {
    const { v1 } = graphs();
    renderWithApp(
      <GraphDiffView before={v1} after={structuredClone(v1)} beforeName="v1" afterName="v1" />,
    );
    expect(screen.getByRole('status').textContent).toBe('These versions are the same.');
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});

describe('VersionCompare', () => {
  it('loads both versions, then compares the draft when it is picked', async () => {
    const user = userEvent.setup();
    withClient(
      <VersionCompare
        agentId="a1"
        versions={[summary(2), summary(1)]}
        initial={{ before: 1, after: 2 }}
      />,
    );
    expect(screen.getByText('Loading the versions…')).toBeTruthy();
    expect(
      await screen.findByText('Steps: 0 added, 0 removed, 1 changed. 1 moved only.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'From' }));
    await user.click(await screen.findByRole('option', { name: 'v2' }));
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await user.click(await screen.findByRole('option', { name: 'Draft (unpublished)' }));

    expect(await screen.findByText('Steps: 1 added, 0 removed, 0 changed.')).toBeTruthy();
    const log = screen.getByRole('listitem', { name: 'Log it' });
    expect(within(log).getByText('Added')).toBeTruthy();
    expect(screen.getByText('reply → log')).toBeTruthy();
  });

  it('points its arrow from "From" to "To" in the reading direction', () => {
    const compare = (
      <VersionCompare agentId="a1" versions={[summary(1)]} initial={{ before: 1, after: 1 }} />
    );
    const arrow = () => screen.getByText(/^[←→]$/).textContent;
    withClient(compare);
    expect(arrow()).toBe('→');
    cleanup();
    withClient(
      <ThemeProvider theme={(outer: Theme) => ({ ...outer, direction: 'rtl' as const })}>
        {compare}
      </ThemeProvider>,
    );
    expect(arrow()).toBe('←');
  });

  it('shows an error with a retry when a version cannot be loaded', async () => {
    const user = userEvent.setup();
    const answer = api.getMockImplementation()!;
    api.mockImplementation((path: string) =>
      path.endsWith('/versions/1') ? Promise.reject(new Error('boom')) : answer(path),
    );
    withClient(
      <VersionCompare
        agentId="a1"
        versions={[summary(2), summary(1)]}
        initial={{ before: 1, after: 2 }}
      />,
    );
    expect(await screen.findByText(/The versions to compare could not be loaded/)).toBeTruthy();
    api.mockImplementation(answer);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Steps: 0 added, 0 removed, 1 changed. 1 moved only.'),
    ).toBeTruthy();
  });
});

describe('VersionsTab compare', () => {
  it('opens the comparison of a version with the one before from its row', async () => {
    const user = userEvent.setup();
    withClient(<VersionsTab agentId="a1" canUpdate={false} shown={undefined} onShow={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Compare version 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare versions' });
    expect(
      await within(dialog).findByText('Steps: 0 added, 0 removed, 1 changed. 1 moved only.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'From' }).textContent).toBe('v1');
    expect(within(dialog).getByRole('combobox', { name: 'To' }).textContent).toBe('v2');
  });
});
