import {
  expect as baseExpect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from './support/env.ts';
import { apiSetupHeaders } from './support/users.ts';

/**
 * The agent page (issue 15 sections 2, 4 and 5): an admin tests the draft of a transform agent
 * in the test console and sees its steps succeed and its output, publishes it with a note, then
 * finds version 1 under Versions and the test run under Runs.
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

/** start(n) → double (transform) → reply (output): "doubled is <2n>". */
const GRAPH = {
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
      position: { x: 240, y: 0 },
      data: { expression: 'input.n * 2' },
    },
    {
      id: 'reply',
      type: 'output',
      position: { x: 480, y: 0 },
      data: { mode: 'text', text: 'doubled is {{ nodes.double }}' },
    },
  ],
  edges: [
    { id: 'start-double', source: 'start', target: 'double' },
    { id: 'double-reply', source: 'double', target: 'reply' },
  ],
};

/** An agent made through the API, its draft the graph above. */
async function agentWithGraph(name: string): Promise<string> {
  const created = await admin.post('/api/v1/agents', { data: { name }, headers: headers() });
  await expectOk(created, 'agent creation');
  const agent = (await created.json()) as { id: string; revision: number };
  await expectOk(
    await admin.put(`/api/v1/agents/${agent.id}/draft`, {
      data: { graph: GRAPH },
      headers: { ...headers(), 'If-Match': String(agent.revision) },
    }),
    'draft save',
  );
  return agent.id;
}

async function useSession(page: Page, session: APIRequestContext) {
  await page.context().addCookies((await session.storageState()).cookies);
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

test('an admin tests the draft, publishes it and finds the version and the run', async ({
  page,
}) => {
  const name = `Doubler ${unique()}`;
  const id = await agentWithGraph(name);
  await useSession(page, admin);

  await test.step('the test console runs the draft and shows each step and the output', async () => {
    await page.goto(`/agents/${id}?tab=test`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
    const form = page.getByRole('form', { name: 'Test input' });
    await form.getByRole('textbox', { name: /^n\b/ }).fill('21');
    await form.getByRole('button', { name: 'Run draft', exact: true }).click();
    await expect(page.getByLabel('Final output', { exact: true })).toHaveText('doubled is 42');
    for (const step of ['start', 'double', 'reply']) {
      const details = page.getByRole('button', { name: `Details of step ${step}`, exact: true });
      await expect(details).toBeVisible();
      await expect(details).toContainText('Succeeded');
    }
    await page.getByRole('button', { name: 'Details of step double', exact: true }).click();
    await expect(
      page
        .getByRole('region', { name: 'Details of step double', exact: true })
        .getByLabel('Output', { exact: true }),
    ).toHaveText('42');
  });

  await test.step('Publish with a note makes version 1', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish the draft' });
    await dialog.getByRole('textbox', { name: 'Note (what changed)' }).fill('First release');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Version 1 published.', { exact: true })).toBeVisible();
    await expect(page.getByText('Published · v1', { exact: true }).first()).toBeVisible();
  });

  await test.step('Versions lists version 1 with its note', async () => {
    await page.getByRole('tab', { name: 'Versions', exact: true }).click();
    await expect(page).toHaveURL(/tab=versions/);
    const row = page
      .getByRole('table', { name: 'Versions' })
      .getByRole('row')
      .filter({ hasText: 'First release' });
    await expect(row).toContainText('v1');
    await expect(row).toContainText('Live');
  });

  await test.step('Runs lists the test run, which opens on its steps', async () => {
    await page.getByRole('tab', { name: 'Runs', exact: true }).click();
    await expect(page).toHaveURL(/tab=runs/);
    const row = page
      .getByRole('table', { name: 'Runs' })
      .getByRole('row')
      .filter({ hasText: 'Succeeded' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Test');
    await row.getByRole('button', { name: /^Open the run of / }).click();
    await expect(page).toHaveURL(/run=/);
    await expect(
      page.getByRole('button', { name: 'Details of step reply', exact: true }),
    ).toContainText('Succeeded');
    await expect(page.getByLabel('Final output', { exact: true })).toHaveText('doubled is 42');
  });
});
