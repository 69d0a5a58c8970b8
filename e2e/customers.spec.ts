import { readFile } from 'node:fs/promises';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { apiSetupHeaders, createVerifiedUser, type TestUser } from './support/users.ts';

/**
 * Customers, the CRM dashboard and the navbar search (issue 6 sections 3 to 5) in the browser.
 * One user signs up and in once for the whole file (sign-ups and sign-ins are rate limited) and
 * works in an organisation of their own, so the counts are exact whatever else the run does.
 */

test.describe.configure({ timeout: 180_000 });

const ORIGIN_HEADERS = { Origin: E2E_BASE_URL };
const IMPORTED = 1000;

let owner: TestUser;
let session: APIRequestContext;
let orgId: string;
/** Unique to this run: names in the CSV, so that searches find this run's rows only. */
const run = Math.random().toString(36).slice(2, 7);

/** Signs up and in (retrying through the sign-up rate limit) and creates an organisation. */
test.beforeAll(async () => {
  test.setTimeout(120_000);
  session = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  for (let attempt = 1; ; attempt++) {
    try {
      owner = await createVerifiedUser(session, `crm-${run}`);
      break;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes(' 429 ')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 15_000));
    }
  }
  const signedIn = await session.post('/api/auth/sign-in/email', {
    data: { email: owner.email, password: owner.password },
    headers: apiSetupHeaders(),
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const created = await session.post('/api/v1/organizations', {
    data: { name: `CRM ${run}` },
    headers: ORIGIN_HEADERS,
  });
  expect(created.ok(), await created.text()).toBe(true);
  orgId = ((await created.json()) as { id: string }).id;
});

test.afterAll(async () => {
  await session?.dispose();
});

/** The page signs in with the file's session and works in its organisation. */
async function open(page: Page, path: string, language: 'en' | 'ar' = 'en') {
  await page.context().addCookies((await session.storageState()).cookies);
  await page.addInitScript(
    ({ org, code }) => {
      localStorage.setItem('selectedOrgId', org);
      localStorage.setItem('language', code);
    },
    { org: orgId, code: language },
  );
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const pad = (n: number) => String(n).padStart(4, '0');
const STAGES = ['lead', 'prospect', 'active', 'churned'] as const;

/**
 * A CSV as a spreadsheet exports it: headers the import must map (one, "Telefon", it cannot
 * guess), quoted cells with commas, amounts with thousands separators.
 */
function customersCsv(rows: number): string {
  const lines = ['Full Name,Email Address,Telefon,Organisation,Stage,Deal Value,Labels'];
  for (let i = 1; i <= rows; i++) {
    lines.push(
      [
        `Imported ${run} Person ${pad(i)}`,
        `person${i}.${run}@import.test`,
        `+33 1 23 45 ${String(i % 100).padStart(2, '0')} 00`,
        `"Company ${i % 37}, Ltd"`,
        STAGES[i % 4],
        `"${(i * 10).toLocaleString('en-US')}.50"`,
        i % 3 === 0 ? 'vip;north' : 'south',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

const customersTable = (page: Page) => page.getByRole('table', { name: 'Customers' });
const importDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Import customers from CSV' });

async function chooseFile(dialog: Locator, name: string, csv: string) {
  await dialog.getByLabel(/Choose (a CSV|another) file/).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
}

async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('imports 1,000 customers from a CSV with a mapping step and counts them on the dashboard', async ({
  page,
}) => {
  await open(page, '/customer');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByText('No customers yet')).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const dialog = importDialog(page);
  await chooseFile(dialog, 'customers.csv', customersCsv(IMPORTED));

  await test.step('the mapping suggested from the headers, completed by hand', async () => {
    await expect(dialog.getByText('Rows in the file: 1,000')).toBeVisible();
    const nameColumn = dialog.getByRole('combobox', { name: 'Column for Name' });
    await expect(nameColumn).toHaveText('Full Name');
    await expect(dialog.getByRole('combobox', { name: 'Column for E-mail' })).toHaveText(
      'Email Address',
    );
    await expect(dialog.getByRole('combobox', { name: 'Column for Status' })).toHaveText('Stage');
    const phone = dialog.getByRole('combobox', { name: 'Column for Phone' });
    await expect(phone).toHaveText("Don't import");
    await chooseOption(page, phone, 'Telefon');
    await expect(phone).toHaveText('Telefon');
    const preview = dialog.getByRole('table', { name: 'Preview of the first rows' });
    await expect(preview.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
    await expect(preview.getByRole('cell', { name: `Imported ${run} Person 0001` })).toBeVisible();
  });

  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Every row is valid and ready to import (1,000).')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 1,000 rows' }).click();
  await expect(dialog.getByText('Customers imported: 1,000.')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('1–10 of 1,000')).toBeVisible();
  await expect(customersTable(page).getByRole('row')).toHaveCount(11);

  await test.step('the CRM dashboard counts them', async () => {
    await page.goto('/dashboards/crm');
    await expect(page.getByRole('heading', { level: 1, name: 'CRM dashboard' })).toBeVisible();
    const figures = page.getByRole('region', { name: 'Key figures' });
    await expect(figures.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
    await expect(figures).toContainText('Customers1,000');
    await expect(figures).toContainText('New customers1,000');
    // Every status has 250 customers; the chart's data table says so to screen readers.
    const byStatus = page.getByRole('region', { name: 'Customers by status' });
    await expect(byStatus.getByRole('img', { name: /Lead 250/ })).toBeVisible();
    await expect(byStatus.getByRole('row', { name: 'Churned 250' })).toHaveCount(1);
    await expect(
      page.getByRole('region', { name: 'Recent activity' }).getByRole('link').first(),
    ).toContainText(`Imported ${run} Person`);
  });

  await test.step('in Arabic, chart labels stay inside their charts and apart; the donut shows its total in its centre', async () => {
    await page.addInitScript(() => localStorage.setItem('language', 'ar'));
    await page.goto('/dashboards/crm');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('.MuiPieChart-arc').first()).toBeVisible();
    await expect(page.locator('.MuiChartsAxis-tickLabel').first()).toBeVisible();
    const layout = await page.evaluate(() => {
      const problems: string[] = [];
      const overlaps = (a: DOMRect, b: DOMRect) =>
        a.left < b.right - 1 &&
        b.left < a.right - 1 &&
        a.top < b.bottom - 1 &&
        b.top < a.bottom - 1;
      for (const svg of document.querySelectorAll('svg')) {
        const box = svg.getBoundingClientRect();
        for (const axis of svg.querySelectorAll('.MuiChartsAxis-root')) {
          const labels = [...axis.querySelectorAll('.MuiChartsAxis-tickLabel')]
            .map((label) => ({
              text: label.textContent ?? '',
              rect: label.getBoundingClientRect(),
            }))
            .filter(({ rect }) => rect.width > 0);
          for (const { text, rect } of labels) {
            if (rect.left < box.left - 1 || rect.right > box.right + 1)
              problems.push(`cut: ${text}`);
          }
          labels.forEach((a, i) =>
            labels.slice(i + 1).forEach((b) => {
              if (overlaps(a.rect, b.rect)) problems.push(`collide: ${a.text} / ${b.text}`);
            }),
          );
        }
      }
      const arcs = [...document.querySelectorAll('.MuiPieChart-arc')].map((arc) =>
        arc.getBoundingClientRect(),
      );
      const ring = {
        x: (Math.min(...arcs.map((r) => r.left)) + Math.max(...arcs.map((r) => r.right))) / 2,
        y: (Math.min(...arcs.map((r) => r.top)) + Math.max(...arcs.map((r) => r.bottom))) / 2,
      };
      const pie = document.querySelector('.MuiPieChart-arc')!.closest('svg')!;
      const texts = [...pie.querySelectorAll('text')].filter((t) =>
        /[0-9٠-٩]/.test(t.textContent ?? ''),
      );
      const total = texts
        .map((t) => ({ text: t.textContent ?? '', rect: t.getBoundingClientRect() }))
        .find(({ rect }) => Math.abs(rect.left + rect.width / 2 - ring.x) < 8);
      return {
        problems,
        total: total?.text ?? null,
        centred: total ? Math.abs(total.rect.top + total.rect.height / 2 - ring.y) < 30 : false,
      };
    });
    expect(layout.problems).toEqual([]);
    expect(layout.total).not.toBeNull();
    expect(layout.centred).toBe(true);
  });
});

test('a CSV with bad rows shows the report and imports nothing', async ({ page }) => {
  await open(page, '/customer');
  await expect(page.getByText(/of 1,000$/)).toBeVisible();
  const csv = [
    'name,email,status,value',
    `Good ${run},good.${run}@import.test,lead,100`,
    `Bad Mail ${run},not-an-address,lead,100`,
    `Bad Status ${run},bad.status.${run}@import.test,won,abc`,
    `Repeat ${run},person1.${run}@import.test,active,5`,
  ].join('\n');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = importDialog(page);
  await chooseFile(dialog, 'bad.csv', csv);
  await expect(dialog.getByRole('combobox', { name: 'Column for Name' })).toHaveText('name');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByRole('alert')).toContainText('Rows with problems: 3');
  const report = dialog.getByRole('region', { name: 'Validation report' });
  await expect(report.getByRole('listitem')).toHaveCount(3);
  await expect(report.getByRole('listitem').nth(0)).toContainText(
    'Row 2E-mail: Enter a valid e-mail address',
  );
  await expect(report.getByRole('listitem').nth(1)).toContainText('Row 3');
  await expect(report.getByRole('listitem').nth(1)).toContainText(
    'Status: Use one of: lead, prospect, active, churned',
  );
  await expect(report.getByRole('listitem').nth(1)).toContainText(
    'Value: Enter an amount of 0 or more',
  );
  await expect(report.getByRole('listitem').nth(2)).toContainText(
    'Row 4E-mail: A customer with this e-mail address already exists',
  );
  await expect(dialog.getByRole('button', { name: 'Import 1 rows' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.reload();
  await expect(page.getByText(/of 1,000$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(`Good ${run}`);
  await expect(page.getByText('No customers match')).toBeVisible();
});

test('creates and edits a customer in the drawer, changes its status and adds a note', async ({
  page,
}) => {
  await open(page, '/customer');
  await page.getByRole('button', { name: 'New customer' }).first().click();
  let drawer = page.getByRole('dialog', { name: 'New customer' });
  await drawer.getByRole('button', { name: 'Create customer' }).click();
  await expect(drawer.getByText('This field is required')).toBeVisible();

  await drawer.getByRole('textbox', { name: 'Name' }).fill(`Zephyr ${run}`);
  await drawer.getByRole('textbox', { name: 'E-mail' }).fill(`person2.${run}@import.test`);
  await drawer.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0000');
  await drawer.getByRole('textbox', { name: 'Company' }).fill('Zephyr Works');
  const value = drawer.getByRole('textbox', { name: 'Value' });
  await value.fill('12,500.5');
  await value.blur();
  await expect(value).toHaveValue('$12,500.50');
  await chooseOption(page, drawer.getByRole('combobox', { name: 'Owner' }), owner.name);
  const tags = drawer.getByRole('combobox', { name: 'Tags' });
  await tags.fill('key account');
  await tags.press('Enter');
  await expect(drawer.getByRole('button', { name: 'key account' })).toBeVisible();

  await test.step('an e-mail address already in use is refused on its field', async () => {
    await drawer.getByRole('button', { name: 'Create customer' }).click();
    await expect(
      drawer.getByText('A customer with this e-mail address already exists'),
    ).toBeVisible();
    await drawer.getByRole('textbox', { name: 'E-mail' }).fill(`zephyr.${run}@example.test`);
    await drawer.getByRole('button', { name: 'Create customer' }).click();
  });

  const detail = page.getByRole('dialog', { name: `Zephyr ${run}` });
  await expect(detail).toBeVisible();
  await expect(page).toHaveURL(/customer=[0-9a-f-]{36}/);
  await expect(detail.getByText('$12,500.50')).toBeVisible();
  await expect(detail.getByText(owner.name, { exact: true })).toBeVisible();
  await expect(detail.getByText('key account')).toBeVisible();
  const timeline = detail.getByRole('region', { name: 'Activity' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline).toContainText(`${owner.name} created the customer`);

  await test.step('the status change shows in the timeline', async () => {
    await chooseOption(page, detail.getByRole('combobox', { name: 'Status' }), 'Active');
    await expect(timeline.getByRole('listitem').first()).toContainText(
      `${owner.name} changed the status from Lead to Active`,
    );
  });

  await test.step('a note', async () => {
    await detail.getByRole('textbox', { name: 'Add a note' }).fill('Renewal call on Friday.');
    await detail.getByRole('button', { name: 'Add note' }).click();
    await expect(timeline.getByRole('listitem').first()).toContainText(
      `${owner.name} added a note`,
    );
    await expect(timeline.getByRole('listitem').first()).toContainText('Renewal call on Friday.');
    await expect(detail.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
  });

  await test.step('edit in the drawer', async () => {
    await detail.getByRole('button', { name: `Edit Zephyr ${run}` }).click();
    drawer = page.getByRole('dialog', { name: `Edit Zephyr ${run}` });
    await expect(drawer.getByRole('textbox', { name: 'Company' })).toHaveValue('Zephyr Works');
    await drawer.getByRole('textbox', { name: 'Company' }).fill('Zephyr Holdings');
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    await expect(drawer).toBeHidden();
    await expect(detail.getByText('Zephyr Holdings').first()).toBeVisible();
    await expect(timeline.getByRole('listitem').first()).toContainText(
      `${owner.name} changed Company`,
    );
  });

  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(`Zephyr ${run}`);
  await expect(page).toHaveURL(/search=/);
  await expect(customersTable(page).getByRole('row')).toHaveCount(2);
  await expect(customersTable(page)).toContainText('Zephyr Holdings');
  await expect(customersTable(page)).toContainText('Active');
});

test('bulk status change and bulk delete of the selected customers', async ({ page }) => {
  await open(page, '/customer?search=Person%2000&sort=name&order=asc&pageSize=5');
  const table = customersTable(page);
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(table.getByRole('row').nth(1)).toContainText(`Imported ${run} Person 0001`);

  await test.step('status', async () => {
    for (const n of ['0001', '0002', '0003']) {
      await table.getByRole('checkbox', { name: `Select Imported ${run} Person ${n}` }).check();
    }
    const toolbar = page.getByRole('toolbar', { name: 'Actions on the selected customers' });
    await expect(toolbar.getByText('Selected: 3')).toBeVisible();
    await toolbar.getByRole('button', { name: 'Change status' }).click();
    // Imported rows 1, 2 and 3 are a prospect, an active customer and a churned one.
    await page.getByRole('menuitem', { name: 'Set status to Lead' }).click();
    await expect(page.getByText('Customers set to Lead: 3.')).toBeVisible();
    await expect(toolbar).toBeHidden();
    for (let row = 1; row <= 3; row++) {
      await expect(table.getByRole('row').nth(row)).toContainText('Lead');
    }
  });

  await test.step('filters in the address', async () => {
    await chooseOption(page, page.getByRole('combobox', { name: 'Status' }), 'Lead');
    await expect(page).toHaveURL(/status=lead/);
    await expect(table.getByRole('row').nth(1)).toContainText(`Imported ${run} Person 0001`);
    await expect(table.getByRole('row').nth(4)).toContainText(`Imported ${run} Person 0004`);

    // The export takes the same filters: this run's leads among Person 0001 to 0099.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toBe(
      'name,email,phone,company,status,value,owner,tags,notes,created_at,updated_at',
    );
    // 24 imported leads (4, 8, … 96) and the three just set.
    expect(lines).toHaveLength(27);
    expect(lines[0]).toContain(`Imported ${run} Person 0001,person1.${run}@import.test`);
    expect(lines.every((line) => line.includes(',lead,'))).toBe(true);
    await chooseOption(page, page.getByRole('combobox', { name: 'Status' }), 'Any status');
  });

  await test.step('delete after confirming', async () => {
    await table.getByRole('checkbox', { name: 'Select every customer on this page' }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the selected customers?' });
    await expect(confirm).toContainText('Customers to delete: 5.');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Customers deleted: 5.')).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText(`Imported ${run} Person 0006`);
  });
});

test('the navbar search (Ctrl+K) finds a customer and opens its detail', async ({ page }) => {
  await open(page, '/dashboards/crm');
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: /^Search pages/ });
  await expect(search).toBeFocused();
  await search.fill(`zephyr ${run}`);
  const customers = page.getByRole('group', { name: 'Customers' });
  await expect(customers.getByRole('option', { name: new RegExp(`Zephyr ${run}`) })).toBeVisible();
  await expect(customers.getByRole('option')).toHaveCount(1);
  // Down to the customer (no page matches), then Enter opens it.
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/customer\?customer=[0-9a-f-]{36}/);
  await expect(page.getByRole('dialog', { name: `Zephyr ${run}` })).toBeVisible();
});

test('no serious axe-core violation on the customers and CRM pages, in English and Arabic', async ({
  page,
}) => {
  for (const language of ['en', 'ar'] as const) {
    await open(page, '/customer', language);
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(11);
    await expectNoSeriousA11yViolations(page, `${language}, customers`);
    await table.getByRole('row').nth(1).getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language}, customer detail`);

    await page.goto('/dashboards/crm');
    await expect(page.getByRole('img').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language}, CRM dashboard`);
  }
  await test.step('dark mode', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.getByRole('img').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'ar, dark, CRM dashboard');
    // A row under the pointer is shaded: its links and status chips still read.
    await page.goto('/customer');
    const row = page.getByRole('table').getByRole('row').nth(1);
    await row.hover();
    await expectNoSeriousA11yViolations(page, 'ar, dark, customers, a row under the pointer');
  });
});
