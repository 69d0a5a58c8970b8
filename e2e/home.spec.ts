import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from './support/env.ts';
import { signInAsNewUser } from './support/users.ts';

/** The signed-in home (/): counts, getting-started steps that tick themselves, recent activity. */
test('the home counts the organisation, ticks its first steps and tells what happened', async ({
  page,
}) => {
  const user = await signInAsNewUser(page, 'home');
  // What the sign-in form does after signing in: the new account gets its organisation.
  const setup = await page.request.post('/api/functions/complete-user-setup', {
    headers: { Origin: E2E_BASE_URL },
  });
  expect(setup.ok(), await setup.text()).toBe(true);
  await page.goto('/');
  const start = page.getByRole('region', { name: 'Getting started' });
  await expect(start.getByText('0 of 3 done')).toBeVisible();
  await expect(page.getByRole('link', { name: '0 Data sources' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent activity' })).toBeVisible();

  const orgId = await page.evaluate(() => localStorage.getItem('selectedOrgId'));
  expect(orgId).toBeTruthy();
  const created = await page.request.post('/api/v1/data-sources', {
    data: { type: 'http', name: 'Weather API', config: { baseUrl: 'https://api.example.com' } },
    headers: { Origin: E2E_BASE_URL, 'X-Organization-Id': orgId! },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.reload();
  await expect(start.getByText('1 of 3 done')).toBeVisible();
  await expect(page.getByRole('link', { name: '1 Data sources' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Recent activity' })
      .getByText(`${user.name} added the data source “Weather API”`),
  ).toBeVisible();
  await page.getByRole('link', { name: '1 Data sources' }).click();
  await expect(page).toHaveURL(/\/data-sources$/);
});
