import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { waitForVerificationLink } from './support/mail.ts';

test.describe('accessibility of the sign-in pages', () => {
  test('/login has no serious or critical axe-core violation', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('/register has no serious or critical axe-core violation', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Create account', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test('a visitor registers, verifies the e-mail address and signs in', async ({ page }) => {
  const name = 'Ada Lovelace';
  const email = `ada.${Date.now()}@meridian.test`;
  const password = 'Analytical-Engine-1843';
  const startedAt = Date.now() - 1_000;

  await test.step('register', async () => {
    await page.goto('/register');
    await page.getByLabel('Full name', { exact: true }).fill(name);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('checkbox', { name: /terms/i }).check();
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await expect(page.getByText('Check your e-mail', { exact: true })).toBeVisible();
  });

  await test.step('open the verification link from the mail', async () => {
    const link = await waitForVerificationLink(email, { since: startedAt });
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);
    await page.goto(link);
    await expect(page).toHaveURL(/\/verify-email(\?|$)/);
    await expect(page.getByText('Your e-mail address is verified', { exact: true })).toBeVisible();
  });

  await test.step('sign in', async () => {
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByText(`Welcome, ${name}`, { exact: true })).toBeVisible();
  });
});
