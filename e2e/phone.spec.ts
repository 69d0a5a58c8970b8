import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { E2E_BASE_URL, ROOT_DIR } from './support/env.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInAsNewUser, signInAsSuperAdmin } from './support/users.ts';

/**
 * On a phone (390 × 844) every page fits the viewport: nothing makes the page wider than the
 * screen (tables scroll inside their card), dialogs open inside it, pagers stay reachable.
 */

const PHONE = { width: 390, height: 844 };
const STATE_PATH = path.join(ROOT_DIR, '.tmp', 'e2e-phone-super-admin.json');
const ORIGIN_HEADERS = { Origin: E2E_BASE_URL };

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: PHONE });

/** Record pages need records: made through the API in the super admin's organisation. */
const ids = { project: '', dataSource: '', user: '', agent: '' };

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await signInAsSuperAdmin(page);
    await page.goto('/');
    await expect(page.locator('main#main-content')).toBeVisible();
    const orgId = await page.evaluate(() => localStorage.getItem('selectedOrgId'));
    expect(orgId, 'an organisation is selected').toBeTruthy();
    const headers = { ...ORIGIN_HEADERS, 'X-Organization-Id': orgId! };
    const run = Math.random().toString(36).slice(2, 7);
    const post = async (url: string, data: unknown) => {
      const response = await page.request.post(url, { data, headers });
      expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
      return ((await response.json()) as { id: string }).id;
    };
    ids.project = await post('/api/v1/projects', {
      name: `Phone project with a rather long name ${run}`,
      description: 'A description long enough to wrap on a phone screen, as real ones do.',
    });
    ids.dataSource = await post('/api/v1/data-sources', {
      type: 'http',
      name: `Phone HTTP source ${run}`,
      config: { baseUrl: 'https://api.example.com/v1' },
    });
    for (let i = 0; i < 12; i += 1) {
      await post('/api/v1/customers', {
        name: `Phone customer ${run} ${i}`,
        email: `phone.customer.${run}.${i}@example.com`,
        company: 'A company with a long name, Incorporated',
      });
    }
    ids.agent = await post('/api/v1/agents', { name: `Phone agent ${run}` });
    await post(`/api/v1/agents/${ids.agent}/publish`, { note: 'First' });
    // Every hour: each day of the calendar holds more entries than a month cell shows.
    await post('/api/v1/schedules', {
      name: `Phone hourly ${run}`,
      agentId: ids.agent,
      kind: 'cron',
      cron: '0 * * * *',
      timeZone: 'UTC',
      input: { message: 'Hello' },
    });
    const me = await page.request.get('/api/v1/me', { headers });
    ids.user = ((await me.json()) as { user: { id: string } }).user.id;
    await context.storageState({ path: STATE_PATH });
  } finally {
    await context.close();
  }
});

/** How much wider than the viewport the page is (0 when it fits). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - innerWidth,
  );
}

/** The widest elements that stick out of the viewport, to say what to fix. */
async function culprits(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.right > innerWidth + 1 && rect.width > 0)
      .sort((a, b) => b.rect.right - a.rect.right)
      .slice(0, 5)
      .map(({ element, rect }) => {
        const id = element.id ? `#${element.id}` : '';
        const classes = [...element.classList].slice(0, 2).join('.');
        return `${element.tagName.toLowerCase()}${id}.${classes} right=${Math.round(rect.right)}`;
      }),
  );
}

async function expectFits(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('#initial-loader')).toHaveCount(0);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  // Pages fetch their data after the first render: wait until nothing says it is loading.
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  await expect(page.locator('.MuiCircularProgress-root, .MuiSkeleton-root')).toHaveCount(0, {
    timeout: 15_000,
  });
  const excess = await overflow(page);
  expect(excess, `${url} is ${excess} px wider than the screen: ${await culprits(page)}`).toBe(0);
}

/** The element lies inside the viewport horizontally. */
async function expectInside(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends inside the screen`).toBeLessThanOrEqual(
    PHONE.width + 0.5,
  );
}

test.describe('public pages on a phone', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  for (const url of [
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password?token=phone-test',
    '/privacy-policy',
    '/terms-conditions',
    '/not-authorized',
    '/no-such-page',
  ]) {
    test(`${url} fits 390 px`, async ({ page }) => {
      await expectFits(page, url);
    });
  }
});

test.describe('a new member with a long e-mail address, on a phone in Arabic', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the address wraps inside its card, and the sessions table scrolls by keyboard', async ({
    page,
  }) => {
    const user = await signInAsNewUser(page, 'someone.with.a.rather.long.mailbox');
    await page.addInitScript(() => localStorage.setItem('language', 'ar'));
    /** The element's text runs out of its box (sideways). */
    const spills = (locator: Locator) =>
      locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);

    await expectFits(page, '/home');
    const signedInAs = page.getByText(user.email);
    await expect(signedInAs).toBeVisible();
    expect(await spills(signedInAs), 'the address stays inside its line').toBe(false);

    await expectFits(page, '/pages/account-settings/security');
    const current = page.getByText(`${user.email}.`, { exact: false }).first();
    await expect(current).toBeVisible();
    expect(await spills(current), 'the address stays inside its card').toBe(false);
    // One session (this device, which has no revoke button): the table is wider than the
    // screen and holds nothing focusable, so the region itself takes the focus.
    const sessions = page.getByRole('region', { name: 'الجلسات النشطة' });
    await expect(sessions).toHaveAttribute('tabindex', '0');
    await expectNoSeriousA11yViolations(page, 'ar security on a phone');
  });
});

test.describe('signed-in pages on a phone', () => {
  test.use({ storageState: STATE_PATH });

  test('every page fits 390 px', async ({ page }) => {
    const urls = [
      '/',
      '/home',
      '/customer',
      '/projects',
      `/projects/${ids.project}`,
      '/data-sources',
      `/data-sources/${ids.dataSource}`,
      '/agents',
      `/agents/${ids.agent}`,
      '/dashboards/crm',
      '/organization',
      '/access-control',
      '/apps/roles',
      '/apps/permissions',
      '/apps/user/list',
      `/apps/user/view/${ids.user}`,
      '/admin/super-admin',
      '/admin/whitelist',
      '/pages/account-settings/account',
      '/pages/account-settings/security',
      '/pages/account-settings/notifications',
      '/pages/user-profile/profile',
      '/pages/user-profile/teams',
      '/pages/user-profile/connections',
      '/not-authorized',
      '/no-such-page',
    ];
    const failures: string[] = [];
    for (const url of urls) {
      await test.step(url, async () => {
        try {
          await expectFits(page, url);
        } catch (error) {
          const message = String(error instanceof Error ? error.message : error).split('\n')[0]!;
          failures.push(message.startsWith(url) ? message : `${url}: ${message}`);
        }
      });
    }
    expect(failures).toEqual([]);
  });

  test('the import dialog and the search dialog open inside the screen', async ({ page }) => {
    await expectFits(page, '/customer');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = page.getByRole('dialog');
    await expect(importDialog).toBeVisible();
    await expectInside(importDialog, 'the import dialog');
    await page.keyboard.press('Escape');
    await expect(importDialog).toHaveCount(0);

    await page.keyboard.press('Control+k');
    const searchDialog = page.getByRole('dialog');
    await expect(searchDialog).toBeVisible();
    await expectInside(searchDialog, 'the search dialog');
  });

  test("the builder's shortcuts and the version comparison open inside the screen", async ({
    page,
  }) => {
    await page.goto(`/agents/${ids.agent}`);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(shortcuts.getByText('Tidy up the layout')).toBeVisible();
    await expectInside(shortcuts, 'the shortcuts');
    // The keys wrap between alternatives instead of running out of the list, which scrolls
    // (by keyboard too: axe's scrollable-region-focusable).
    const overflow = await shortcuts.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, 'the shortcuts do not overflow sideways').toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'the shortcuts on a phone');
    await page.keyboard.press('Escape');
    await expect(shortcuts).toHaveCount(0);

    // Once a conversation is chosen, its picker's label rises above the field, at the top of
    // the Chat tab: it stays whole inside the panel, which scrolls and clips what leaves it.
    await page.getByRole('tab', { name: 'Chat', exact: true }).click();
    await page.getByRole('textbox', { name: /^Message to / }).fill('hello');
    await page.getByRole('button', { name: 'Send' }).click();
    const picker = page
      .getByRole('tabpanel')
      .locator('.MuiInputLabel-root', { hasText: 'Conversation' });
    await expect(picker).toHaveAttribute('data-shrink', 'true');
    const panelTop = (await page.getByRole('tabpanel').boundingBox())!.y;
    expect(
      (await picker.boundingBox())!.y,
      'the label starts inside the panel',
    ).toBeGreaterThanOrEqual(panelTop);

    await page.getByRole('tab', { name: 'Versions', exact: true }).click();
    // The note keeps a readable width (the table scrolls sideways instead of squeezing it).
    const note = page.getByRole('table', { name: 'Versions' }).getByRole('cell', { name: 'First' });
    expect((await note.boundingBox())!.width, 'the note column').toBeGreaterThanOrEqual(160);
    await page.getByRole('button', { name: 'Compare versions' }).click();
    const compare = page.getByRole('dialog', { name: 'Compare versions' });
    await expect(compare.getByText('These versions are the same.')).toBeVisible();
    await expectInside(compare.getByRole('combobox', { name: 'From' }), 'the From picker');
    await expectInside(compare.getByRole('combobox', { name: 'To' }), 'the To picker');
  });

  test("the scheduler's calendar keeps each day's entries and names inside its column", async ({
    page,
  }) => {
    /** What sticks out of its own box: a weekday's name, a day's entries or its "+N more". */
    const spilt = (grid: Locator) =>
      grid.evaluate((element) =>
        [...element.children]
          .filter((child) => child.scrollWidth > child.clientWidth + 1)
          .map((child) => child.textContent),
      );
    for (const [language, month, week] of [
      ['en', 'Month', 'Week'],
      ['ar', 'شهر', 'أسبوع'],
    ] as const) {
      await page.addInitScript((code) => localStorage.setItem('language', code), language);
      await expectFits(page, '/scheduler?tab=calendar');
      await expect(page.getByRole('button', { name: month, pressed: true })).toBeVisible();
      const monthGrid = page.locator('[data-day]').first().locator('..');
      // Today's and every later day's hourly fires: three entries, then the rest as "+N".
      const more = monthGrid.getByRole('button', { name: /^\+\d+ / }).first();
      await expect(more).toBeVisible();
      await expect(monthGrid.getByRole('button', { name: /Phone hourly/ }).first()).toBeVisible();
      expect(await spilt(monthGrid), `${language} month`).toEqual([]);
      await page.getByRole('button', { name: week, exact: true }).click();
      const weekGrid = page
        .getByRole('button', { name: /Phone hourly/ })
        .first()
        .locator('../..');
      await expect(weekGrid).toBeVisible();
      expect(await spilt(weekGrid), `${language} week`).toEqual([]);
    }
  });

  test("the customers pager's buttons are on the screen", async ({ page }) => {
    await expectFits(page, '/customer?pageSize=10');
    const next = page.getByRole('button', { name: /next page/i });
    await next.scrollIntoViewIfNeeded();
    await expectInside(next, 'the next-page button');
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page).toHaveURL(/page=2/);
  });
});
