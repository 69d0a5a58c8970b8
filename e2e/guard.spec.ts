import { expect, test } from '@playwright/test';
import { signInAsNewUser, signInAsSuperAdmin } from './support/users.ts';

/** The navigation guard (spec section 2) and where it sends people. */
test.describe('visitors', () => {
  test('a deep link sends a visitor to login with the wanted path in `to`', async ({ page }) => {
    await page.goto('/access-control');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe('?to=%2Faccess-control');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('/ sends a visitor to login without `to`', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page/at/all');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/no-such-page/at/all');

    await page.goto('/pages/misc/not-found/404');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the legal pages are public', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sub-processors' })).toBeVisible();
    await page.getByRole('link', { name: 'Terms and conditions' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/terms-conditions');
    await expect(page.getByRole('heading', { name: 'Acceptable use' })).toBeVisible();
  });
});

test.describe('a user who is not a super admin', () => {
  test('is sent to not-authorized from /access-control', async ({ page }) => {
    await signInAsNewUser(page, 'guard');
    await page.goto('/access-control');
    await expect(page).toHaveURL((url) => url.pathname === '/not-authorized');
    await expect(
      page.getByRole('heading', { name: 'You are not authorised to view this page' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByText('Welcome, Test guard', { exact: true })).toBeVisible();
  });
});

test.describe('the super admin', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsSuperAdmin(page);
  });

  test('is sent from /login to /', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByText('Welcome, Administrator', { exact: true })).toBeVisible();
  });

  test('reads what they may do, the rules behind Show rules and the matrix on /access-control', async ({
    page,
  }) => {
    await page.goto('/access-control');
    await expect(page.getByRole('heading', { level: 1, name: 'Access control' })).toBeVisible();

    const summary = page.getByRole('list', { name: 'What you can do' });
    await expect(
      summary.getByText('Full access: you can view, create, change and delete.').first(),
    ).toBeVisible();

    const showRules = page.getByRole('button', { name: 'Show rules' });
    await expect(showRules).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('table', { name: 'Your effective rules' })).toHaveCount(0);
    await showRules.click();
    await expect(showRules).toHaveAttribute('aria-expanded', 'true');
    const rules = page.getByRole('table', { name: 'Your effective rules' });
    await expect(rules.getByRole('columnheader', { name: 'Effect' })).toBeVisible();
    await expect(rules.getByRole('cell', { name: 'Deny' })).toBeVisible();

    const matrix = page.getByRole('table', { name: 'Permissions by role' });
    for (const header of ['Subject', 'Everyone signed in', 'Super admin', 'Admin', 'Member']) {
      await expect(matrix.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    const organization = matrix.getByRole('row', { name: /^Organization\b/ });
    await expect(organization.getByRole('rowheader')).toHaveText('Organization');
    await expect(organization.getByRole('cell').nth(2)).toHaveText('read, update');
  });

  test('logs out from the account menu and lands on /login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText('admin@meridian.test', { exact: true })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');

    // The session is gone: a guarded page sends back to login.
    await page.goto('/access-control');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });
});
