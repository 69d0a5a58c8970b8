import { readFile } from 'node:fs/promises';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { ABILITY_TABLE } from '../src/shared/abilities.ts';
import en from '../src/web/locales/en/users.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './support/env.ts';
import { apiSetupHeaders, createVerifiedUser, type TestUser } from './support/users.ts';

/** Users, roles, permissions (issue 5 section 4) and the audit log (section 5) in the browser. */

const ORIGIN_HEADERS = { Origin: E2E_BASE_URL };
const texts = en.users;

interface Member extends TestUser {
  id: string;
  /** The member's own signed-in API context (its cookies sign pages in, see useSession). */
  session: APIRequestContext;
}

let admin: APIRequestContext;
let orgId: string;
let developer: Member;
let member: Member;
let outsider: TestUser;

async function expectOk(response: { ok(): boolean; text(): Promise<string> }, what: string) {
  expect(response.ok(), `${what}: ${await response.text()}`).toBe(true);
}

/**
 * Sign-ups are rate limited (5 a minute per address); when Playwright starts a new worker after
 * a failed test, this file's accounts are created again. Wait for the window instead of failing.
 */
async function createUser(request: APIRequestContext, label: string): Promise<TestUser> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createVerifiedUser(request, label);
    } catch (error) {
      if (attempt >= 5 || !String(error).includes(' 429 ')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 15_000));
    }
  }
}

/** A new verified, signed-in user who joins the demo organisation with `role` by invitation. */
async function addMember(role: string, label: string): Promise<Member> {
  const session = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const user = await createUser(session, label);
  await expectOk(
    await session.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: user.password },
      headers: apiSetupHeaders(),
    }),
    'sign-in',
  );
  const invited = await admin.post('/api/v1/organizations/current/invitations', {
    data: { email: user.email, role },
    headers: { ...ORIGIN_HEADERS, 'X-Organization-Id': orgId },
  });
  await expectOk(invited, 'invitation');
  const { id } = (await invited.json()) as { id: string };
  await expectOk(
    await session.post(`/api/v1/invitations/${id}/accept`, { headers: ORIGIN_HEADERS }),
    'acceptance',
  );
  const me = (await (await session.get('/api/v1/me')).json()) as { user: { id: string } };
  return { ...user, id: me.user.id, session };
}

/**
 * Signs the page in with the session of an API context: sign-ins are rate limited (10 a minute
 * per address), so each account signs in once for the whole file.
 */
async function useSession(page: Page, session: APIRequestContext) {
  await page.context().addCookies((await session.storageState()).cookies);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  await expectOk(
    await admin.post('/api/auth/sign-in/email', { data: E2E_ADMIN, headers: apiSetupHeaders() }),
    'admin sign-in',
  );
  const me = (await (await admin.get('/api/v1/me')).json()) as {
    organizations: { id: string; name: string }[];
  };
  const demo = me.organizations.find((org) => org.name === 'Demo organization');
  expect(demo, 'the seeded demo organisation').toBeDefined();
  orgId = demo!.id;
  // Names unique to this run: the list shows every earlier run's accounts too.
  const run = Math.random().toString(36).slice(2, 7);
  developer = await addMember('developer', `developer-${run}`);
  member = await addMember('member', `member-${run}`);
  outsider = await createUser(admin, `outsider-${run}`);
});

test.afterAll(async () => {
  await Promise.all([admin, developer.session, member.session].map((context) => context.dispose()));
});

/** Opens a page in the given language (stored preference, read at start-up). */
async function openIn(page: Page, language: 'en' | 'ar', path: string) {
  await page.addInitScript((code) => localStorage.setItem('language', code), language);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowOf = (page: Page, name: string) =>
  usersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the super admin lists, filters, searches, pages and exports users', async ({ page }) => {
  await useSession(page, admin);
  await page.goto('/apps/user/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(rowOf(page, 'Administrator')).toBeVisible();
  await expect(rowOf(page, developer.name).first()).toBeVisible();
  await expect(rowOf(page, 'Administrator').getByText('Admin', { exact: true })).toBeVisible();
  await expect(rowOf(page, 'Administrator').getByText('Active', { exact: true })).toBeVisible();

  await test.step('filter by role', async () => {
    await chooseOption(page, page.getByRole('combobox', { name: 'Role' }), 'Developer');
    await expect(page).toHaveURL(/role=developer/);
    await expect(rowOf(page, 'Administrator')).toHaveCount(0);
    const rows = usersTable(page).getByRole('row');
    // A header row and developers only.
    for (const row of (await rows.all()).slice(1)) {
      await expect(row.getByText('Developer', { exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).not.toHaveURL(/role=/);
  });

  await test.step('search (debounced)', async () => {
    await page.getByRole('searchbox', { name: 'Search users' }).fill(member.email);
    await expect(page).toHaveURL(/search=/);
    await expect(usersTable(page).getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, member.name)).toContainText(member.email);
    await page.getByRole('searchbox', { name: 'Search users' }).fill(outsider.email);
    await expect(page.getByText('No users match', { exact: true })).toBeVisible();
  });

  await test.step('every user, for a super admin', async () => {
    await page
      .getByRole('group', { name: 'Users to show' })
      .getByRole('button', {
        name: 'All users',
      })
      .click();
    await expect(page).toHaveURL(/scope=all/);
    await expect(rowOf(page, outsider.name)).toBeVisible();
    await expect(page.getByText('Every account on this Meridian instance.')).toBeVisible();
    await page.getByRole('button', { name: 'This organisation' }).click();
    await expect(page.getByText('No users match', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(rowOf(page, 'Administrator')).toBeVisible();
  });

  await test.step('page sizes 5, 10, 20, 25, 50, 100', async () => {
    const sizes = page.getByRole('combobox', { name: 'Rows per page:' });
    await sizes.click();
    await expect(page.getByRole('option')).toHaveText(['5', '10', '20', '25', '50', '100']);
    await page.getByRole('option', { name: '5', exact: true }).click();
    await expect(page).toHaveURL(/pageSize=5/);
    await expect(sizes).toHaveText('5');
    // The last page's rows stay until the smaller page arrives: counted once it has.
    const rows = usersTable(page).getByRole('row');
    await expect.poll(() => rows.count()).toBeLessThanOrEqual(6);
    expect(await rows.count()).toBeGreaterThan(1);
  });

  await test.step('sort by e-mail, newest first', async () => {
    await page.getByRole('button', { name: 'Created' }).click();
    await expect(page).toHaveURL(/sort=createdAt/);
    await page.getByRole('button', { name: /^Created/ }).click();
    await expect(page).toHaveURL(/order=desc/);
    await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  await test.step('CSV export with the same filters', async () => {
    await chooseOption(page, page.getByRole('combobox', { name: 'Role' }), 'Member');
    await expect(rowOf(page, member.name)).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header).toBe('id,name,email,role,status,super_admin,two_factor,created_at');
    expect(lines.some((line) => line.includes(member.email))).toBe(true);
    expect(lines.every((line) => line.split(',')[3] === 'member')).toBe(true);
    expect(csv).not.toContain(E2E_ADMIN.email);
  });
});

test('the view page shows the account, the sessions and the super-admin actions', async ({
  page,
}) => {
  await useSession(page, admin);
  await page.goto('/apps/user/list');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(developer.email);
  await expect(page).toHaveURL(/search=/);
  await expect(usersTable(page).getByRole('row')).toHaveCount(2);
  await rowOf(page, developer.name).getByRole('link', { name: developer.name }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/user/view/${developer.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: developer.name })).toBeVisible();
  await expect(page.getByText(developer.email, { exact: true })).toBeVisible();
  const memberships = page.getByRole('table', { name: 'Organisations' });
  await expect(memberships.getByRole('row', { name: /Demo organization/ })).toContainText(
    'Developer',
  );

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/tab=security/);
  const sessions = page.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByRole('row')).not.toHaveCount(1);
  await expect(sessions.getByRole('columnheader', { name: 'IP address' })).toBeVisible();
  await expect(sessions.getByRole('columnheader', { name: 'Last activity' })).toBeVisible();

  await test.step('suspend with a reason, then lift the suspension', async () => {
    await page.getByRole('button', { name: 'Suspend account' }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${developer.name}?` });
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(dialog.getByText('Give the reason for the suspension')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Shared their password');
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Suspended: Shared their password')).toBeVisible();
    await expect(page.getByText('No active sessions.')).toBeVisible();

    await page.getByRole('button', { name: 'Lift suspension' }).click();
    await page
      .getByRole('dialog', { name: `Lift the suspension of ${developer.name}?` })
      .getByRole('button', { name: 'Lift suspension' })
      .click();
    await expect(page.getByRole('button', { name: 'Suspend account' })).toBeVisible();
  });

  await expect(page.getByRole('button', { name: 'Make super admin' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage on the organisation page' })).toBeVisible();

  await page.goto('/apps/user/view/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to users' }).click();
  await expect(page).toHaveURL(/\/apps\/user\/list$/);
});

test('the user pages pass axe in English and Arabic', async ({ page }) => {
  test.slow();
  await useSession(page, admin);
  for (const language of ['en', 'ar'] as const) {
    // The member's session is alive (the developer's ended with the suspension above).
    await openIn(page, language, `/apps/user/view/${member.id}?tab=security`);
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language} user view security`);
    await page.getByRole('tab').first().click();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language} user view account`);
    await openIn(page, language, '/apps/user/list');
    await expect(page.getByRole('table').getByRole('link').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language} user list`);
  }
});

test('roles and the permission matrix come from the ability table', async ({ page }) => {
  test.slow();
  await useSession(page, admin);
  const counts = (await (
    await admin.get('/api/v1/roles', { headers: { 'X-Organization-Id': orgId } })
  ).json()) as { items: { role: string; memberCount: number }[] };

  await page.goto('/apps/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  for (const role of ['admin', 'developer', 'member', 'user'] as const) {
    const card = page.getByRole('region', { name: texts.who[role], exact: true });
    const count = counts.items.find((item) => item.role === role)!.memberCount;
    await expect(card.getByText(`Members: ${count}`, { exact: true })).toBeVisible();
    // Every subject and action the table gives the role is on its card.
    const permissions = card.getByRole('list', { name: 'Permissions' });
    for (const entry of ABILITY_TABLE[role]) {
      for (const subject of entry.subjects) {
        const line = permissions.getByRole('listitem').filter({ hasText: texts.subjects[subject] });
        for (const action of entry.actions) {
          const label = entry.own
            ? texts.permissions.ownAction.replace('{{action}}', texts.actions[action])
            : texts.actions[action];
          await expect(line.getByText(label, { exact: true }).first()).toBeVisible();
        }
      }
    }
  }
  const superAdminCard = page.getByRole('region', { name: 'Super admin', exact: true });
  await expect(superAdminCard.getByText('Super-admin console')).toBeVisible();
  await expect(superAdminCard.getByText('Manage (any action)').first()).toBeVisible();

  await page
    .getByRole('region', { name: 'Member', exact: true })
    .getByRole('link', {
      name: 'View the members with the role Member',
    })
    .click();
  await expect(page).toHaveURL(/\/apps\/user\/list\?role=member/);
  await expect(rowOf(page, member.name)).toBeVisible();

  await page.goto('/apps/permissions');
  const matrix = page.getByRole('table', { name: 'Permission matrix' });
  await expect(matrix.getByRole('columnheader')).toHaveText([
    'Subject',
    'Action',
    'Everyone signed in',
    'Admin',
    'Developer',
    'Member',
    'User',
    'Super admin',
  ]);
  const line = (subject: string, action: string) =>
    matrix
      .locator('tbody')
      .filter({ has: page.getByRole('rowheader', { name: subject, exact: true }) })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: action, exact: true }) });
  // Cells: everyone, admin, developer, member, user, super admin.
  await expect(line('Users', 'Delete').getByRole('cell')).toHaveText([
    'Not allowed',
    'Allowed',
    'Not allowed',
    'Not allowed',
    'Not allowed',
    'Allowed',
  ]);
  await expect(line('Users', 'Update').getByRole('cell')).toHaveText([
    'Not allowed',
    'Allowed',
    'Not allowed',
    'Own record only',
    'Own record only',
    'Allowed',
  ]);
  await expect(line('Agents', 'Delete').getByRole('cell').last()).toHaveText(
    'Allowed by “manage” or “all subjects”',
  );

  for (const language of ['en', 'ar'] as const) {
    await openIn(page, language, '/apps/roles');
    await expect(page.getByRole('region').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language} roles`);
    await openIn(page, language, '/apps/permissions');
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${language} permissions`);
  }
});

test('a plain member sees users but no administration action', async ({ page }) => {
  await useSession(page, member.session);
  await page.goto('/apps/user/list');
  await expect(rowOf(page, developer.name)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Users to show' })).toHaveCount(0);

  await rowOf(page, developer.name).getByRole('link', { name: developer.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: developer.name })).toBeVisible();
  for (const name of ['Suspend account', 'Make super admin', 'End all sessions']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Manage on the organisation page' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText(texts.view.sessions.hidden)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'member view of another user');

  await page.goto(`/apps/user/view/${member.id}?tab=security`);
  await expect(page.getByText('This is your own account.')).toBeVisible();
  const sessions = page.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByText('Your current session')).toBeVisible();
  await expect(page.getByRole('button', { name: 'End all sessions' })).toHaveCount(0);
});

test('an organisation admin reads, filters, expands and exports the audit log', async ({
  page,
}) => {
  await useSession(page, admin);
  await page.goto('/organization?tab=audit');
  const panel = page.getByRole('region', { name: 'Audit log' });
  const entries = panel.getByRole('table', { name: 'Audit log' });
  await expect(entries.getByText(member.email).first()).toBeVisible();

  await panel.getByRole('combobox', { name: 'Action' }).fill('invitation.accept');
  await expect(entries.getByText(/accepted the invitation and joined/).first()).toBeVisible();
  await expect(entries.getByText(/ invited /)).toHaveCount(0);
  await panel.getByRole('textbox', { name: 'Actor' }).fill(member.email);
  await expect(entries.getByRole('row')).toHaveCount(3); // header, entry, its closed details

  await entries.getByRole('button', { name: /^Changes of “Invitation accepted”/ }).click();
  const diff = entries.getByRole('table', { name: 'Before and after' });
  await expect(diff).toBeVisible();
  await expect(diff.getByRole('columnheader', { name: 'After' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'audit log with an open entry');

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header).toBe(
    'created_at,organization_id,actor_id,actor_email,action,target_type,target_id,ip,before,after',
  );
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('invitation.accept');
  expect(lines[0]).toContain(member.email);

  await panel.getByLabel('From', { exact: true }).fill('2030-01-02');
  await panel.getByLabel('To', { exact: true }).fill('2030-01-01');
  await expect(panel.getByText('The end must not be before the start')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
});
