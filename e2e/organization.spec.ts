import {
  expect as baseExpect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { waitForMailLink, waitForVerificationLink } from './support/mail.ts';
import { apiSetupHeaders, createVerifiedUser, signIn, type TestUser } from './support/users.ts';

// The machines that run these tests are often busy: a full page load may take a while.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const ORIGIN_HEADERS = { Origin: E2E_BASE_URL };
const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

/** The navbar's organisation selector, named after the selected organisation and role. */
const selector = (page: Page) => page.getByRole('button', { name: /^Organisation: / });

/** Creates an organisation through the API as the user signed in on `request`; returns its id. */
async function createOrganization(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post('/api/v1/organizations', {
    data: { name },
    headers: ORIGIN_HEADERS,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

// Better Auth allows 5 sign-ups and 10 sign-ins a minute from one address: the tests share
// one admin (signed in on each test's page) and one teammate (signed in once, own cookies).
let admin: TestUser;
let teammate: TestUser;
let teammateApi: APIRequestContext;

test.beforeAll(async () => {
  teammateApi = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  admin = await createVerifiedUser(teammateApi, 'admin');
  teammate = await createVerifiedUser(teammateApi, 'teammate');
  const signedIn = await teammateApi.post('/api/auth/sign-in/email', {
    data: { email: teammate.email, password: teammate.password },
    headers: apiSetupHeaders(),
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
});

test.afterAll(async () => {
  await teammateApi?.dispose();
});

/** Invites `email` to `orgId` as the user of `inviter`; returns the invitation id. */
async function invite(inviter: APIRequestContext, orgId: string, email: string, role: string) {
  const invited = await inviter.post('/api/v1/organizations/current/invitations', {
    data: { email, role },
    headers: { ...ORIGIN_HEADERS, 'X-Organization-Id': orgId },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  return ((await invited.json()) as { id: string }).id;
}

/** The teammate joins `orgId` with `role`, invited by the user signed in on `inviter`. */
async function addTeammate(inviter: APIRequestContext, orgId: string, role: string) {
  const id = await invite(inviter, orgId, teammate.email, role);
  const accepted = await teammateApi.post(`/api/v1/invitations/${id}/accept`, {
    headers: ORIGIN_HEADERS,
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

/** Opens the selector's menu and switches to `name`; waits until the selector shows it. */
async function switchTo(page: Page, name: string, role = 'Admin') {
  await selector(page).click();
  await page.getByRole('menuitemradio', { name: new RegExp(name) }).click();
  await expect(selector(page)).toHaveAccessibleName(`Organisation: ${name} (${role})`);
}

test('an admin invites a new address as developer; the invitee registers from the mail and joins', async ({
  page,
  browser,
}) => {
  const orgName = `Invite Org ${unique()}`;
  const invitee = {
    name: 'Grace Hopper',
    email: `grace.${unique()}@meridian.test`,
    password: `Cobol-${unique()}-1959`,
  };
  const other = `other.${unique()}@meridian.test`;

  await test.step('a new user creates an organisation from the navbar selector', async () => {
    await signIn(page, admin);
    await page.goto('/');
    await selector(page).click();
    await page.getByRole('menuitem', { name: 'Create organisation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an organisation' });
    await dialog.getByLabel('Name').fill(orgName);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(selector(page)).toHaveAccessibleName(`Organisation: ${orgName} (Admin)`);
  });

  await test.step('the admin invites the address with the role developer', async () => {
    await selector(page).click();
    await page.getByRole('menuitem', { name: 'Manage organisation' }).click();
    await expect(page).toHaveURL(/\/organization$/);
    await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
    await page.getByRole('tab', { name: 'Invitations' }).click();
    await expect(page.getByText('No pending invitations')).toBeVisible();

    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByLabel('E-mail address').fill(invitee.email);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Developer' }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(invitee.email) });
    await expect(row).toContainText('Developer');
  });

  await test.step('resend renews an invitation; revoke removes one', async () => {
    const since = Date.now() - 1_000;
    await page.getByRole('button', { name: `Resend the invitation to ${invitee.email}` }).click();
    await expect(page.getByText(`Invitation sent again to ${invitee.email}`)).toBeVisible();
    await waitForMailLink(invitee.email, '/accept-invite?id=', { since });

    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByLabel('E-mail address').fill(other);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const otherRow = page.getByRole('row', { name: new RegExp(other) });
    await expect(otherRow).toContainText('Member');
    await page.getByRole('button', { name: `Revoke the invitation to ${other}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this invitation?' });
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
    await expect(otherRow).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(invitee.email) })).toBeVisible();
  });

  const context = await browser.newContext();
  const guest = await context.newPage();
  try {
    const link = await waitForMailLink(invitee.email, '/accept-invite?id=');
    const invitePath = new URL(link).pathname + new URL(link).search;

    await test.step('the invitee opens the mailed link and registers', async () => {
      await guest.goto(link);
      await expect(guest.getByText(`invited you to join ${orgName} as Developer`)).toBeVisible();
      const since = Date.now() - 1_000;
      await guest.getByRole('link', { name: 'Create an account' }).click();
      await expect(guest).toHaveURL(/\/register/);
      // The address is the invited one, filled in.
      await expect(guest.getByLabel('E-mail', { exact: true })).toHaveValue(invitee.email);
      await guest.getByLabel('Full name', { exact: true }).fill(invitee.name);
      await guest.getByLabel('Password', { exact: true }).fill(invitee.password);
      await guest.getByRole('checkbox', { name: /terms/i }).check();
      await guest.getByRole('button', { name: 'Create account', exact: true }).click();
      await expect(guest.getByText('Check your e-mail', { exact: true })).toBeVisible();
      await guest.goto(await waitForVerificationLink(invitee.email, { since }));
    });

    await test.step('the verification link signs in and returns to the invitation', async () => {
      await expect(guest).toHaveURL((url) => url.pathname + url.search === invitePath);
      await guest.getByRole('button', { name: 'Accept invitation' }).click();
      await expect(guest).toHaveURL((url) => url.pathname === '/');
      await expect(selector(guest)).toHaveAccessibleName(`Organisation: ${orgName} (Developer)`);
      await selector(guest).click();
      const entry = guest.getByRole('menuitemradio', { name: new RegExp(orgName) });
      await expect(entry).toHaveAttribute('aria-checked', 'true');
      await expect(entry).toContainText('Developer');
      // A developer does not manage the organisation.
      await expect(guest.getByRole('menuitem', { name: 'Manage organisation' })).toHaveCount(0);
      await guest.keyboard.press('Escape');
    });

    await test.step('the admin sees the new member and no pending invitation', async () => {
      await page.getByRole('tab', { name: 'Members' }).click();
      const row = page.getByRole('row', { name: new RegExp(invitee.email) });
      await expect(row.getByRole('combobox', { name: `Role of ${invitee.name}` })).toHaveText(
        'Developer',
      );
      await page.getByRole('tab', { name: 'Invitations' }).click();
      await expect(page.getByText('No pending invitations')).toBeVisible();
    });
  } finally {
    await context.close();
  }
});

test('the last admin can be neither demoted nor removed', async ({ page }) => {
  await signIn(page, admin);
  const solo = `Solo Org ${unique()}`;
  const orgId = await createOrganization(page.request, solo);
  await addTeammate(page.request, orgId, 'developer');
  const [owner, developer] = [admin, teammate];

  await page.goto('/');
  await switchTo(page, solo);
  await page.goto('/organization?tab=members');
  const ownerRole = page.getByRole('combobox', { name: `Role of ${owner.name}` });
  const developerRole = page.getByRole('combobox', { name: `Role of ${developer.name}` });
  await expect(ownerRole).toHaveText('Admin');
  await expect(ownerRole).toBeDisabled();
  await expect(developerRole).toBeEnabled();
  await expect(
    page.getByText(/single admin, who can be neither demoted nor removed/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${developer.name}` })).toBeEnabled();

  await test.step('the server refuses too, with its message', async () => {
    const members = await page.request.get('/api/v1/organizations/current/members', {
      headers: { 'X-Organization-Id': orgId },
    });
    const ownerMember = (
      (await members.json()) as { items: { id: string; role: string }[] }
    ).items.find((member) => member.role === 'admin')!;
    const demote = await page.request.patch(
      `/api/v1/organizations/current/members/${ownerMember.id}`,
      { data: { role: 'member' }, headers: { ...ORIGIN_HEADERS, 'X-Organization-Id': orgId } },
    );
    expect(demote.status()).toBe(409);
    expect(((await demote.json()) as { error: { message: string } }).error.message).toBe(
      'An organization needs at least one admin. Make someone else admin first.',
    );
  });

  await test.step('with a second admin, the first one can be demoted', async () => {
    await developerRole.click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await expect(page.getByText(`${developer.name} is now Admin`)).toBeVisible();
    await expect(ownerRole).toBeEnabled();
    await expect(page.getByText(/single admin/)).toBeHidden();
  });

  await test.step('the danger zone will not let the last admin leave', async () => {
    await developerRole.click();
    await page.getByRole('option', { name: 'Developer' }).click();
    await expect(ownerRole).toBeDisabled();
    await page.getByRole('tab', { name: 'Danger zone' }).click();
    await expect(page.getByRole('button', { name: 'Leave organisation' })).toBeDisabled();
    // Deleting is for super admins only (docs/decisions/0005).
    await expect(page.getByRole('button', { name: 'Delete organisation' })).toHaveCount(0);
  });
});

test('the switcher moves between two organisations and the members list follows', async ({
  page,
}) => {
  await signIn(page, admin);
  const alpha = `Alpha ${unique()}`;
  const beta = `Beta ${unique()}`;
  const alphaId = await createOrganization(page.request, alpha);
  await createOrganization(page.request, beta);
  await addTeammate(page.request, alphaId, 'member');
  const colleague = teammate;

  await page.goto('/');
  await switchTo(page, alpha);
  await page.goto('/organization?tab=members');
  await expect(page.getByRole('heading', { level: 1, name: alpha })).toBeVisible();
  const colleagueRow = page.getByRole('row', { name: new RegExp(colleague.email) });
  await expect(colleagueRow).toBeVisible();

  await switchTo(page, beta);
  await expect(page.getByRole('heading', { level: 1, name: beta })).toBeVisible();
  await expect(colleagueRow).toBeHidden();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the user themself

  await switchTo(page, alpha);
  await expect(page.getByRole('heading', { level: 1, name: alpha })).toBeVisible();
  await expect(colleagueRow).toBeVisible();

  await test.step('search narrows the list', async () => {
    await page.getByRole('searchbox', { name: 'Search members' }).fill(colleague.email);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(colleagueRow).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search members' }).fill('nobody-matches-this');
    await expect(page.getByText('No member matches “nobody-matches-this”')).toBeVisible();
  });

  await test.step('a switch to an organisation where the page is not allowed leaves it', async () => {
    // The teammate creates Gamma and invites the admin there as a plain member.
    const gamma = `Gamma ${unique()}`;
    const gammaId = await createOrganization(teammateApi, gamma);
    const id = await invite(teammateApi, gammaId, admin.email, 'member');
    const accepted = await page.request.post(`/api/v1/invitations/${id}/accept`, {
      headers: ORIGIN_HEADERS,
    });
    expect(accepted.ok()).toBe(true);
    await page.reload();
    await switchTo(page, gamma, 'Member');
    await expect(page).toHaveURL(/\/not-authorized$/);
  });
});

test('the organization page has no serious axe-core violation, in en and ar', async ({ page }) => {
  await signIn(page, admin);
  const name = `A11y Org ${unique()}`;
  const orgId = await createOrganization(page.request, name);
  await invite(page.request, orgId, `pending.${unique()}@meridian.test`, 'developer');
  // A second admin: the leave button is enabled (and checked for contrast).
  await addTeammate(page.request, orgId, 'admin');
  await page.goto('/');
  await switchTo(page, name);

  const texts = {
    en: { invite: 'Invite member', leave: 'Leave organisation', cancel: 'Cancel' },
    ar: { invite: 'دعوة عضو', leave: 'مغادرة المؤسسة', cancel: 'إلغاء' },
  };
  /** Opens the dialog of `button`, checks it with axe, and closes it. */
  const checkDialog = async (language: 'en' | 'ar', button: string, what: string) => {
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language} ${what} dialog`);
    await dialog.getByRole('button', { name: texts[language].cancel }).click();
    await expect(dialog).toBeHidden();
  };

  const tabs = [
    'profile',
    'members',
    'invitations',
    'providers',
    'agents',
    'api-keys',
    'audit',
    'danger',
  ];
  for (const language of ['en', 'ar'] as const) {
    await page.addInitScript((code) => localStorage.setItem('language', code), language);
    await page.goto('/organization');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    for (const tab of ['profile', 'members', 'invitations', 'api-keys', 'danger']) {
      await page.getByRole('tab').nth(tabs.indexOf(tab)).click();
      await expect(page).toHaveURL(
        tab === 'profile' ? /\/organization$/ : new RegExp(`/organization\\?tab=${tab}$`),
      );
      await expect(page.getByRole('tabpanel')).toBeVisible();
      // Wait for the data of the tab, not its skeleton.
      if (tab === 'members') {
        await expect(page.getByRole('row')).toHaveCount(3); // the header and two members
      } else if (tab === 'invitations') {
        await expect(page.getByRole('row')).toHaveCount(2); // the header and one invitation
      } else if (tab === 'api-keys') {
        await expect(page.getByRole('table')).toBeVisible();
      } else {
        await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
      }
      await expectNoSeriousA11yViolations(page, `${language} ${tab}`);
      if (tab === 'invitations') await checkDialog(language, texts[language].invite, 'invite');
      if (tab === 'danger') await checkDialog(language, texts[language].leave, 'leave');
    }
    const label = language === 'ar' ? /^المؤسسة: / : /^Organisation: /;
    await page.getByRole('button', { name: label }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    // The menu grows in with its opacity: checked for contrast once it is fully shown.
    await expect(page.getByRole('menu').locator('xpath=..')).toHaveCSS('opacity', '1');
    await expectNoSeriousA11yViolations(page, `${language} organization selector`);
    await page.keyboard.press('Escape');
  }
});
