import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { Secret, TOTP } from 'otpauth';
import { waitForMailLink } from './support/mail.ts';
import { createVerifiedUser, signIn, type Credentials } from './support/users.ts';

async function fillLogin(page: Page, { email, password }: Credentials): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function logOut(page: Page): Promise<void> {
  // The navbar hides while the page is scrolled down: log out from the top of a page.
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
}

const isHome = (url: URL) => url.pathname === '/';

test('forgot password: the mailed link resets the password and the old one stops working', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, 'reset');
  const newPassword = `New-${user.password}`;
  const since = Date.now() - 1_000;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(user.email);

  const link = await waitForMailLink(user.email, '/api/auth/reset-password/', { since });
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed', { exact: true })).toBeVisible();

  await fillLogin(page, user);
  await expect(page.getByText('Invalid e-mail or password', { exact: true })).toBeVisible();

  await fillLogin(page, { email: user.email, password: newPassword });
  await expect(page).toHaveURL(isHome);
});

test('two-step verification: TOTP sign-in, and a backup code works only once', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, 'totp');
  let totp: TOTP | undefined;
  let backupCodes: string[] = [];

  await test.step('sign in and turn on two-step verification', async () => {
    await fillLogin(page, user);
    await expect(page).toHaveURL(isHome);
    await page.goto('/pages/account-settings');
    await expect(page).toHaveURL(/\/pages\/account-settings\/security$/);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Enable two-step verification' }).click();
    const secret = await page.getByLabel('Manual key').inputValue();
    totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.getByLabel('Verification code').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(page.getByTestId('backup-codes')).toBeVisible();
    backupCodes = await page.getByTestId('backup-codes').locator('li').allInnerTexts();
    expect(backupCodes.length).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(page.getByText('Two-step verification is on.', { exact: true })).toBeVisible();
    await logOut(page);
  });

  await test.step('sign in with a TOTP code', async () => {
    await fillLogin(page, user);
    await page.getByLabel('Authentication code').fill(totp!.generate());
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(isHome);
    await logOut(page);
  });

  const backupCode = backupCodes[0]!;
  await test.step('a backup code works once', async () => {
    await fillLogin(page, user);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCode);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(isHome);
    await logOut(page);
  });

  await test.step('the same backup code fails the second time', async () => {
    await fillLogin(page, user);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCode);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

const PUBLIC_PAGES = [
  { path: '/forgot-password', ready: 'Forgot your password?' },
  { path: '/reset-password?token=e2e-token', ready: 'Choose a new password' },
  { path: '/reset-password?error=INVALID_TOKEN', ready: 'This reset link cannot be used' },
  { path: '/auth/callback?error=access_denied', ready: 'Signing you in' },
  { path: '/accept-invite?id=missing', ready: 'Invitation' },
];

test('the new signed-out pages have no serious axe-core violation, in en and ar', async ({
  page,
}) => {
  await page.goto('/auth/callback');
  await expect(page.getByText('No session found', { exact: true })).toBeVisible();
  for (const language of ['en', 'ar']) {
    await page.addInitScript((code) => localStorage.setItem('language', code), language);
    for (const { path, ready } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      if (language === 'en') await expect(page.getByRole('heading', { name: ready })).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, language);
    }
  }
});

test('signed in: unauthenticated-only pages send the user home; settings pass axe-core', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, 'settings');
  await signIn(page, user);
  for (const path of ['/login', '/register', '/forgot-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(isHome);
  }

  for (const language of ['en', 'ar']) {
    await page.addInitScript((code) => localStorage.setItem('language', code), language);
    for (const tab of ['account', 'security', 'notifications']) {
      await page.goto(`/pages/account-settings/${tab}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await expect(page.locator('form').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${language} ${tab}`);
    }
    for (const tab of ['profile', 'teams', 'connections']) {
      await page.goto(`/pages/user-profile/${tab}`);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${language} profile ${tab}`);
    }
  }

  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/pages/user-profile');
  await expect(page).toHaveURL(/\/pages\/user-profile\/profile$/);
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  await page.goto('/pages/account-settings/notifications');
  const securityByMail = page.getByRole('switch', { name: 'E-mail for Security alerts' });
  await expect(securityByMail).toBeChecked();
  await securityByMail.click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Your preferences have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'E-mail for Security alerts' })).not.toBeChecked();
});

test('the account tab saves the profile', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'profile');
  await signIn(page, user);
  await page.goto('/pages/account-settings/account');
  const username = `e2e.${Date.now()}`;
  await page.getByLabel('Full name', { exact: true }).fill('Grace Hopper');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Grace Hopper');
});
