import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { E2E_BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { signInAsSuperAdmin } from './support/users.ts';

/**
 * Data sources (issue 6 section 2) in the browser: create a project, add a PostgreSQL data
 * source pointing at the machine's PostgreSQL (a wrong port first: 'connection refused'), test
 * it, browse its schema, run a query (an INSERT is refused: read-only), export the rows as
 * CSV, assign it to the project and find it in the project's data-sources tab; a CSV upload
 * with a bad row shows its report. Axe in English and Arabic on the list and detail pages.
 */

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const PG_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TAG = unique();
/** A scratch table made for this run (dropped at the end). */
const TABLE = `ds_e2e_${TAG}`;

/** The seeded super admin signs in once for the file (sign-ins are rate-limited). */
const ADMIN_STATE = path.join(E2E_DATA_DIR, 'data-sources-spec-state.json');

async function withPg<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async ({ browser }) => {
  await withPg(async (client) => {
    await client.query(
      `create table public.${TABLE} (id integer primary key, name text not null, note text, amount numeric(10,2))`,
    );
    await client.query(
      `insert into public.${TABLE} values (1, 'Ada', 'first', 10.50), (2, 'Grace', null, 20), (3, 'Linus', 'third', null)`,
    );
  });
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const page = await context.newPage();
    await signInAsSuperAdmin(page);
    await page.goto('/data-sources');
    await expect(page.getByRole('heading', { level: 1, name: 'Data sources' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Organisation: / })).toHaveAccessibleName(
      /Demo organization/,
    );
    await context.storageState({ path: ADMIN_STATE });
  } finally {
    await context.close();
  }
});

test.afterAll(async () => {
  await withPg((client) => client.query(`drop table if exists public.${TABLE}`));
});

test.use({ storageState: ADMIN_STATE });

const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/**
 * Axe without snackbars: notistack's default success colour (white on #43a047) is below the
 * contrast threshold, an app-wide matter outside these pages; a page showing one is reloaded
 * (every state checked here lives in the address).
 */
async function checkA11y(page: Page, what: string) {
  if ((await page.locator('#notistack-snackbar').count()) > 0) {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page, what);
}

async function chooseOption(
  page: Page,
  scope: ReturnType<Page['getByRole']>,
  label: string,
  option: string,
) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  // The menu fades out after it is hidden from the accessibility tree; gone once unmounted.
  await expect(page.locator('[role="option"]')).toHaveCount(0);
}

test('create a project, add a PostgreSQL data source, test it, browse its schema, run a query, export the rows', async ({
  page,
}) => {
  const projectName = `Warehouse project ${TAG}`;
  const sourceName = `Local warehouse ${TAG}`;
  let sourceUrl = '';

  await test.step('create a project on the projects page', async () => {
    await page.goto('/projects');
    await page.getByRole('button', { name: 'New project', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a project' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(projectName);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the list page offers a new data source (axe in English)', async () => {
    await page.goto('/data-sources');
    await expect(page.getByRole('heading', { level: 1, name: 'Data sources' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Data sources' })).toBeVisible();
    await checkA11y(page, 'en list');
    await page.getByRole('button', { name: 'New data source', exact: true }).first().click();
  });

  const dialog = page.getByRole('dialog');
  await test.step('pick PostgreSQL; the form validates', async () => {
    await expect(dialog.getByRole('heading', { name: 'New data source' })).toBeVisible();
    await checkA11y(page, 'en type picker');
    await dialog.getByRole('button', { name: /^PostgreSQL/ }).click();
    await expect(
      dialog.getByRole('heading', { name: 'New data source: PostgreSQL' }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('This field is required').first()).toBeVisible();
  });

  await test.step('a wrong port: the test says the connection was refused', async () => {
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(sourceName);
    await dialog.getByLabel('Description', { exact: true }).fill('The machine’s PostgreSQL');
    await dialog.getByRole('textbox', { name: 'Host', exact: true }).fill('127.0.0.1');
    await dialog.getByLabel('Port', { exact: true }).fill('1');
    await dialog.getByRole('textbox', { name: 'Database', exact: true }).fill('test');
    await dialog.getByRole('textbox', { name: 'User name', exact: true }).fill('postgres');
    // Trust authentication ignores it; it is stored encrypted and shown masked later.
    await dialog.getByLabel('Password', { exact: true }).fill('not-needed');
    await chooseOption(page, dialog, 'SSL / TLS', 'Off');
    await checkA11y(page, 'en postgres form');
    await dialog.getByRole('button', { name: 'Test connection', exact: true }).click();
    const failure = dialog.getByRole('alert').filter({ hasText: 'Connection failed' });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('The connection was refused');
  });

  await test.step('the right port: the test succeeds, then save', async () => {
    await dialog.getByLabel('Port', { exact: true }).fill('5432');
    await dialog.getByRole('button', { name: 'Test connection', exact: true }).click();
    const success = dialog.getByRole('status').filter({ hasText: 'Connection succeeded' });
    await expect(success).toBeVisible();
    await expect(success).toContainText('PostgreSQL');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(snackbar(page, `${sourceName} was created`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: sourceName })).toBeVisible();
    await expect(page).toHaveURL(/\/data-sources\/[0-9a-f-]{36}$/);
    sourceUrl = new URL(page.url()).pathname;
    await expect(page.getByText('127.0.0.1:5432/test').first()).toBeVisible();
    await checkA11y(page, 'en detail overview');
  });

  await test.step('settings show the password masked, with a replace action', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveValue('••••••••');
    await expect(password).not.toBeEditable();
    await page.getByRole('button', { name: 'Replace', exact: true }).click();
    await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
    await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('');
    await page.getByRole('button', { name: 'Keep the stored value', exact: true }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('••••••••');
    await checkA11y(page, 'en detail settings');
  });

  await test.step('the schema browser shows the table and its columns', async () => {
    await page.getByRole('tab', { name: 'Schema' }).click();
    await page.getByLabel('Filter tables and columns').fill(TABLE);
    const columns = page.getByRole('table', { name: `Columns of public.${TABLE}` });
    await expect(columns).toBeVisible();
    for (const [column, type] of [
      ['id', 'integer'],
      ['name', 'text'],
      ['note', 'text'],
      ['amount', 'numeric'],
    ] as const) {
      await expect(
        columns
          .getByRole('row')
          .filter({ has: page.getByRole('cell', { name: column, exact: true }) }),
      ).toContainText(type);
    }
    await checkA11y(page, 'en detail schema');
    await page.getByRole('button', { name: `Query public.${TABLE}` }).click();
  });

  // The console's SQL editor (CodeMirror): a contenteditable textbox named by its label.
  const sql = page.getByRole('textbox', { name: 'SQL', exact: true });
  const results = page.getByRole('region', { name: 'Query results' });
  await test.step('run a SELECT with Ctrl+Enter: rows, NULL shown apart, row count', async () => {
    await expect(page.getByRole('tab', { name: 'Query', selected: true })).toBeVisible();
    await expect(sql).toHaveText(`select *\nfrom "public"."${TABLE}"\nlimit 100;`, {
      useInnerText: true,
    });
    await sql.fill(`select id, name, note, amount from public.${TABLE} order by id`);
    await sql.press('Control+Enter');
    await expect(results).toBeVisible();
    await expect(results.getByRole('row')).toHaveCount(4);
    await expect(results.getByRole('row').nth(1)).toContainText('Ada');
    await expect(results.getByRole('row').nth(2)).toContainText('Grace');
    await expect(results.getByRole('row').nth(2).getByText('NULL', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Rows: 3 · \d+ ms$/)).toBeVisible();
    await checkA11y(page, 'en detail query');
  });

  await test.step('an INSERT is refused: the transaction is read-only', async () => {
    await sql.fill(`insert into public.${TABLE} values (4, 'Eve', null, null)`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'The query was refused' });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(/read-only/i);
    const count = await withPg((client) =>
      client.query<{ n: string }>(`select count(*) as n from public.${TABLE}`),
    );
    expect(count.rows[0]!.n).toBe('3');
  });

  await test.step('export the rows as CSV', async () => {
    await sql.fill(`select id, name, note from public.${TABLE} order by id`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Local-warehouse-.*\.csv$/);
    const content = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = content.trim().split(/\r?\n/);
    expect(lines).toEqual(['id,name,note', '1,Ada,first', '2,Grace,', '3,Linus,third']);
    await expect(snackbar(page, `Saved ${download.suggestedFilename()}`)).toBeVisible();
  });

  await test.step('assign it to the project; the project page lists it', async () => {
    await page.getByRole('tab', { name: 'Projects' }).click();
    const picker = page.getByRole('combobox', { name: 'Project' });
    await picker.fill(projectName);
    await page.getByRole('option', { name: projectName, exact: true }).click();
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(snackbar(page, `Assigned to ${projectName}`)).toBeVisible();
    const assigned = page.getByRole('list', { name: 'Assigned projects' });
    await expect(assigned.getByText(projectName, { exact: true })).toBeVisible();
    await checkA11y(page, 'en detail projects');

    const projects = await page.request.get(
      `/api/v1/projects?search=${encodeURIComponent(projectName)}`,
      {
        headers: {
          'X-Organization-Id': (await page.evaluate(() => localStorage.getItem('selectedOrgId')))!,
        },
      },
    );
    const projectId = ((await projects.json()) as { items: { id: string }[] }).items[0]!.id;
    await page.goto(`/projects/${projectId}?tab=data-sources`);
    const link = page.getByRole('link', { name: sourceName, exact: true });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: sourceName })).toBeVisible();
  });

  await test.step('the list finds it by search and type', async () => {
    await page.goto('/data-sources');
    await page.getByLabel('Search', { exact: true }).fill(TAG);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: sourceName }) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('PostgreSQL');
    await expect(row).toContainText('127.0.0.1:5432/test');
    await chooseOption(page, page.getByRole('search'), 'Type', 'HTTP API');
    await expect(page.getByText('No data source matches these filters')).toBeVisible();
  });

  await test.step('axe in Arabic on the list and detail pages', async () => {
    await page.addInitScript(() => localStorage.setItem('language', 'ar'));
    await page.goto('/data-sources');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'مصادر البيانات' })).toBeVisible();
    await checkA11y(page, 'ar list');
    for (const tab of ['', '?tab=settings', '?tab=schema', '?tab=query', '?tab=projects']) {
      await page.goto(`${sourceUrl}${tab}`);
      await expect(page.getByRole('heading', { level: 1, name: sourceName })).toBeVisible();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      if (tab === '?tab=schema') {
        await expect(page.getByText(`public.${TABLE}`).first()).toBeAttached();
      }
      if (tab === '?tab=query') {
        await sql.fill(`select id, name from public.${TABLE} order by id`);
        await sql.press('Control+Enter');
        const arResults = page.getByRole('region', { name: 'نتائج الاستعلام' });
        await expect(arResults.getByRole('row')).toHaveCount(4);
        // Column names and values read left to right, and a name stands above its values.
        const textLeft = (cell: Locator, text: string) =>
          cell.evaluate((element, wanted) => {
            const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) {
              if (walker.currentNode.textContent !== wanted) continue;
              const range = document.createRange();
              range.selectNodeContents(walker.currentNode);
              return range.getBoundingClientRect().left;
            }
            throw new Error(`no text "${wanted}"`);
          }, text);
        const header = await textLeft(
          arResults.getByRole('columnheader', { name: /^name/ }),
          'name',
        );
        const value = await textLeft(arResults.getByRole('cell', { name: 'Ada' }), 'Ada');
        expect(Math.abs(header - value)).toBeLessThan(2);
      }
      await checkA11y(page, `ar detail ${tab || 'overview'}`);
    }
  });
});

test('a CSV file with a bad row shows the report; skipping it imports the others', async ({
  page,
}) => {
  const name = `People file ${TAG}`;
  const csv = [
    'name,email,age',
    'Ada,ada@example.com,36',
    'Grace,grace@example.com',
    'Linus,linus@example.com,54',
  ].join('\n');
  await page.goto('/data-sources');
  await page.getByRole('button', { name: 'New data source', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^File/ }).click();
  await expect(dialog.getByRole('heading', { name: 'New data source: File' })).toBeVisible();

  await test.step('a file that is not CSV or JSON is refused before it is sent', async () => {
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'people.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('x'),
    });
    await expect(dialog.getByText('Choose a .csv or .json file.')).toBeVisible();
  });

  await test.step('the bad row refuses the file, with a report', async () => {
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(dialog.getByText('people.csv', { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await checkA11y(page, 'en file form');
    await dialog.getByRole('button', { name: 'Upload and create', exact: true }).click();
    const report = dialog
      .getByRole('alert')
      .filter({ hasText: 'Some rows of the file cannot be read' });
    await expect(report).toBeVisible();
    await expect(report).toContainText('line 3: Expected 3 values, found 2');
    await checkA11y(page, 'en file report');
  });

  await test.step('skip invalid rows: the others are imported and the skipped one reported', async () => {
    await dialog.getByLabel('Skip invalid rows and import the others').check();
    await dialog.getByRole('button', { name: 'Upload and create', exact: true }).click();
    const done = dialog.getByRole('status').filter({ hasText: 'Rows imported: 2' });
    await expect(done).toBeVisible();
    await expect(done).toContainText('Invalid rows skipped: 1');
    await expect(done).toContainText('line 3: Expected 3 values, found 2');
    await dialog.getByRole('button', { name: 'Open the data source', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  await test.step('the schema shows the inferred columns; the console filters the rows', async () => {
    await page.getByRole('tab', { name: 'Schema' }).click();
    const columns = page.getByRole('table', { name: 'Columns of people.csv' });
    await expect(columns).toBeVisible();
    await expect(columns.getByRole('cell', { name: 'email', exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Query' }).click();
    const results = page.getByRole('region', { name: 'Query results' });
    await expect(results.getByRole('row')).toHaveCount(3);
    await page.getByRole('button', { name: 'Add a filter', exact: true }).click();
    await chooseOption(page, page.locator('main'), 'Filter 1 column', 'name');
    await page.getByLabel('Filter 1 value').fill('Linus');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(results.getByRole('row')).toHaveCount(2);
    await expect(results).toContainText('linus@example.com');
    await checkA11y(page, 'en file query');
  });
});
