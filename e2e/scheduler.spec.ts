import { expect as baseExpect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import {
  adminApi,
  agentWithGraph,
  expectOk,
  unique,
  useSession,
  type AdminApi,
} from './support/agents-api.ts';

/**
 * The scheduler (issue 18): an admin creates a daily schedule with the cron editor, sees its
 * upcoming fire on the calendar, runs it now, and finds the run in the schedule's history and
 * on the calendar, from where it opens the run on the agent's page.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

let admin: AdminApi;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await adminApi();
});
test.afterAll(async () => {
  await admin.session.dispose();
});

/** start → transform → output: a cheap run. */
const graph = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'fields', inputs: [] } },
    { id: 'calc', type: 'transform', position: { x: 200, y: 0 }, data: { expression: '1 + 1' } },
    { id: 'out', type: 'output', position: { x: 400, y: 0 }, data: { text: '{{ nodes.calc }}' } },
  ],
  edges: [
    { id: 'a', source: 'start', target: 'calc' },
    { id: 'b', source: 'calc', target: 'out' },
  ],
};

/** Publishes the agent's draft through the API. */
async function publish(agentId: string) {
  await expectOk(
    await admin.session.post(`/api/v1/agents/${agentId}/publish`, {
      data: {},
      headers: admin.headers(),
    }),
    'publish',
  );
}

test('an admin schedules an agent daily, sees it on the calendar, runs it now and finds the run', async ({
  page,
}) => {
  const agentName = `Reporter ${unique()}`;
  const scheduleName = `Morning report ${unique()}`;
  const agentId = await agentWithGraph(admin, agentName, graph);
  await publish(agentId);
  await useSession(page, admin.session);
  await page.goto('/scheduler');
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduler' })).toBeVisible();

  await test.step('the cron editor makes a daily schedule at 07:30', async () => {
    await page.getByRole('button', { name: 'New schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New schedule' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(scheduleName);
    await dialog.getByRole('combobox', { name: 'Agent (published)' }).click();
    await page.getByRole('option', { name: agentName }).click();
    await expect(dialog.getByRole('combobox', { name: 'Repeat' })).toContainText('Daily at');
    await dialog.getByRole('textbox', { name: 'Time', exact: true }).fill('07:30');
    await expect(dialog.getByLabel('Cron expression')).toHaveValue('30 7 * * *');
    await expect(dialog.getByRole('status')).toHaveText('At 07:30');
    const next = dialog.getByRole('list', { name: /Next five fires/ });
    await expect(next.getByRole('listitem')).toHaveCount(5);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The schedule was saved.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(scheduleName) })).toBeVisible();
  });

  await test.step('the calendar lists its upcoming fire', async () => {
    await page.getByRole('tab', { name: 'Calendar' }).click();
    await page.getByRole('button', { name: 'List' }).click();
    await expect(
      page.getByRole('button', { name: new RegExp(`${scheduleName}.*Upcoming`) }).first(),
    ).toBeVisible();
  });

  await test.step('run now, then the run is in the history', async () => {
    await page.getByRole('tab', { name: 'Schedules' }).click();
    await page.getByRole('button', { name: `Actions for ${scheduleName}` }).click();
    await page.getByRole('menuitem', { name: 'Run now' }).click();
    await expect(page.getByText('The run has started.')).toBeVisible();
    await page.getByRole('button', { name: `Actions for ${scheduleName}` }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: `History of ${scheduleName}` });
    await expect(history.getByText('Succeeded')).toBeVisible();
    await expect(history.getByText('Run now')).toBeVisible();
    await expect(history.getByRole('link', { name: 'Open run' })).toBeVisible();
    await history.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('the calendar shows the run, and opens it', async () => {
    await page.getByRole('tab', { name: 'Calendar' }).click();
    await page.getByRole('button', { name: 'List' }).click();
    const done = page.getByRole('button', { name: new RegExp(`${scheduleName}.*Succeeded`) });
    await expect(done).toBeVisible();
    await done.click();
    await expect(page).toHaveURL(new RegExp(`/agents/${agentId}\\?.*tab=runs.*run=`));
  });
});

test('the scheduler, its editor and an agent’s Triggers tab pass axe, in en light and ar dark', async ({
  page,
}) => {
  const agentName = `Checked ${unique()}`;
  const agentId = await agentWithGraph(admin, agentName, graph);
  await publish(agentId);
  await expectOk(
    await admin.session.post('/api/v1/schedules', {
      data: {
        name: `Hourly ${unique()}`,
        agentId,
        kind: 'cron',
        cron: '0 * * * *',
        timeZone: 'Europe/Paris',
      },
      headers: admin.headers(),
    }),
    'schedule',
  );
  await useSession(page, admin.session);
  const texts = {
    en: { heading: 'Scheduler', calendar: 'Calendar', create: 'New schedule', cancel: 'Cancel' },
    ar: { heading: 'المُجدوِل', calendar: 'التقويم', create: 'جدول جديد', cancel: 'إلغاء' },
  };
  for (const [language, scheme] of [
    ['en', 'light'],
    ['ar', 'dark'],
  ] as const) {
    const text = texts[language];
    await page.addInitScript((code) => localStorage.setItem('language', code), language);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/scheduler');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('row')).not.toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `${language} ${scheme} schedules`);
    await page.getByRole('tab', { name: text.calendar }).click();
    await expectNoSeriousA11yViolations(page, `${language} ${scheme} calendar`);
    await page.getByRole('button', { name: text.create }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language} ${scheme} schedule editor`);
    await dialog.getByRole('button', { name: text.cancel }).click();
    await page.goto(`/agents/${agentId}?tab=triggers`);
    await expect(page.getByRole('tabpanel').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language} ${scheme} triggers tab`);
  }
});
