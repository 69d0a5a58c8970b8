import { expect as baseExpect, test } from '@playwright/test';
import {
  adminApi,
  agentWithGraph,
  expectOk,
  unique,
  useSession,
  type AdminApi,
} from './support/agents-api.ts';

/**
 * Chat with a published agent (issue 15 section 5): an admin sends "hello" to an agent that
 * echoes, sees the answer stream in, then after a reload finds the conversation in the list with
 * its messages.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

let admin: AdminApi;

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
  const id = await agentWithGraph(admin, name, ECHO);
  await expectOk(
    await admin.session.post(`/api/v1/agents/${id}/publish`, {
      data: { note: 'Echo' },
      headers: admin.headers(),
    }),
    'publish',
  );
  await expectOk(
    await admin.session.patch(`/api/v1/agents/${id}`, {
      data: { chatEnabled: true },
      headers: admin.headers(),
    }),
    'chat on',
  );
  return id;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await adminApi();
});

test.afterAll(async () => {
  await admin.session.dispose();
});

test('an admin chats with a published agent and finds the conversation after a reload', async ({
  page,
}) => {
  const name = `Echo ${unique()}`;
  const id = await publishedEcho(name);
  await useSession(page, admin.session);

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
