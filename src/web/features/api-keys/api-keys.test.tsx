// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../components/list/test-wrapper';
import type { ApiKey } from './api/api-keys';
import { ApiKeysPanel } from './components/ApiKeysPanel';
import { emptyKeyForm, keyFormSchema, requestBody } from './form';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  api,
}));
vi.mock('../../lib/auth-store', () => ({
  useAuthState: (pick: (state: { selectedOrgId: string }) => unknown) =>
    pick({ selectedOrgId: 'org1' }),
}));

const CI: ApiKey = {
  id: 'k1',
  name: 'CI pipeline',
  prefix: 'mk_AbCdEfGh',
  scopes: ['agents:run'],
  agent: { id: 'a1', name: 'Helpdesk' },
  expiresAt: null,
  lastUsedAt: '2026-11-01T10:00:00.000Z',
  lastUsedIp: '203.0.113.7',
  createdAt: '2026-10-01T10:00:00.000Z',
  createdBy: { id: 'u1', name: 'Ada' },
  revokedAt: null,
  status: 'active',
};
const SECRET = 'mk_AbCdEfGhsecretsecretsecretsecretsecretsecret';

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <ApiKeysPanel />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const callsTo = (path: string, method: string) =>
  api.mock.calls.filter(
    ([called, options]) =>
      called === path && (options as { method?: string } | undefined)?.method === method,
  );

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    if (path === '/api-keys' && !options?.method) return { items: [CI] };
    if (path.startsWith('/agents?')) return { items: [{ id: 'a1', name: 'Helpdesk' }] };
    if (path === '/api-keys' && options?.method === 'POST') {
      return { ...CI, ...(options.body as object), id: 'k2', secret: SECRET };
    }
    if (path === '/api-keys/k1/revoke') return { ...CI, status: 'revoked' };
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(cleanup);

describe('the key form', () => {
  it('needs a name and a scope, refuses a past day and sends the end of the chosen day', () => {
    expect(keyFormSchema.safeParse(emptyKeyForm).success).toBe(false);
    const past = keyFormSchema.safeParse({ ...emptyKeyForm, name: 'x', expiresOn: '2001-01-01' });
    expect(past.error?.issues[0]?.message).toBe('apiKeys.errors.expiry');
    const none = keyFormSchema.safeParse({ ...emptyKeyForm, name: 'x', scopes: [] });
    expect(none.error?.issues[0]?.message).toBe('apiKeys.errors.scopes');
    const body = requestBody({
      name: ' CI ',
      scopes: ['agents:read'],
      expiresOn: '2999-05-04',
      agentId: '',
    });
    expect(body).toMatchObject({ name: 'CI', scopes: ['agents:read'], agentId: null });
    expect(new Date(body.expiresAt!).getDate()).toBe(4);
  });
});

describe('ApiKeysPanel', () => {
  it('lists the keys with prefix, scopes, agent, last use and status', async () => {
    renderPanel();
    const row = (await screen.findByText('CI pipeline')).closest('tr')!;
    expect(within(row).getByText('mk_AbCdEfGh…')).toBeTruthy();
    expect(within(row).getByText('Run agents')).toBeTruthy();
    expect(within(row).getByText('Helpdesk')).toBeTruthy();
    expect(within(row).getByText(/203\.0\.113\.7/)).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(screen.getByRole('link', { name: /API reference/ }).getAttribute('href')).toBe(
      '/api/docs',
    );
  });

  it('creates a key and shows its secret once, with a copy button', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText('CI pipeline');
    await user.click(screen.getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Name/), 'Zapier');
    await user.click(within(dialog).getByLabelText(/Read runs/));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(callsTo('/api-keys', 'POST')).toHaveLength(1));
    expect(callsTo('/api-keys', 'POST')[0]![1].body).toEqual({
      name: 'Zapier',
      scopes: ['agents:run', 'agents:read'],
      expiresAt: null,
      agentId: null,
    });
    const shown = await screen.findByRole('dialog', { name: 'Copy the new key' });
    expect((within(shown).getByLabelText('API key') as HTMLInputElement).value).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy the key' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Key copied')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('revokes a key after confirmation', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText('CI pipeline');
    await user.click(screen.getByRole('button', { name: 'Revoke CI pipeline' }));
    const confirm = await screen.findByRole('dialog');
    expect(callsTo('/api-keys/k1/revoke', 'POST')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo('/api-keys/k1/revoke', 'POST')).toHaveLength(1));
  });
});
