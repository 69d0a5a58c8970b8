import {
  expect as baseExpect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from './support/env.ts';
import { apiSetupHeaders, createVerifiedUser, type TestUser } from './support/users.ts';

/**
 * The agents list (issue 15 section 2): an admin creates a blank agent from the dialog, finds
 * it by search, duplicates it and deletes the copy; a plain member sees no Delete action.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const ORIGIN_HEADERS = { Origin: E2E_BASE_URL };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let admin: APIRequestContext;
let orgId: string;
let member: TestUser & { session: APIRequestContext };

async function expectOk(response: APIResponse, what: string): Promise<void> {
  if (!response.ok())
    throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
}

/** A new verified user who joins the demo organisation as a plain member, signed in once. */
async function addMember(label: string) {
  const session = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const user = await createVerifiedUser(session, label);
  await expectOk(
    await session.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: user.password },
      headers: apiSetupHeaders(),
    }),
    'member sign-in',
  );
  const invited = await admin.post('/api/v1/organizations/current/invitations', {
    data: { email: user.email, role: 'member' },
    headers: { ...ORIGIN_HEADERS, 'X-Organization-Id': orgId },
  });
  await expectOk(invited, 'invitation');
  const { id } = (await invited.json()) as { id: string };
  await expectOk(
    await session.post(`/api/v1/invitations/${id}/accept`, { headers: ORIGIN_HEADERS }),
    'acceptance',
  );
  return { ...user, session };
}

/** Signs the page in with an API context's session (sign-ins are rate limited). */
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
  member = await addMember(`agents-member-${unique()}`);
});

test.afterAll(async () => {
  await Promise.all([admin, member.session].map((context) => context.dispose()));
});

const agentsTable = (page: Page) => page.getByRole('table', { name: 'Agents' });
const rowOf = (page: Page, name: string) =>
  agentsTable(page)
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function openList(page: Page) {
  await page.goto('/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
}

async function agentMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

test('an admin creates a blank agent, finds it, duplicates it and deletes the copy', async ({
  page,
}) => {
  const name = `Helper ${unique()}`;
  const copy = `${name} (copy)`;
  await useSession(page, admin);

  await test.step('the dialog creates a blank agent and the list stays', async () => {
    await openList(page);
    await page.getByRole('button', { name: 'New agent', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New agent' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create agent', exact: true }).click();
    await expect(dialog.getByText('This field is required', { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Made by the browser tests');
    await expect(dialog.getByRole('radio', { name: /^Blank/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Create agent', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(snackbar(page, `Agent “${name}” created`)).toBeVisible();
    await expect(page).toHaveURL(/\/agents(\?|$)/);
  });

  await test.step('the search finds it, a draft', async () => {
    await page.getByRole('searchbox', { name: 'Search agents' }).fill(name);
    await expect(page).toHaveURL(/search=/);
    const row = rowOf(page, name);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Made by the browser tests');
    await expect(row).toContainText('Draft');
  });

  await test.step('duplicate makes a copy', async () => {
    await agentMenu(page, name, 'Duplicate');
    await expect(snackbar(page, `“${copy}” created`)).toBeVisible();
    await expect(rowOf(page, copy)).toBeVisible();
  });

  await test.step('the copy is deleted after a confirmation', async () => {
    await agentMenu(page, copy, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete this agent?' });
    await expect(confirm).toContainText(copy);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(snackbar(page, `“${copy}” deleted`)).toBeVisible();
    await expect(rowOf(page, copy)).toHaveCount(0);
    await expect(rowOf(page, name)).toBeVisible();
  });
});

test('a plain member may create, duplicate and export but sees no Delete', async ({ page }) => {
  const name = `Shared ${unique()}`;
  await expectOk(
    await admin.post('/api/v1/agents', {
      data: { name, description: 'Made by the browser tests' },
      headers: { ...ORIGIN_HEADERS, 'X-Organization-Id': orgId },
    }),
    'agent creation',
  );
  await useSession(page, member.session);
  await page.goto(`/agents?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New agent', exact: true })).toBeVisible();
  await expect(rowOf(page, name)).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Duplicate', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Export', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Delete', exact: true })).toHaveCount(0);
});
