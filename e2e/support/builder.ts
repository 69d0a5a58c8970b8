import type { Page } from '@playwright/test';

/** A step on the agent builder's canvas, by its id. */
export const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

/**
 * The page of someone who may read agents but not change them. No organisation role is such a
 * reader today (every role may update agents and roles are fixed: there are no custom roles), so
 * a member's /me answer gets rules that take create, update and delete on Agent away: the page
 * renders from those rules exactly as it would for such a role.
 */
export async function readAgentsOnly(page: Page) {
  await page.route('**/api/v1/me', async (route) => {
    const response = await route.fetch();
    const me = (await response.json()) as { rules: unknown[] };
    me.rules.push({ action: ['create', 'update', 'delete'], subject: 'Agent', inverted: true });
    await route.fulfill({ response, json: me });
  });
}
