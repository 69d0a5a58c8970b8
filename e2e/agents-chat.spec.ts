import {
  expect as baseExpect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type APIResponse,
} from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from './support/env.ts';
import { apiSetupHeaders } from './support/users.ts';

/**
 * Chat with a published agent (issue 15 section 5): an admin sends "hello" to an agent that
 * echoes, sees the answer stream in, then after a reload finds the conversation in the list with
 * its messages.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const ORIGIN_HEADERS = { Origin: E2E_BASE_URL };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let admin: APIRequestContext;
let orgId: string;

async function expectOk(response: APIResponse, what: string): Promise<void> {
  if (!response.ok())
    throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
}

const headers = () => ({ ...ORIGIN_HEADERS, 'X-Organization-Id': orgId });

/** A chat start and a reply that echoes the message. */
const ECHO = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } },
    {
      id: 'reply',
      type: 'output',
      position: { x: 240, y: 0 },
      data: { mode: 'text', text: 'You said {{ input.message }}' },
    },
  ],
  edges: [{ id: 'start-reply', source: 'start', target: 'reply' }],
};

/** An echoing agent made, saved and published through the API, chat on. */
async function publishedEcho(name: string): Promise<string> {
  const created = await admin.post('/api/v1/agents', { data: { name }, headers: headers() });
  await expectOk(created, 'agent creation');
  const agent = (await created.json()) as { id: string; revision: number };
  await expectOk(
    await admin.put(`/api/v1/agents/${agent.id}/draft`, {
      data: { graph: ECHO },
      headers: { ...headers(), 'If-Match': String(agent.revision) },
    }),
    'draft save',
  );
  await expectOk(
    await admin.post(`/api/v1/agents/${agent.id}/publish`, {
      data: { note: 'Echo' },
      headers: headers(),
    }),
    'publish',
  );
  await expectOk(
    await admin.patch(`/api/v1/agents/${agent.id}`, {
      data: { chatEnabled: true },
      headers: headers(),
    }),
    'chat on',
  );
  return agent.id;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  await expectOk(
    await admin.post('/api/auth/sign-in/email', { data: E2E_ADMIN, headers: apiSetupHeaders() }),
    'admin sign-in',
  );
  const me = (await (await admin.get('/api/v1/me')).json()) as {
    organizations: { id: string; name: string }[];
  };
  const demo = me.organizations.find((org) => org.name === 'Demo organization');
  expect(demo, 'the seeded demo organisation').toBeDefined();
  orgId = demo!.id;
});

test.afterAll(async () => {
  await admin.dispose();
});

test('an admin chats with a published agent and finds the conversation after a reload', async ({
  page,
}) => {
  const name = `Echo ${unique()}`;
  const id = await publishedEcho(name);
  await page.context().addCookies((await admin.storageState()).cookies);

  await test.step('sending hello streams the answer into the log', async () => {
    await page.goto(`/agents/${id}?tab=chat`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const field = page.getByRole('textbox', { name: `Message to ${name}` });
    await field.fill('hello');
    await field.press('Enter');
    const log = page.getByRole('log', { name: `Messages with ${name}` });
    await expect(log.getByText('You said hello', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Conversations' });
    await expect(nav.getByRole('button', { name: 'hello', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  await test.step('after a reload the conversation is listed and opens on its messages', async () => {
    await page.reload();
    const nav = page.getByRole('navigation', { name: 'Conversations' });
    const conversation = nav.getByRole('button', { name: 'hello', exact: true });
    await expect(conversation).toBeVisible();
    await conversation.click();
    const log = page.getByRole('log', { name: `Messages with ${name}` });
    await expect(log.getByText('You said hello', { exact: true })).toBeVisible();
    await log.getByRole('button', { name: 'Steps', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Steps of this answer' });
    await expect(dialog.getByText('reply', { exact: true })).toBeVisible();
  });
});
