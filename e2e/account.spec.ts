import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { Secret, TOTP } from 'otpauth';
import { waitForMailLink, waitForVerificationLink } from './support/mail.ts';
import { E2E_BASE_URL } from './support/env.ts';
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

test('forgot password: the mailed link resets the password, the old one stops working and other sessions end', async ({
  page,
  request,
  browser,
}) => {
  const user = await createVerifiedUser(request, 'reset');
  const newPassword = `New-${user.password}`;
  const since = Date.now() - 1_000;
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, user);
  await otherPage.goto('/pages/account-settings/security');
  await expect(otherPage.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The sign-in page has an E-mail field too: fill the one of the page that has replaced it.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
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

  // The session the other browser had before the reset is over.
  await otherPage.goto('/pages/account-settings/security');
  await expect(otherPage).toHaveURL((url) => url.pathname === '/login');
  await other.close();
});

test('two-step verification: TOTP sign-in, and a backup code works only once', async ({
  page,
  request,
}) => {
  test.slow(); // four sign-ins and an axe-core scan
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
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'two-step verification with the QR code');
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
    // The next step's code: codes are single-use, and this step's may have turned it on.
    await page
      .getByLabel('Authentication code')
      .fill(totp!.generate({ timestamp: Date.now() + 30_000 }));
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
  test.slow(); // twelve axe-core scans
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
  test.slow(); // twelve axe-core scans
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

test('revoking a session from the security tab signs the other browser out', async ({
  page,
  request,
  browser,
}) => {
  const user = await createVerifiedUser(request, 'revoke');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, user);
  await otherPage.goto('/pages/user-profile/profile');
  await expect(otherPage.getByText(user.email, { exact: true })).toBeVisible();

  await signIn(page, user);
  await page.goto('/pages/account-settings/security');
  const sessions = page.getByRole('table').filter({ hasText: 'Last activity' });
  await expect(sessions.getByRole('row')).toHaveCount(3); // the header and two sessions
  await expect(sessions.getByText('This device', { exact: true })).toBeVisible();
  await sessions.getByRole('button', { name: /^Revoke the session on / }).click();
  await expect(sessions.getByRole('row')).toHaveCount(2);

  await otherPage.goto('/pages/user-profile/profile');
  await expect(otherPage).toHaveURL((url) => url.pathname === '/login');
  // This browser is still signed in.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
  await other.close();
});

test('changing the e-mail address: the current address confirms, the new one verifies', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, 'email');
  const newEmail = `changed.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@meridian.test`;
  await signIn(page, user);
  await page.goto('/pages/account-settings/security');
  const card = page.getByRole('region', { name: 'E-mail address' });
  await expect(card.getByText(`Your e-mail address is ${user.email}.`)).toBeVisible();

  await card.getByLabel('New e-mail address').fill(user.email);
  await card.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(card.getByText('This is already your e-mail address.')).toBeVisible();

  const since = Date.now() - 1_000;
  await card.getByLabel('New e-mail address').fill(newEmail);
  await card.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(card.getByRole('status')).toContainText(`confirmation link to ${user.email}`);

  const confirm = await waitForMailLink(user.email, '/api/auth/verify-email?token=', { since });
  await page.goto(confirm);
  await expect(page).toHaveURL(/\/pages\/account-settings\/security\?emailChange=/);
  await expect(
    card.getByText(`Change confirmed. Open the link we sent to ${newEmail} to finish.`),
  ).toBeVisible();
  await expect(card.getByText(`Your e-mail address is ${user.email}.`)).toBeVisible();

  const verify = await waitForMailLink(newEmail, '/api/auth/verify-email?token=', { since });
  await page.goto(verify);
  await expect(card.getByText(`Your e-mail address is now ${newEmail}.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'e-mail changed');

  await logOut(page);
  await fillLogin(page, user);
  await expect(page.getByText('Invalid e-mail or password', { exact: true })).toBeVisible();
  await fillLogin(page, { email: newEmail, password: user.password });
  await expect(page).toHaveURL(isHome);
});

test('deleting the account needs the password, then signs out for good', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, 'delete');
  await signIn(page, user);
  await page.goto('/pages/account-settings/security');
  const card = page.getByRole('region', { name: 'Delete account' });
  const submit = card.getByRole('button', { name: 'Delete account' });
  await expect(submit).toBeDisabled();

  await card.getByLabel('Password to confirm').fill(`wrong-${user.password}`);
  await submit.click();
  let dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expectNoSeriousA11yViolations(page, 'delete dialog');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(card.getByText('The password is not correct.')).toBeVisible();

  await card.getByLabel('Password to confirm').fill(user.password);
  await submit.click();
  dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await submit.click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Delete for good' })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();

  await fillLogin(page, user);
  await expect(page.getByText('Invalid e-mail or password', { exact: true })).toBeVisible();
});

test('registering from an invitation comes back to the invitation after verification', async ({
  page,
  browser,
}) => {
  // An organisation admin invites an address that has no account yet.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminUser = await createVerifiedUser(admin.request, 'inviter');
  await signIn(admin, adminUser);
  const headers = { Origin: E2E_BASE_URL };
  const setup = await admin.request.post('/api/functions/complete-user-setup', { headers });
  const orgId = ((await setup.json()) as { organization: { id: string } }).organization.id;
  const invitee = `invitee.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@meridian.test`;
  const invited = await admin.request.post('/api/v1/organizations/current/invitations', {
    data: { email: invitee, role: 'member' },
    headers: { ...headers, 'X-Organization-Id': orgId },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const { id } = (await invited.json()) as { id: string };
  await adminContext.close();

  await page.goto(`/accept-invite?id=${id}`);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/register');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(invitee);
  await page.getByLabel('Full name', { exact: true }).fill('Invited Person');
  const password = `Pass-${Date.now()}-word`;
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  const since = Date.now() - 1_000;
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText(invitee);

  // The verification link signs the invitee in and brings them back to the invitation.
  await page.goto(await waitForVerificationLink(invitee, { since }));
  await expect(page).toHaveURL((url) => url.pathname === '/accept-invite');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(isHome);
  await page.goto('/pages/user-profile/teams');
  await expect(page.getByRole('cell', { name: 'Member', exact: true })).toBeVisible();
});
