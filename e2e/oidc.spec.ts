import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { OIDC_NAME, setOidcProfile } from './support/oidc.ts';
import { createVerifiedUser, signIn } from './support/users.ts';

const unique = () => `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;
const SECURITY = '/pages/account-settings/security';

async function logOut(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
}

/** The row of a sign-in method in the security tab's connected accounts. */
const methodRow = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Connected accounts' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

test('OIDC sign-in of a new user lands on the app with a new organisation as admin', async ({
  page,
}) => {
  const id = unique();
  const name = `Ada Lovelace ${id}`;
  const email = `ada.${id}@idp.test`;
  await setOidcProfile({ sub: `oidc-new-${id}`, email, name });

  await page.goto('/login');
  await page.getByRole('button', { name: `Sign in with ${OIDC_NAME}` }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // The user's organisations with their role, on the profile's teams tab.
  await page.goto('/pages/user-profile/teams');
  const row = page.getByRole('row').filter({ hasText: `${name}'s organization` });
  await expect(row.getByRole('cell').last()).toHaveText('Admin');

  await test.step('the provider is the only way to sign in: it cannot be unlinked', async () => {
    await page.goto(SECURITY);
    const row = methodRow(page, OIDC_NAME);
    await expect(row).toContainText('Connected');
    await expect(row).toContainText('Your only way to sign in');
    await expect(row.getByRole('button', { name: `Unlink ${OIDC_NAME}` })).toBeDisabled();
    await expect(page.getByText('No password yet.', { exact: false })).toBeVisible();
  });

  await test.step('the profile shows the new organisation and the own recent activity', async () => {
    const orgId = await page.evaluate(() => localStorage.getItem('selectedOrgId'));
    expect(orgId).toBeTruthy();
    const renamed = await page.request.patch('/api/v1/organizations/current', {
      data: { name: `Engines ${id}` },
      headers: { 'X-Organization-Id': orgId!, Origin: E2E_BASE_URL },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
    await page.goto('/pages/user-profile/profile');
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: `Engines ${id}` })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    await expect(page.getByText(`updated the organisation “Engines ${id}”`)).toBeVisible();
    for (const language of ['en', 'ar']) {
      await page.evaluate((code) => localStorage.setItem('language', code), language);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('time').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${language} profile with activity`);
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });

  // Logging out ends the Meridian session and stays in the app (no provider end-session page).
  await logOut(page);
  await page.goto('/pages/user-profile/profile');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test('a password user links the OIDC provider, signs in with it, and unlinks it', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, 'link');
  const sub = `oidc-link-${unique()}`;
  await signIn(page, user);

  await test.step('an account with another e-mail address is not linked', async () => {
    await setOidcProfile({ sub, email: `someone.else.${unique()}@idp.test`, name: user.name });
    await page.goto(SECURITY);
    await methodRow(page, OIDC_NAME)
      .getByRole('button', { name: `Link ${OIDC_NAME}` })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === SECURITY);
    await expect(
      page.getByText('That account uses another e-mail address than yours, so it was not linked.'),
    ).toBeVisible();
    await expect(methodRow(page, OIDC_NAME)).toContainText('Not connected');
  });

  await test.step('link', async () => {
    await setOidcProfile({ sub, email: user.email, name: user.name });
    await methodRow(page, OIDC_NAME)
      .getByRole('button', { name: `Link ${OIDC_NAME}` })
      .click();
    await expect(page.getByText(`${OIDC_NAME} is now linked to your account.`)).toBeVisible();
    await expect(methodRow(page, OIDC_NAME)).toContainText('Connected');
    await expect(methodRow(page, 'E-mail and password')).toContainText('Connected');
    for (const language of ['en', 'ar']) {
      await page.evaluate((code) => localStorage.setItem('language', code), language);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${language} security tab, linked`);
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });

  await test.step('the linked provider signs the same user in', async () => {
    await logOut(page);
    await page.getByRole('button', { name: `Sign in with ${OIDC_NAME}` }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.goto('/pages/user-profile/connections');
    await expect(page.getByText(OIDC_NAME, { exact: true })).toBeVisible();
    await expect(page.getByText('E-mail and password', { exact: true })).toBeVisible();
    await page.goto('/pages/user-profile/profile');
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  });

  await test.step('unlink', async () => {
    await page.goto(SECURITY);
    await methodRow(page, OIDC_NAME)
      .getByRole('button', { name: `Unlink ${OIDC_NAME}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Unlink ${OIDC_NAME}?` });
    await expectNoSeriousA11yViolations(page, 'unlink dialog');
    await dialog.getByRole('button', { name: 'Unlink', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${OIDC_NAME} has been unlinked.`)).toBeVisible();
    await expect(methodRow(page, OIDC_NAME)).toContainText('Not connected');
    await page.goto('/pages/user-profile/connections');
    await expect(page.getByText('E-mail and password', { exact: true })).toBeVisible();
    await expect(page.getByText(OIDC_NAME, { exact: true })).toHaveCount(0);
  });
});
