// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentSummary } from '../../../shared/schemas/agents';
import { renderRoute } from '../../components/list/test-wrapper';
import { AgentTable } from './components/AgentTable';
import { useAgentActions } from './components/AgentActions';
import { CreateAgentDialog } from './components/CreateAgentDialog';

const api = vi.hoisted(() => vi.fn());
const rights = vi.hoisted(() => ({ delete: true }));
vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  api,
}));
vi.mock('../../lib/ability', () => ({
  useAbility: () => ({ can: (action: string) => action !== 'delete' || rights.delete }),
}));
vi.mock('../../lib/auth-store', () => ({
  useAuthState: (pick: (state: { selectedOrgId: string }) => unknown) =>
    pick({ selectedOrgId: 'org1' }),
}));

const PROVIDER = {
  id: '5e0c9a7b-1d2e-4f3a-8b4c-6d7e8f9a0b1c',
  name: 'OpenAI',
  kind: 'openai-compatible',
  baseUrl: 'https://api.openai.com/v1',
  models: [
    { id: 'gpt-4o', inputPrice: null, outputPrice: null },
    { id: 'gpt-4o-mini', inputPrice: null, outputPrice: null },
  ],
  defaultModel: 'gpt-4o-mini',
  headerNames: [],
  hasApiKey: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const SOURCE = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Warehouse' };

const AGENT: AgentSummary = {
  id: 'a1',
  name: 'Support bot',
  slug: 'support-bot',
  description: 'Answers questions',
  colour: '#28C76F',
  icon: 'robot',
  project: { id: 'p1', name: 'Apollo' },
  status: 'published',
  publishedVersion: 3,
  revision: 7,
  chatEnabled: true,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The API as the dialog sees it: the organisation's providers and sources, and create. */
function answer(providers: unknown[]) {
  api.mockImplementation((path: string, options?: { method?: string; body?: unknown }) => {
    if (path === '/model-providers') return Promise.resolve({ items: providers });
    if (path === '/data-sources')
      return Promise.resolve({ items: [SOURCE], total: 1, page: 1, pageSize: 100 });
    if (path === '/projects')
      return Promise.resolve({ items: [], total: 0, page: 1, pageSize: 100 });
    if (path === '/agents' && options?.method === 'POST') {
      const body = options.body as { name: string };
      return Promise.resolve({ ...AGENT, id: 'new', name: body.name });
    }
    return Promise.reject(new Error(`unexpected ${path}`));
  });
}

async function renderDialog(onCreated = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await renderRoute(
    () => (
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <CreateAgentDialog open onClose={() => {}} onCreated={onCreated} />
        </SnackbarProvider>
      </QueryClientProvider>
    ),
    () => ({}),
  );
  return onCreated;
}

const createCalls = () =>
  api.mock.calls.filter(
    ([path, options]) => path === '/agents' && (options as { method?: string })?.method === 'POST',
  );

beforeEach(() => {
  api.mockReset();
  rights.delete = true;
});
afterEach(cleanup);

describe('the new agent dialog', () => {
  it('creates a blank agent with only its card', async () => {
    answer([PROVIDER]);
    const onCreated = await renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'New agent' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Helper');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(createCalls()[0]?.[1]).toMatchObject({
      method: 'POST',
      body: { name: 'Helper', description: '', projectId: null, template: 'blank' },
    });
    expect(createCalls()[0]?.[1]).not.toHaveProperty('body.providerId');
  });

  it('sends the provider, model and data source a template uses', async () => {
    answer([PROVIDER]);
    const onCreated = await renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'New agent' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Ask');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Ask your database/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Model' }).textContent).toBe(
        'gpt-4o-mini',
      ),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Data source' }).textContent).toBe(
      'Warehouse',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(createCalls()[0]?.[1]).toMatchObject({
      body: {
        template: 'ask-database',
        providerId: PROVIDER.id,
        model: 'gpt-4o-mini',
        dataSourceId: SOURCE.id,
      },
    });
  });

  it('without a model provider, the templates that need one say so with a link', async () => {
    answer([]);
    await renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'New agent' });
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('radio', { name: /^Ask your database/ }) as HTMLInputElement)
          .disabled,
      ).toBe(true),
    );
    expect(
      (within(dialog).getByRole('radio', { name: /^Blank/ }) as HTMLInputElement).disabled,
    ).toBe(false);
    const links = within(dialog).getAllByRole('link', { name: /Model providers tab/ });
    expect(links).toHaveLength(3);
    expect(links[0]?.getAttribute('href')).toBe('/organization?tab=providers');
  });
});

function Table() {
  const actions = useAgentActions();
  return (
    <>
      <AgentTable
        agents={[AGENT]}
        loading={false}
        skeletons={3}
        busy={false}
        actions={actions}
        sorting={{ sort: 'updatedAt', order: 'desc', onSort: () => {} }}
      />
      {actions.dialogs}
    </>
  );
}

async function renderTable() {
  const client = new QueryClient();
  await renderRoute(
    () => (
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <Table />
        </SnackbarProvider>
      </QueryClientProvider>
    ),
    () => ({}),
  );
}

describe('the agents table', () => {
  it('shows the card, project, status with version and the allowed actions', async () => {
    await renderTable();
    const row = (await screen.findByText('Support bot')).closest('tr')!;
    expect(row.textContent).toContain('Answers questions');
    expect(row.textContent).toContain('Apollo');
    expect(row.textContent).toContain('Published · v3');
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Support bot' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Duplicate', 'Export', 'Delete']);
  });

  it('offers no Delete to a role that may not delete', async () => {
    rights.delete = false;
    await renderTable();
    const row = (await screen.findByText('Support bot')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Support bot' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Duplicate', 'Export']);
  });
});
