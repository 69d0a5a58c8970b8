// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../components/list/test-wrapper';
import type { ModelProvider } from './api/model-providers';
import { ModelProvidersPanel } from './components/ModelProvidersPanel';
import { discoverBody, formValues, mergeModels, providerFormSchema, requestBody } from './form';

const api = vi.hoisted(() => vi.fn());
const can = vi.hoisted(() => ({ manage: true }));
vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  api,
}));
vi.mock('../../lib/ability', () => ({ useAbility: () => ({ can: () => can.manage }) }));
vi.mock('../../lib/auth-store', () => ({
  useAuthState: (pick: (state: { selectedOrgId: string }) => unknown) =>
    pick({ selectedOrgId: 'org1' }),
}));

const OPENAI: ModelProvider = {
  id: 'p1',
  name: 'OpenAI',
  kind: 'openai-compatible',
  baseUrl: 'https://api.openai.com/v1',
  models: [
    { id: 'gpt-4o', inputPrice: 2.5, outputPrice: 10 },
    { id: 'gpt-4o-mini', inputPrice: null, outputPrice: null },
  ],
  defaultModel: 'gpt-4o',
  headerNames: ['OpenAI-Organization'],
  hasApiKey: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <ModelProvidersPanel />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const callsTo = (path: string, method?: string) =>
  api.mock.calls.filter(
    ([called, options]) =>
      called === path &&
      (!method || (options as { method?: string } | undefined)?.method === method),
  );

beforeEach(() => {
  can.manage = true;
  api.mockReset();
  api.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    if (path === '/model-providers' && !options?.method) return { items: [OPENAI] };
    if (path === '/model-providers/p1/test') {
      return {
        ok: false,
        cause: 'PROVIDER_ERROR',
        message: 'Incorrect API key provided.',
        status: 401,
        model: 'gpt-4o',
        durationMs: 12,
      };
    }
    if (path === '/model-providers/models/discover') {
      return { ok: true, cause: null, message: '', status: 200, models: ['local-1', 'local-2'] };
    }
    return { ...OPENAI, ...(options?.body as object), id: 'p2' };
  });
});
afterEach(cleanup);

describe('the provider form', () => {
  it('starts a saved provider with its key and header values empty (kept when left so)', () => {
    const values = formValues(OPENAI);
    expect(values).toMatchObject({
      apiKey: '',
      headers: [{ name: 'OpenAI-Organization', value: '', stored: true }],
      models: [
        { id: 'gpt-4o', inputPrice: '2.5', outputPrice: '10' },
        { id: 'gpt-4o-mini', inputPrice: '', outputPrice: '' },
      ],
    });
    expect(providerFormSchema.safeParse(values).success).toBe(true);
    const body = requestBody(values, true);
    expect(body).not.toHaveProperty('apiKey');
    expect(body.headers).toEqual([{ name: 'OpenAI-Organization' }]);
    expect(body.models[1]).toEqual({ id: 'gpt-4o-mini', inputPrice: null, outputPrice: null });
    expect(requestBody({ ...values, removeKey: true }, true).apiKey).toBeNull();
    expect(requestBody({ ...values, apiKey: ' sk-new ' }, true).apiKey).toBe('sk-new');
  });

  it('refuses a new header without a value, a default model not listed, a negative price', () => {
    const values = formValues(null);
    const result = providerFormSchema.safeParse({
      ...values,
      name: 'Local',
      baseUrl: 'http://localhost:11434/v1',
      models: [{ id: 'llama', inputPrice: '-1', outputPrice: '' }],
      defaultModel: 'mistral',
      headers: [{ name: 'X-Team', value: '', stored: false }],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['defaultModel', 'headers.0.value', 'models.0.inputPrice']);
  });

  it('discovery keeps the typed models and their prices and adds the new ones', () => {
    const current = [
      { id: 'local-1', inputPrice: '1', outputPrice: '2' },
      { id: '', inputPrice: '', outputPrice: '' },
    ];
    expect(mergeModels(current, ['local-1', 'local-2'])).toEqual([
      { id: 'local-1', inputPrice: '1', outputPrice: '2' },
      { id: 'local-2', inputPrice: '', outputPrice: '' },
    ]);
    expect(discoverBody({ ...formValues(OPENAI) }, 'p1')).toEqual({
      providerId: 'p1',
      baseUrl: OPENAI.baseUrl,
      headers: [{ name: 'OpenAI-Organization' }],
    });
  });
});

describe('ModelProvidersPanel', () => {
  it('lists the providers with their key state; a member sees them read-only', async () => {
    can.manage = false;
    renderPanel();
    const row = (await screen.findByText('OpenAI')).closest('tr')!;
    expect(within(row).getByText('https://api.openai.com/v1')).toBeTruthy();
    expect(within(row).getByText('Key stored')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(screen.getByText(/Only organisation admins/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add provider' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete OpenAI' })).toBeNull();
  });

  it('tests a provider and says what the provider answered', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Test OpenAI' }));
    expect(await screen.findByText('OpenAI failed: Incorrect API key provided.')).toBeTruthy();
  });

  it('adds a provider with discovered models, prices and a header', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add provider' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Local');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Base URL/ }),
      'http://localhost:11434/v1',
    );
    await user.type(within(dialog).getByLabelText('API key'), 'sk-local');
    await user.click(within(dialog).getByRole('button', { name: 'Discover models' }));
    await within(dialog).findByDisplayValue('local-2');
    expect(callsTo('/model-providers/models/discover')[0]![1]).toMatchObject({
      body: { baseUrl: 'http://localhost:11434/v1', apiKey: 'sk-local', headers: [] },
    });
    await user.type(
      within(dialog).getByRole('spinbutton', { name: 'Input price per million tokens of model 1' }),
      '0.5',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add a header' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Header 1 name' }), 'X-Team');
    await user.type(within(dialog).getByLabelText('Header 1 value *'), 'blue');
    await user.click(within(dialog).getByRole('button', { name: 'Add provider' }));
    await waitFor(() => expect(callsTo('/model-providers', 'POST')).toHaveLength(1));
    expect(callsTo('/model-providers', 'POST')[0]![1]).toMatchObject({
      body: {
        name: 'Local',
        baseUrl: 'http://localhost:11434/v1',
        apiKey: 'sk-local',
        models: [
          { id: 'local-1', inputPrice: 0.5, outputPrice: null },
          { id: 'local-2', inputPrice: null, outputPrice: null },
        ],
        defaultModel: null,
        headers: [{ name: 'X-Team', value: 'blue' }],
      },
    });
  });

  it('editing without typing a key keeps the stored one; deleting asks first', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit OpenAI' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/A key is stored/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/model-providers/p1', 'PATCH')).toHaveLength(1));
    const body = (callsTo('/model-providers/p1', 'PATCH')[0]![1] as { body: object }).body;
    expect(body).not.toHaveProperty('apiKey');
    expect(body).toMatchObject({
      headers: [{ name: 'OpenAI-Organization' }],
      defaultModel: 'gpt-4o',
    });

    await user.click(screen.getByRole('button', { name: 'Delete OpenAI' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this provider?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete provider' }));
    await waitFor(() => expect(callsTo('/model-providers/p1', 'DELETE')).toHaveLength(1));
  });
});
