import { expect as baseExpect, test } from '@playwright/test';
import {
  adminApi,
  agentWithGraph,
  unique,
  useSession,
  type AdminApi,
} from './support/agents-api.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';

/**
 * The agent page (issue 15 sections 2, 4 and 5): an admin tests the draft of a transform agent
 * in the test console and sees its steps succeed and its output, publishes it with a note, then
 * finds version 1 under Versions and the test run under Runs.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

let admin: AdminApi;

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

test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await adminApi();
});

test.afterAll(async () => {
  await admin.session.dispose();
});

test('an admin tests the draft, publishes it and finds the version and the run', async ({
  page,
}) => {
  const name = `Doubler ${unique()}`;
  const id = await agentWithGraph(admin, name, GRAPH);
  await useSession(page, admin.session);

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
    // Under the pointer the row is shaded, and its link and status still read (light and dark).
    await row.hover();
    await expectNoSeriousA11yViolations(page, 'runs, a row under the pointer');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'dark');
    await expectNoSeriousA11yViolations(page, 'dark, runs, a row under the pointer');
    await page.emulateMedia({ colorScheme: 'light' });
    await row.getByRole('button', { name: /^Open the run of / }).click();
    await expect(page).toHaveURL(/run=/);
    await expect(
      page.getByRole('button', { name: 'Details of step reply', exact: true }),
    ).toContainText('Succeeded');
    await expect(page.getByLabel('Final output', { exact: true })).toHaveText('doubled is 42');
  });
});
