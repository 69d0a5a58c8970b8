import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { E2E_BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { signInAsSuperAdmin } from './support/users.ts';

/**
 * Projects (issue 6 section 1): the list at /projects as cards or a table, with search,
 * status filter and paging; create, edit, archive, restore and delete; the project page at
 * /projects/{id} with its overview, data-sources and settings tabs, and the help button
 * bottom-left whose requests carry the project id.
 */

// Many steps on a machine that may be busy.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const ORIGIN_HEADERS = { Origin: E2E_BASE_URL };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * The seeded super admin signs in once for the whole file (sign-ins are rate-limited per
 * address); every test's `page` starts with that session. The super admin is the admin of
 * the seeded demo organisation, which the app selects on the first page.
 */
const ADMIN_STATE = path.join(E2E_DATA_DIR, 'projects-spec-state.json');

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const page = await context.newPage();
    await signInAsSuperAdmin(page);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Organisation: / })).toHaveAccessibleName(
      /Demo organization/,
    );
    await context.storageState({ path: ADMIN_STATE });
  } finally {
    await context.close();
  }
});

test.use({ storageState: ADMIN_STATE });

/** The selected organisation of the page (the app keeps it in localStorage). */
async function selectedOrgId(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('selectedOrgId'));
  expect(id, 'an organisation is selected').toBeTruthy();
  return id!;
}

/** Creates a project through the API in the page's organisation; returns its id. */
async function createProjectByApi(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/v1/projects', {
    data: { name, description: 'Made by the browser tests', colour: '#00BAD1', icon: 'database' },
    headers: { ...ORIGIN_HEADERS, 'X-Organization-Id': await selectedOrgId(page) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function projectMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

async function chooseStatusFilter(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('a super admin creates, finds, edits, archives, restores, opens and deletes a project', async ({
  page,
}) => {
  const tag = unique();
  const name = `Apollo ${tag}`;
  const renamed = `Apollo ${tag} launch`;
  let projectId = '';

  await test.step('the list offers to create a project; the dialog validates', async () => {
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await page.getByRole('button', { name: 'New project', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a project' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByText('This field is required', { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Custom colour', exact: true }).fill('blue');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByText('Use a colour such as #7367F0', { exact: true })).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Land a crew on the moon');
    await dialog.getByRole('radio', { name: 'Green', exact: true }).check();
    await expect(dialog.getByRole('textbox', { name: 'Custom colour', exact: true })).toHaveValue(
      '#28C76F',
    );
    await dialog.getByRole('radio', { name: 'Rocket', exact: true }).check();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(snackbar(page, `Project “${name}” created`)).toBeVisible();
  });

  await test.step('the new project shows as a card in the grid', async () => {
    const created = card(page, name);
    await expect(created).toBeVisible();
    await expect(created).toContainText('Land a crew on the moon');
    await expect(created).toContainText('Active');
    await expect(created).toContainText(/Updated \S/);
    const href = await created.getByRole('link', { name, exact: true }).getAttribute('href');
    projectId = href!.split('/').pop()!;
    expect(projectId).toMatch(/^[0-9a-f-]{36}$/);
  });

  await test.step('a second project with the same name is refused on the name field', async () => {
    await page.getByRole('button', { name: 'New project', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a project' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(
      dialog.getByText('A project with this name already exists in this organisation', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the table view lists it, and the view is kept in the address', async () => {
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=table/);
    const line = row(page, name);
    await expect(line).toBeVisible();
    await expect(line).toContainText('Active');
    await expect(line).toContainText('Land a crew on the moon');
    await page.reload();
    await expect(row(page, name)).toBeVisible();
  });

  await test.step('search finds it by part of its name, and says when nothing matches', async () => {
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${tag}`));
    await expect(row(page, name)).toBeVisible();
    await expect(page.getByRole('table').getByRole('link')).toHaveCount(1);
    await search.fill(`nothing-${tag}`);
    await expect(
      page.getByRole('heading', { name: `No project matches “nothing-${tag}”` }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Clear search', exact: true }).click();
    await expect(search).toHaveValue('');
    await search.fill(tag);
    await expect(row(page, name)).toBeVisible();
  });

  await test.step('the edit dialog changes its name, description and colour', async () => {
    await projectMenu(page, name, 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit the project' });
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await expect(dialog.getByRole('radio', { name: 'Green', exact: true })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'Rocket', exact: true })).toBeChecked();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
    await dialog
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('First crewed landing');
    await dialog.getByRole('radio', { name: 'Orange', exact: true }).check();
    await dialog.getByRole('button', { name: 'Save changes', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(snackbar(page, `Project “${renamed}” saved`)).toBeVisible();
    await expect(row(page, renamed)).toContainText('First crewed landing');
  });

  await test.step('archiving moves it under the archived filter', async () => {
    await projectMenu(page, renamed, 'Archive');
    await expect(snackbar(page, `Project “${renamed}” archived`)).toBeVisible();
    await expect(row(page, renamed)).toHaveCount(0);
    await chooseStatusFilter(page, 'Archived');
    await expect(page).toHaveURL(/[?&]status=archived/);
    await expect(row(page, renamed)).toContainText('Archived');
  });

  await test.step('restoring brings it back to the active projects', async () => {
    await projectMenu(page, renamed, 'Restore');
    await expect(snackbar(page, `Project “${renamed}” restored`)).toBeVisible();
    await expect(row(page, renamed)).toHaveCount(0);
    await chooseStatusFilter(page, 'Active');
    await expect(page).not.toHaveURL(/status=/);
    await expect(row(page, renamed)).toContainText('Active');
  });

  await test.step('its page shows the header, the counts and the recent activity', async () => {
    await row(page, renamed).getByRole('link', { name: renamed, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
    // Create, edit, archive and restore: four recorded changes, newest first.
    await expect(page.getByTestId('count-changes')).toHaveText('4');
    await expect(page.getByText('Recorded changes', { exact: true })).toBeVisible();
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await expect(activity.getByRole('listitem')).toHaveCount(4);
    // Sentences with the actor's and the project's names: "Ada restored the project “Atlas”".
    await expect(activity.getByRole('listitem').first()).toContainText(
      `restored the project “${renamed}”`,
    );
    await expect(activity.getByRole('listitem').nth(1)).toContainText('archived the project');
    await expect(activity.getByRole('listitem').nth(2)).toContainText('updated the project');
    await expect(activity.getByRole('listitem').nth(3)).toContainText('created the project');
  });

  await test.step('a help request sent from the project page carries the project id', async () => {
    const help = page.getByRole('button', { name: 'Get Help', exact: true });
    await expect(help).toBeVisible();
    const viewport = page.viewportSize()!;
    const box = (await help.boundingBox())!;
    expect(box.x + box.width / 2, 'the help button sits on the left').toBeLessThan(
      viewport.width / 2,
    );
    expect(box.y + box.height / 2).toBeGreaterThan(viewport.height / 2);
    await help.click();
    const dialog = page.getByRole('dialog', { name: 'Request Help' });
    const text = `The overview of ${renamed} looks wrong (e2e ${tag})`;
    await dialog.getByLabel('Describe your issue').fill(text);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(
      dialog.getByText('Help request submitted successfully! Our team will get back to you soon.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 10_000 });

    const response = await page.request.get('/api/v1/help-requests', {
      params: { page: 1, pageSize: 100 },
    });
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as {
      items: { url: string; project_id: string | null; issue_description: string }[];
    };
    const stored = items.find((item) => item.issue_description === text);
    expect(stored?.project_id).toBe(projectId);
    expect(new URL(stored!.url).pathname).toBe(`/projects/${projectId}`);
  });

  await test.step('the data-sources tab shows its panel', async () => {
    await page.getByRole('tab', { name: 'Data sources' }).click();
    await expect(page).toHaveURL(/[?&]tab=data-sources/);
    await expect(page.getByRole('tab', { name: 'Data sources', selected: true })).toBeVisible();
    await expect(page.getByRole('tabpanel')).toBeVisible();
  });

  await test.step('the settings tab saves an edit in place', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/[?&]tab=settings/);
    const description = page
      .getByRole('tabpanel')
      .getByRole('textbox', { name: 'Description', exact: true });
    await expect(description).toHaveValue('First crewed landing');
    const save = page.getByRole('tabpanel').getByRole('button', { name: 'Save changes' });
    await expect(save).toBeDisabled();
    await description.fill('Crew of three');
    await save.click();
    await expect(snackbar(page, `Project “${renamed}” saved`)).toBeVisible();
    await expect(save).toBeDisabled();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('count-changes')).toHaveText('5');
    await expect(page.getByText('Crew of three', { exact: true })).toBeVisible();
  });

  await test.step('delete, after a confirmation, goes back to the list; the page is then a 404', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Delete this project', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this project?' });
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Delete this project', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/projects');
    await expect(snackbar(page, `Project “${renamed}” deleted`)).toBeVisible();

    const orgId = await selectedOrgId(page);
    const gone = await page.request.get(`/api/v1/projects/${projectId}`, {
      headers: { 'X-Organization-Id': orgId },
    });
    expect(gone.status()).toBe(404);
    await page.goto(`/projects?status=all&search=${encodeURIComponent(tag)}`);
    await expect(page.getByRole('heading', { name: `No project matches “${tag}”` })).toBeVisible();

    await page.goto(`/projects/${projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the projects' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/projects');
  });
});

test('paging: page sizes and pages are kept in the address', async ({ page }) => {
  const tag = unique();
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  for (let index = 1; index <= 6; index += 1) {
    await createProjectByApi(page, `Paging ${tag} ${index}`);
  }
  await page.goto(`/projects?view=table&search=${tag}&pageSize=5`);
  await expect(page.getByRole('table').getByRole('link')).toHaveCount(5);
  await expect(page.getByText('1–5 of 6', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Go to the next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('table').getByRole('link')).toHaveCount(1);
  // Newest first: the first one made is alone on page 2.
  await expect(row(page, `Paging ${tag} 1`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Projects per page:' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page).toHaveURL(/[?&]pageSize=10/);
  await expect(page).not.toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('table').getByRole('link')).toHaveCount(6);
  // A click on the name column sorts by name, A to Z.
  await page.getByRole('button', { name: 'Project', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=name/);
  await expect(page.getByRole('table').getByRole('link').first()).toHaveText(`Paging ${tag} 1`);
  await expect(page.getByRole('table').getByRole('link').last()).toHaveText(`Paging ${tag} 6`);
});

test('the projects list and a project page have no serious axe-core violation, in en and ar', async ({
  page,
}) => {
  test.slow(); // several axe-core scans
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const name = `Axe ${unique()}`;
  const id = await createProjectByApi(page, name);

  for (const language of ['en', 'ar']) {
    await page.addInitScript((code) => localStorage.setItem('language', code), language);

    await page.goto('/projects');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(card(page, name)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language} projects grid`);

    await page.goto('/projects?view=table');
    await expect(row(page, name)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language} projects table`);

    await page.goto(`/projects/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('count-changes')).toHaveText(/\S/);
    await expectNoSeriousA11yViolations(page, `${language} project overview`);

    await page.goto(`/projects/${id}?tab=settings`);
    await expect(page.getByRole('tabpanel').locator('form')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language} project settings`);
  }

  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/projects');
  await page.getByRole('button', { name: 'New project', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Create a project' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'en create dialog');
});
