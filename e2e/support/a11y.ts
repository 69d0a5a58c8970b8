import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits for the page's running transitions and animations that end (a menu or a tooltip fading
 * in or out), so that a scan never reads colours halfway through one; endless ones (spinners)
 * are not waited for.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Fails with the list of serious and critical axe-core violations of the current page. */
export async function expectNoSeriousA11yViolations(page: Page, what = ''): Promise<void> {
  await settleTransitions(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Every rule still runs and every violation comes with all its elements; only the passes
    // (thousands of elements on a page) are not given a selector and sent back one by one.
    .options({ resultTypes: ['violations'] })
    // Axe runs in the page and its frames at once (same-origin frames included), instead of
    // running each frame apart and putting the results together in a new blank page, which
    // loaded axe-core again: half the time per scan. Only cross-origin frames are not scanned,
    // and the app has none.
    .setLegacyMode()
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} ` +
        `(${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(blocking, `axe-core violations (${what}) on ${page.url()}`).toEqual([]);
}
