import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  addMember,
  adminApi,
  expectOk,
  unique,
  useSession,
  type AdminApi,
} from './support/agents-api.ts';

/**
 * The agents list (issue 15 section 2): an admin creates a blank agent from the dialog, finds
 * it by search, duplicates it and deletes the copy; a plain member sees no Delete action.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

let admin: AdminApi;
let member: Awaited<ReturnType<typeof addMember>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await adminApi();
  member = await addMember(admin, `agents-member-${unique()}`);
});

test.afterAll(async () => {
  await Promise.all([admin.session, member.session].map((context) => context.dispose()));
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
  await useSession(page, admin.session);

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
    await admin.session.post('/api/v1/agents', {
      data: { name, description: 'Made by the browser tests' },
      headers: admin.headers(),
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
