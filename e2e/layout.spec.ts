import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import path from 'node:path';
import { E2E_ADMIN, ROOT_DIR } from './support/env.ts';
import { signInAsNewUser } from './support/users.ts';

/** The signed-in super admin's cookies and storage, shared by the tests of this file. */
const STATE_PATH = path.join(ROOT_DIR, '.tmp', 'e2e-layout-super-admin.json');

/** Signs in as the seeded super admin through the /login form and waits for the shell. */
async function signInThroughLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectShell(page);
}

/** The default layout is on screen: its main region, its navbar, and no initial loader. */
async function expectShell(page: Page): Promise<void> {
  await expect(page.locator('main#main-content')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button').first()).toBeVisible();
  await expect(page.locator('#initial-loader')).toHaveCount(0);
}

async function setPreferenceCookie(page: Page, key: string, value: string): Promise<void> {
  const url = new URL(page.url()).origin;
  await page.context().addCookies([{ name: `Meridian-${key}`, value, url }]);
}

/** Opens the home page with the signed-in session and waits for the shell. */
async function openShell(page: Page): Promise<void> {
  await page.goto('/');
  await expectShell(page);
}

test.describe('application shell', () => {
  // Sign in once through the form; every test starts from that session (its own context).
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ storageState: { cookies: [], origins: [] } });
    await signInThroughLogin(page);
    await page.context().storageState({ path: STATE_PATH });
    await page.close();
  });
  test.use({ viewport: { width: 1440, height: 900 }, storageState: STATE_PATH });

  test('Arabic mirrors the layout: dir=rtl and the navigation on the right', async ({ page }) => {
    await openShell(page);
    const nav = page.getByTestId('vertical-nav');
    const ltrBox = await nav.boundingBox();
    expect(ltrBox?.x).toBe(0);

    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('button', { name: 'تخصيص' })).toBeVisible();
    await expect
      .poll(async () => {
        const box = await nav.boundingBox();
        return box ? Math.round(box.x + box.width) : -1;
      })
      .toBe(1440);
    const rtlBox = await nav.boundingBox();
    expect(rtlBox!.x).toBeGreaterThan(1440 / 2);

    // The choice is stored: still Arabic after a reload.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('theme and layout choices survive a reload', async ({ page }) => {
    await openShell(page);
    await page.getByRole('button', { name: 'Customize' }).click();
    const customizer = page.getByRole('dialog', { name: 'Theme customizer' });
    await expect(customizer).toBeVisible();

    await customizer.getByRole('radio', { name: 'Dark' }).check();
    await customizer.getByRole('radio', { name: 'Horizontal' }).check();
    await customizer.getByRole('radio', { name: 'Fluid' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'dark');
    await expect(page.getByTestId('horizontal-nav')).toBeVisible();

    const cookies = Object.fromEntries(
      (await page.context().cookies()).map((cookie) => [cookie.name, cookie]),
    );
    expect(cookies['Meridian-theme']?.value).toBe('dark');
    expect(cookies['Meridian-appContentLayoutNav']?.value).toBe('horizontal');
    expect(cookies['Meridian-appContentWidth']?.value).toBe('fluid');
    // 30 days, give or take the test's own duration.
    const days = ((cookies['Meridian-theme']?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    await page.reload();
    await expectShell(page);
    await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'dark');
    await expect(page.getByTestId('horizontal-nav')).toBeVisible();
    await expect(page.getByTestId('vertical-nav')).toHaveCount(0);

    // Reset goes back to the defaults (system theme, vertical navigation).
    await page.getByRole('button', { name: 'Customize' }).click();
    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect(page.getByTestId('vertical-nav')).toBeVisible();
    await expect(customizer.getByRole('radio', { name: 'System' })).toBeChecked();
  });

  test('the theme switcher follows the device in system mode', async ({ page }) => {
    await openShell(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'light');

    await page.getByRole('button', { name: /^Theme/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'dark');
  });

  test('the scroll-to-top button appears after 200 px and scrolls back up', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 600 });
    await openShell(page);
    // Make the page long enough to scroll.
    await page.evaluate(() => {
      const filler = document.createElement('div');
      filler.style.height = '3000px';
      document.getElementById('main-content')?.appendChild(filler);
    });
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await expect(button).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForTimeout(200);
    await expect(button).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 800));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test('a hash scrolls its element into view 60 px below the top', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 500 });
    await page.goto('/privacy-policy#rights');
    const target = page.locator('#rights');
    await expect(target).toBeVisible();
    await expect
      .poll(() => target.evaluate((element) => Math.round(element.getBoundingClientRect().top)), {
        timeout: 5_000,
      })
      .toBe(60);
  });

  test('below 1280 px the navigation is an overlay opened from the navbar', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await openShell(page);
    await expect(page.getByTestId('vertical-nav')).toHaveCount(0);

    // The horizontal layout is forced back to vertical there.
    await setPreferenceCookie(page, 'appContentLayoutNav', 'horizontal');
    await page.reload();
    await expectShell(page);
    await expect(page.getByTestId('horizontal-nav')).toHaveCount(0);

    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(navigation).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await expect(navigation).toBeHidden();

    // At 1280 px it is docked again.
    await setPreferenceCookie(page, 'appContentLayoutNav', 'vertical');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(page.getByTestId('vertical-nav')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
  });

  test('Ctrl+K searches the pages and Enter opens the chosen one', async ({ page }) => {
    await openShell(page);
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search pages' });
    await expect(search).toBeFocused();
    await search.fill('acc');
    await expect(page.getByRole('option')).toHaveText(['Access control']);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/access-control');
    await expect(search).toHaveCount(0);
  });

  test('Ctrl+K also finds people of the organisation and opens their page', async ({ page }) => {
    await openShell(page);
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search pages' });
    await search.fill(E2E_ADMIN.email);
    const person = page.getByRole('option').filter({ hasText: E2E_ADMIN.email });
    await expect(person).toHaveCount(1);
    await person.click();
    await expect(page).toHaveURL(/\/apps\/user\/view\/[0-9a-f-]{36}$/);
  });

  test('the expanded navigation names its sections', async ({ page }) => {
    await openShell(page);
    await page.getByTestId('vertical-nav').hover();
    for (const section of ['Workspace', 'CRM', 'Administration']) {
      await expect(page.getByRole('list', { name: section })).toBeVisible();
    }
    await expect(
      page
        .getByRole('list', { name: 'Administration' })
        .getByRole('link', { name: 'Access control' }),
    ).toBeVisible();
  });

  test('notifications show the empty state', async ({ browser }) => {
    // A new account: the super admin hears of other tests' help requests.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signInAsNewUser(page, 'bell');
    await openShell(page);
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText('No notifications yet')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await context.close();
  });

  test('footer links to the legal pages', async ({ page }) => {
    await openShell(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Meridian`);
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      '/terms-conditions',
    );
  });

  test('no serious or critical axe-core violation on the shell in light, dark and RTL', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openShell(page);
    await expectNoSeriousA11yViolations(page, 'light');

    // The navbar's overlays: search and notifications.
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('combobox', { name: 'Search pages' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'light, search');
    await page.keyboard.press('Escape');
    // Its name counts the unread ones ("Notifications, 2 unread") when there are any.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'light, notifications');
    await page.keyboard.press('Escape');

    await setPreferenceCookie(page, 'theme', 'dark');
    await page.reload();
    await expectShell(page);
    await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'dark');
    await expectNoSeriousA11yViolations(page, 'dark');

    await setPreferenceCookie(page, 'theme', 'light');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await expectShell(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoSeriousA11yViolations(page, 'RTL');

    // The customizer drawer too.
    await page.getByRole('button', { name: 'تخصيص' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'RTL customizer');
  });
});
