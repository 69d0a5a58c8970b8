import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './support/env.ts';
import {
  ownClientAddress,
  signInAsNewUser,
  signInAsSuperAdmin as signInAsSuperAdminByApi,
} from './support/users.ts';

/** The Request Help dialog (spec sections 2, 4, 5, 8 and 9), from the floating help button. */

async function signInAsSuperAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  // The address changes before the home page (in the default layout) replaces the login page.
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

const helpButton = (page: Page) => page.getByRole('button', { name: 'Get Help', exact: true });
const helpDialog = (page: Page) => page.getByRole('dialog', { name: 'Request Help' });

interface HelpRequestItem {
  url: string;
  project_id: string | null;
  issue_description: string;
  user: { email: string };
}

test('a signed-in user asks for help from the floating button', async ({ page }) => {
  await signInAsSuperAdmin(page);
  const dialog = helpDialog(page);
  const description = dialog.getByLabel('Describe your issue');
  const submit = dialog.getByRole('button', { name: 'Submit', exact: true });

  await test.step('the button sits bottom-right and opens the dialog', async () => {
    await expect(helpButton(page)).toBeVisible();
    const viewport = page.viewportSize()!;
    const box = (await helpButton(page).boundingBox())!;
    expect(box.x + box.width / 2).toBeGreaterThan(viewport.width / 2);
    expect(box.y + box.height / 2).toBeGreaterThan(viewport.height / 2);
    await helpButton(page).click();
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(600);
    await expect(dialog.getByText('0 / 1000', { exact: true })).toBeVisible();
    await expect(description).toHaveAttribute('rows', '6');
    await expect(submit).toBeDisabled();
  });

  await test.step('validation messages and the counter', async () => {
    await description.fill('Too short');
    await expect(dialog.getByText('Minimum 10 characters required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('9 / 1000', { exact: true })).toBeVisible();
    await expect(submit).toBeDisabled();
    await description.fill('');
    await expect(dialog.getByText('This field is required', { exact: true })).toBeVisible();
    await expect(submit).toBeDisabled();
    await description.fill('x'.repeat(1200));
    await expect(description).toHaveValue('x'.repeat(1000));
    await expect(dialog.getByText('1000 / 1000', { exact: true })).toBeVisible();
  });

  await test.step('a click outside and Escape do not close it', async () => {
    await page.mouse.click(5, 5);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
  });

  const text = `The export button does nothing (e2e ${Date.now()})`;
  let submittedFrom = '';
  await test.step('a valid description is sent, then the dialog closes by itself after ~2 s', async () => {
    await description.fill(text);
    await expect(dialog.getByText(`${text.length} / 1000`, { exact: true })).toBeVisible();
    await expect(submit).toBeEnabled();
    submittedFrom = page.url();
    await submit.click();
    const success = dialog.getByText(
      'Help request submitted successfully! Our team will get back to you soon.',
      { exact: true },
    );
    await expect(success).toBeVisible();
    const shownAt = Date.now();
    await expect(submit).toBeDisabled();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    const openFor = Date.now() - shownAt;
    expect(openFor).toBeGreaterThan(1_500);
    expect(openFor).toBeLessThan(4_000);
  });

  await test.step('the request is stored with the page address', async () => {
    const response = await page.request.get('/api/v1/help-requests', {
      params: { page: 1, pageSize: 100 },
    });
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as { items: HelpRequestItem[] };
    const stored = items.find((item) => item.issue_description === text);
    expect(stored).toMatchObject({
      url: submittedFrom,
      project_id: null,
      user: { email: E2E_ADMIN.email },
    });
  });

  await test.step('it opens again empty; Cancel clears the text and closes', async () => {
    await helpButton(page).click();
    await expect(dialog).toBeVisible();
    await expect(description).toHaveValue('');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await description.fill('Something I will not send after all');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    await helpButton(page).click();
    await expect(description).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
  });
});

test('a visitor without a session is asked to sign in first', async ({ page }) => {
  await page.goto('/register');
  await helpButton(page).click();
  const dialog = helpDialog(page);
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText('Sign in to request help: requests are answered through your account.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled();
  await dialog.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(dialog).toBeHidden();
});

test('the author reads the answer to their help request from the bell notification', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'asker');
  const text = `Where do my exports go? (e2e ${Date.now()})`;
  const note = `They are in the Downloads folder (e2e ${Date.now()})`;
  const tabs = page.getByRole('tablist', { name: /./ });

  await test.step('the Help requests tab is empty and says how to ask', async () => {
    await page.goto('/pages/account-settings/help');
    await expect(tabs.getByRole('tab', { name: 'Help requests' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText('No help request yet', { exact: true })).toBeVisible();
    await expect(page.getByText(/Press the Get Help button on any page/)).toBeVisible();
  });

  await test.step('the user sends a request from the help button; it is listed as open', async () => {
    await helpButton(page).click();
    const dialog = helpDialog(page);
    await dialog.getByLabel('Describe your issue').fill(text);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    const item = page
      .getByRole('list', { name: 'Your help requests' })
      .getByRole('listitem')
      .filter({ hasText: text });
    await expect(item.getByText('Open', { exact: true })).toBeVisible();
    await expect(item.getByRole('link', { name: '/pages/account-settings/help' })).toBeVisible();
  });

  await test.step('a super admin resolves it with a note through the API', async () => {
    const admin = await browser.newContext({
      baseURL: E2E_BASE_URL,
      storageState: { cookies: [], origins: [] },
      extraHTTPHeaders: ownClientAddress(),
    });
    try {
      const adminPage = await admin.newPage();
      await signInAsSuperAdminByApi(adminPage);
      const list = await adminPage.request.get('/api/v1/help-requests', {
        params: { status: 'open', page: 1, pageSize: 100 },
      });
      expect(list.status()).toBe(200);
      const { items } = (await list.json()) as {
        items: { id: string; issue_description: string }[];
      };
      const request = items.find((item) => item.issue_description === text);
      expect(request).toBeDefined();
      const resolved = await adminPage.request.patch(`/api/v1/help-requests/${request!.id}`, {
        data: { status: 'resolved', note },
      });
      expect(resolved.status()).toBe(200);
    } finally {
      await admin.close();
    }
  });

  await test.step('the bell leads the user to the Help requests tab, showing the answer', async () => {
    await page.goto('/');
    // Signed up through the API, the user belongs to no organisation: the home says so.
    await expect(
      page.getByRole('heading', { name: 'You are not in an organisation yet' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create an organisation' })).toBeVisible();
    await page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Your help request was answered', { exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/pages/account-settings/help');
    await expect(tabs.getByRole('tab', { name: 'Help requests' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const item = page
      .getByRole('list', { name: 'Your help requests' })
      .getByRole('listitem')
      .filter({ hasText: text });
    await expect(item.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(item.getByText('Answer from the team', { exact: true })).toBeVisible();
    await expect(item.getByText(note, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'help requests tab');
  });
});
