import { expect as baseExpect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import {
  addMember,
  adminApi,
  agentWithGraph,
  storedDraft,
  unique,
  useSession,
  type AdminApi,
} from './support/agents-api.ts';
import { node, readAgentsOnly } from './support/builder.ts';

/**
 * /builder-minimal (issue 16 §3): the builder with no app chrome, for an iframe or a focused
 * window. `?agent=<id>` opens an agent for a signed-in member, with the permissions of its page;
 * a visitor is asked to sign in and comes back to it; without `?agent`, it is the try-builder.
 */

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

let admin: AdminApi;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await adminApi();
});
test.afterAll(async () => {
  await admin.session.dispose();
});

test('a member edits an agent in /builder-minimal: the builder alone, saved like on its page', async ({
  page,
}) => {
  const name = `Minimal ${unique()}`;
  const id = await agentWithGraph(admin, name);
  await useSession(page, admin.session);
  await page.goto(`/builder-minimal?agent=${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(node(page, 'start')).toBeVisible();
  await expect(node(page, 'reply')).toBeVisible();

  await test.step('no app chrome: no navigation, navbar or page header', async () => {
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to agents' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Versions' })).toHaveCount(0);
    // The canvas fills the window's height: nothing below it, no page scroll.
    const canvas = (await page.locator('.react-flow').boundingBox())!;
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  });

  await test.step('a step added on the canvas is saved to the agent’s draft', async () => {
    await page.getByRole('button', { name: 'Add step: Transform' }).click();
    await expect(node(page, 'transform')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await expect
      .poll(async () => (await storedDraft(admin, id)).draft.nodes.map((n) => n.id).sort())
      .toEqual(['reply', 'start', 'transform']);
  });

  await expectNoSeriousA11yViolations(page, 'builder-minimal with an agent');
  // A data source query step's SQL editor, its placeholder wider than the panel: the editor
  // scrolls, and its content is focusable by keyboard.
  await page.getByRole('button', { name: 'Add step: Data source query' }).click();
  await expect(page.getByRole('textbox', { name: 'SQL' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'builder-minimal, a data source query step');
});

test('a member who may only read the agent gets the read-only builder there too', async ({
  page,
}) => {
  const name = `Minimal read ${unique()}`;
  const id = await agentWithGraph(admin, name);
  const reader = await addMember(admin, 'minimal-reader');
  await useSession(page, reader.session);
  await readAgentsOnly(page);
  await page.goto(`/builder-minimal?agent=${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(node(page, 'reply')).toBeVisible();
  await expect(
    page.getByText('Read only: you can look at this agent but not change it'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add step:/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  await reader.session.dispose();
});

test('a visitor is asked to sign in, then comes back to the agent', async ({ page }) => {
  const name = `Minimal visitor ${unique()}`;
  const id = await agentWithGraph(admin, name);
  await page.goto(`/builder-minimal?agent=${id}`);
  await expect(page.getByRole('heading', { name: 'Sign in to open this agent' })).toBeVisible();
  await expect(page.locator('.react-flow')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?/);
  const back = new URL(page.url()).searchParams.get('to');
  expect(back).toBe(`/builder-minimal?agent=${id}`);
  // Signed in (over the API: sign-ins are rate limited), the login page's target opens the agent.
  await useSession(page, admin.session);
  await page.goto(back!);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(node(page, 'reply')).toBeVisible();
});

test('an agent that does not exist, or not in the member’s organisation, is not found', async ({
  page,
}) => {
  await useSession(page, admin.session);
  await page.goto('/builder-minimal?agent=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Agent not found')).toBeVisible();
  await expect(page.locator('.react-flow')).toHaveCount(0);
});

test('without an agent it is the try-builder, its draft kept in the browser', async ({ page }) => {
  await page.goto('/builder-minimal');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Try the agent builder' }),
  ).toBeVisible();
  await expect(page.getByText('Kept in this browser')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save to my workspace' })).toBeVisible();
  await page.getByRole('button', { name: 'Add step: Transform' }).click();
  await expect(node(page, 'transform')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('tryBuilderDraft') ?? ''))
    .toContain('"transform"');
  await page.reload();
  await expect(node(page, 'transform')).toBeVisible();
});
