// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentGraphSchema } from '../../../../../shared/schemas/agent-graph';
import type { WebhookSettings } from '../../../../../shared/schemas/webhooks';
import { renderRoute } from '../../../../components/list/test-wrapper';
import type { Agent } from '../../api/agents';
import { TriggersTab } from './TriggersTab';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../../lib/api')>()),
  api,
}));
const rights = vi.hoisted(() => ({ admin: true }));
vi.mock('../../../../lib/ability', () => ({
  useAbility: () => ({ can: () => rights.admin }),
}));
vi.mock('../../../../lib/auth-store', () => ({
  useAuthState: (pick: (state: { selectedOrgId: string }) => unknown) =>
    pick({ selectedOrgId: 'org1' }),
}));

const TOKEN = 'whk_secretTokenSecretTokenSecretTokenSecretTok';
const URL_WITH_TOKEN = `http://localhost:3000/api/hooks/a1/${TOKEN}`;
const MASKED = 'http://localhost:3000/api/hooks/a1/{token}';

const AGENT = {
  id: 'a1',
  name: 'Greeter',
  slug: 'greeter',
  chatEnabled: true,
  publishedVersion: 2,
  draft: agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      {
        id: 'start',
        type: 'start',
        position: { x: 0, y: 0 },
        data: { mode: 'fields', inputs: [{ name: 'customer', type: 'string' }] },
      },
      { id: 'reply', type: 'output', position: { x: 1, y: 0 }, data: { text: 'hi' } },
    ],
    edges: [{ id: 'a', source: 'start', target: 'reply' }],
  }),
} as unknown as Agent;

let settings: WebhookSettings;
const writeText = vi.fn(() => Promise.resolve());

const on = (overrides: Partial<WebhookSettings> = {}): WebhookSettings => ({
  enabled: true,
  url: URL_WITH_TOKEN,
  maskedUrl: MASKED,
  hasSigningSecret: false,
  canManage: true,
  ...overrides,
});

beforeEach(() => {
  settings = {
    enabled: false,
    url: null,
    maskedUrl: null,
    hasSigningSecret: false,
    canManage: true,
  };
  api.mockReset();
  api.mockImplementation((path: string, options?: { method?: string; body?: unknown }) => {
    const method = options?.method ?? 'GET';
    if (path === '/agents/a1/webhook' && method === 'GET') return Promise.resolve(settings);
    if (path === '/agents/a1/webhook' && method === 'POST') return Promise.resolve(on());
    if (path === '/agents/a1/webhook/regenerate') {
      return Promise.resolve(on({ url: URL_WITH_TOKEN.replace('whk_s', 'whk_N') }));
    }
    if (path === '/agents/a1/webhook/signing-secret' && method === 'POST') {
      return Promise.resolve({ secret: 'whsec_once', settings: on({ hasSigningSecret: true }) });
    }
    if (path === '/agents/a1' && method === 'PATCH') {
      return Promise.resolve({ ...AGENT, ...(options?.body as object) });
    }
    return Promise.reject(new Error(`unexpected ${method} ${path}`));
  });
  rights.admin = true;
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  writeText.mockClear();
});
afterEach(cleanup);

async function renderTab(canUpdate = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await renderRoute(
    () => (
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <TriggersTab agent={AGENT} canUpdate={canUpdate} />
        </SnackbarProvider>
      </QueryClientProvider>
    ),
    () => ({}),
  );
}

const webhook = () => within(screen.getByRole('region', { name: 'Webhook' }));
const calls = (path: string, method: string) =>
  api.mock.calls.filter(([p, o]) => p === path && (o as { method?: string })?.method === method);

describe('the Triggers tab', () => {
  it('turns the webhook on and shows its address with the token, to copy', async () => {
    await renderTab();
    await userEvent.click(await webhook().findByRole('button', { name: 'Turn on the webhook' }));
    expect(calls('/agents/a1/webhook', 'POST')).toHaveLength(1);
    const address = await webhook().findByRole('region', { name: 'Webhook address' });
    expect(address.textContent).toBe(URL_WITH_TOKEN);
    expect(address.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    await userEvent.click(webhook().getByRole('button', { name: 'Copy the webhook address' }));
    expect(writeText).toHaveBeenCalledWith(URL_WITH_TOKEN);
    const example = webhook().getByRole('region', {
      name: 'Example call of the webhook with curl',
    });
    expect(example.textContent).toContain(`curl -X POST '${URL_WITH_TOKEN}'`);
    expect(example.textContent).toContain('"customer":"text"');
  });

  it('asks before making a new address, and only then makes it', async () => {
    settings = on();
    await renderTab();
    await userEvent.click(await webhook().findByRole('button', { name: 'New address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new webhook address?' });
    expect(calls('/agents/a1/webhook/regenerate', 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(calls('/agents/a1/webhook/regenerate', 'POST')).toHaveLength(1));
    await waitFor(() =>
      expect(webhook().getByRole('region', { name: 'Webhook address' }).textContent).toContain(
        'whk_N',
      ),
    );
  });

  it('shows a new signing secret once, with a copy button, and signs the example', async () => {
    settings = on();
    await renderTab();
    await userEvent.click(await webhook().findByRole('button', { name: 'Make a signing secret' }));
    const secret = await webhook().findByRole('region', { name: 'Signing secret' });
    expect(secret.textContent).toBe('whsec_once');
    expect(webhook().getByText('Copy this secret now: it will not be shown again.')).toBeTruthy();
    await userEvent.click(webhook().getByRole('button', { name: 'Copy the signing secret' }));
    expect(writeText).toHaveBeenCalledWith('whsec_once');
    expect(webhook().getByRole('button', { name: 'Replace the secret' })).toBeTruthy();
    const example = webhook().getByRole('region', {
      name: 'Example call of the webhook with curl',
    });
    expect(example.textContent).toContain('X-Meridian-Signature: sha256=$SIGNATURE');
  });

  it('shows read-only viewers the address without its token and no buttons', async () => {
    settings = on({ url: null, canManage: false, hasSigningSecret: true });
    rights.admin = false;
    await renderTab(false);
    const address = await webhook().findByRole('region', { name: 'Webhook address' });
    expect(address.textContent).toBe(MASKED);
    expect(document.body.textContent).not.toContain(TOKEN);
    for (const name of ['New address', 'Turn off', 'Replace the secret', 'Remove the secret']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText('Chat is on.')).toBeTruthy();
    // Not an organisation admin: told where keys are made, no link to a tab they cannot open.
    expect(screen.queryByRole('link', { name: 'Manage the API keys' })).toBeNull();
    expect(screen.getByText(/Organisation admins make API keys/)).toBeTruthy();
  });

  it('switches chat off through the agent update', async () => {
    await renderTab();
    await userEvent.click(screen.getByRole('switch', { name: 'Chat with this agent' }));
    await waitFor(() => expect(calls('/agents/a1', 'PATCH')).toHaveLength(1));
    expect(calls('/agents/a1', 'PATCH')[0]![1]).toMatchObject({ body: { chatEnabled: false } });
  });

  it('gives API examples in five languages, the OpenAI ones with the agent’s model name', async () => {
    await renderTab();
    const api = within(screen.getByRole('region', { name: 'API' }));
    const languages = api.getByRole('tablist', { name: 'Examples' });
    expect(within(languages).getAllByRole('tab')).toHaveLength(5);
    const code = () => api.getByRole('region', { name: /^Example: / });
    expect(code().textContent).toContain(`/api/v1/agents/a1/runs`);
    expect(code().textContent).toContain('Bearer $MERIDIAN_API_KEY');
    await userEvent.click(api.getByRole('tab', { name: 'Python' }));
    expect(code().textContent).toContain('requests.post(');
    await userEvent.click(api.getByRole('tab', { name: 'OpenAI client (JavaScript)' }));
    expect(code().textContent).toContain("model: 'agent:greeter'");
    expect(code().textContent).toContain('/api/v1/openai');
    await userEvent.click(api.getByRole('button', { name: 'Copy the example' }));
    expect(writeText).toHaveBeenCalledWith(code().textContent);
    const keys = api.getByRole('link', { name: 'Manage the API keys' });
    expect(keys.getAttribute('href')).toBe('/organization?tab=api-keys');
    const schedules = within(screen.getByRole('region', { name: 'Schedules' }));
    expect(schedules.getByRole('link', { name: 'Open the scheduler' }).getAttribute('href')).toBe(
      '/scheduler',
    );
  });
});
