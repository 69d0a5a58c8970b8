import { expect as baseExpect, test, type Page } from '@playwright/test';
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
 * The agent builder (issue 16): an admin builds a blank agent into start → transform → output on
 * the canvas with the mouse and the keyboard, sees it saved, runs it in the docked console with
 * the steps lit up, publishes it and compares the version with the draft; a visitor builds and
 * runs an agent in /try-builder with no account and saves it to a workspace after signing in.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

let admin: AdminApi;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await adminApi();
});
test.afterAll(async () => {
  await admin.session.dispose();
});

/** Draws a connection from a node's output handle to another node's input handle. */
async function connect(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: 'Fit to view' }).click();
  const source = node(page, from).locator('.react-flow__handle.source').first();
  const target = node(page, to).locator('.react-flow__handle.target');
  await source.dragTo(target);
}

test('an admin builds, runs, publishes and compares an agent on the canvas', async ({ page }) => {
  const name = `Shouter ${unique()}`;
  const id = await agentWithGraph(admin, name);
  await useSession(page, admin.session);
  await page.goto(`/agents/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Editor', selected: true })).toBeVisible();
  await expect(node(page, 'start')).toBeVisible();
  await expect(node(page, 'reply')).toBeVisible();

  await test.step('the palette adds a transform step, set up in its form', async () => {
    await page.getByRole('button', { name: 'Add step: Transform' }).click();
    await expect(node(page, 'transform')).toBeVisible();
    const expression = page.getByRole('textbox', { name: 'Expression' });
    await expect(expression).toBeVisible();
    await expression.fill('$uppercase(input.message)');
    // Not yet connected: the problems say so and lead to the step.
    await page.getByRole('tab', { name: /^Problems: \d+$/ }).click();
    await expect(page.getByText('transform', { exact: false }).first()).toBeVisible();
  });

  await test.step('Delete removes the reply; a new output is connected by the mouse', async () => {
    await node(page, 'reply').click();
    await page.keyboard.press('Delete');
    await expect(node(page, 'reply')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add step: Output' }).click();
    await expect(node(page, 'output')).toBeVisible();
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('{{ nodes.transform }}');
    await connect(page, 'start', 'transform');
    await connect(page, 'transform', 'output');
    await expect(page.locator('.react-flow__edge')).toHaveCount(2);
    await page.getByRole('tab', { name: /^Problems/ }).click();
    await expect(page.getByText('No problems: this draft can be published.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    const stored = await storedDraft(admin, id);
    expect(stored.draft.nodes.map((n) => n.id).sort()).toEqual(['output', 'start', 'transform']);
    expect(stored.draft.edges.map((e) => `${e.source}>${e.target}`).sort()).toEqual([
      'start>transform',
      'transform>output',
    ]);
  });

  await test.step('the keyboard adds, undoes, redoes and deletes a step', async () => {
    await page.getByRole('button', { name: 'Add step: Condition' }).click();
    await expect(node(page, 'condition')).toBeVisible();
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 200 } });
    await page.keyboard.press('Control+z');
    await expect(node(page, 'condition')).toHaveCount(0);
    await page.keyboard.press('Control+Shift+z');
    await expect(node(page, 'condition')).toBeVisible();
    await node(page, 'condition').click();
    await page.keyboard.press('Delete');
    await expect(node(page, 'condition')).toHaveCount(0);
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 200 } });
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(shortcuts.getByText('Tidy up the layout')).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('full screen gives the canvas the whole window; Escape gives it back', async () => {
    const canvas = page.locator('.react-flow');
    const height = async () => (await canvas.boundingBox())!.height;
    const inPage = await height();
    const fullScreen = page.getByRole('button', { name: 'Full screen' });
    await fullScreen.click();
    await expect(fullScreen).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(height).toBeGreaterThan(inPage + 150);
    // The help button stays over it (a trial click fails on a covered element).
    await page.getByRole('button', { name: 'Get Help' }).click({ trial: true, timeout: 10_000 });
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 200 } });
    await page.keyboard.press('Escape');
    await expect(fullScreen).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(height).toBeLessThan(inPage + 1);
    // Back under the navigation (1200), which widens over it when hovered.
    await expect(page.getByRole('button', { name: 'Get Help' })).toHaveCSS('z-index', '1050');
  });

  await test.step('the docked console runs the draft and lights the steps up', async () => {
    await page.getByRole('tab', { name: 'Test', exact: true }).last().click();
    await page.getByRole('textbox', { name: 'Message' }).fill('hello builder');
    await page.getByRole('button', { name: 'Run draft', exact: true }).click();
    await expect(page.getByLabel('Final output', { exact: true })).toHaveText('HELLO BUILDER');
    await expect(node(page, 'transform').getByLabel('Succeeded')).toBeVisible();
    await expect(node(page, 'output').getByLabel('Succeeded')).toBeVisible();
  });

  await test.step('no serious axe violation in the builder', async () => {
    await expectNoSeriousA11yViolations(page, 'agent builder');
  });

  await test.step('publish, then compare version 1 with the draft', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish the draft' });
    await dialog.getByRole('textbox', { name: 'Note (what changed)' }).fill('Shouts back');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Version 1 published.', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Versions', exact: true }).click();
    await page.getByRole('button', { name: 'Compare versions' }).click();
    const compare = page.getByRole('dialog');
    await expect(compare.getByText('These versions are the same.')).toBeVisible();
    // Both pickers sit side by side inside the dialog (the theme's full-width fields once
    // pushed "To" out of it).
    const dialogBox = (await compare.boundingBox())!;
    for (const name of ['From', 'To']) {
      const box = (await compare.getByRole('combobox', { name }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(dialogBox.x);
      expect(box.x + box.width, name).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    }
  });
});

test('the builder in Arabic and dark mode keeps its canvas left to right and passes axe', async ({
  page,
}) => {
  const id = await agentWithGraph(admin, `Mirror ${unique()}`, {
    schemaVersion: 1,
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } },
      {
        id: 'check',
        type: 'condition',
        position: { x: 280, y: 0 },
        data: { cases: [{ id: 'long', label: 'long', expression: '$length(input.message) > 20' }] },
      },
      { id: 'long', type: 'output', position: { x: 560, y: -80 }, data: { text: 'Long' } },
      { id: 'short', type: 'output', position: { x: 560, y: 120 }, data: { text: 'Short' } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'check' },
      { id: 'e2', source: 'check', sourceHandle: 'long', target: 'long' },
      { id: 'e3', source: 'check', sourceHandle: 'else', target: 'short' },
    ],
  });
  await useSession(page, admin.session);
  await page.addInitScript(() => localStorage.setItem('language', 'ar'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/agents/${id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(node(page, 'start')).toBeVisible();
  await expect(page.locator('.react-flow').locator('xpath=..')).toHaveAttribute('dir', 'ltr');
  // A condition's outputs leave from the card's right edge, as in English (the page's
  // right-to-left styles do not swap the canvas's left and right).
  const card = await node(page, 'check').boundingBox();
  for (const output of ['long', 'else']) {
    const handle = node(page, 'check').locator(`.react-flow__handle[data-handleid="${output}"]`);
    const box = await handle.boundingBox();
    expect(box!.x + box!.width / 2, output).toBeGreaterThan(card!.x + card!.width * 0.9);
  }
  await expectNoSeriousA11yViolations(page, 'ar, dark, agent builder');
  // The connections stand out from the canvas (WCAG's 3:1 for graphics), in dark and in light.
  expect(await edgeContrast(page), 'dark').toBeGreaterThanOrEqual(3);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'light');
  expect(await edgeContrast(page), 'light').toBeGreaterThanOrEqual(3);
  // The overview's steps run below the fixed-height page: its panel scrolls, by keyboard too.
  await page.goto(`/agents/${id}?tab=overview`);
  await expect(page.getByRole('heading', { name: 'خطوات المسودة' })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  expect(await panel.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expectNoSeriousA11yViolations(page, 'ar, light, agent overview');
  // Code reads left to right, from the left edge, in Arabic too (the right-to-left styles once
  // turned the snippets' left alignment into a right one).
  await page.goto(`/agents/${id}?tab=triggers`);
  const code = page.locator('pre');
  await expect(code.first()).toBeVisible();
  const layouts = await code.evaluateAll((blocks) =>
    blocks.map(
      (block) => `${getComputedStyle(block).direction} ${getComputedStyle(block).textAlign}`,
    ),
  );
  expect(layouts.length).toBeGreaterThan(0);
  for (const layout of layouts) expect(['ltr start', 'ltr left']).toContain(layout);
});

/** The contrast ratio of the canvas's first edge to the canvas's background (WCAG's formula). */
function edgeContrast(page: Page): Promise<number> {
  return page.evaluate(() => {
    const path = document.querySelector('.react-flow__edge-path')!;
    const pane = document.querySelector('.react-flow')!;
    // The colours as the page paints them: the stroke (maybe translucent) over the background.
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = getComputedStyle(pane).backgroundColor;
    context.fillRect(0, 0, 2, 1);
    context.fillStyle = getComputedStyle(path).stroke;
    context.fillRect(1, 0, 1, 1);
    const [r1, g1, b1, , r2, g2, b2] = context.getImageData(0, 0, 2, 1).data;
    const luminance = (...rgb: number[]) => {
      const [r, g, b] = rgb.map((c) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [light, dark] = [luminance(r1!, g1!, b1!), luminance(r2!, g2!, b2!)].sort(
      (a, b) => b - a,
    );
    return (light! + 0.05) / (dark! + 0.05);
  });
}

test('an agent page opened afresh has its agent asked for at start-up, once', async ({ page }) => {
  const name = `Early ${unique()}`;
  const id = await agentWithGraph(admin, name);
  await useSession(page, admin.session);
  // A first visit leaves the user and the organisation in the browser's storage.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === `/api/v1/agents/${id}`) asked.push('agent');
    else if (pathname === '/api/config') asked.push('config');
  });
  await page.goto(`/agents/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(node(page, 'reply')).toBeVisible();
  // Asked by initial-loader.js, before the app's code has run (which first asks for its
  // runtime configuration), and not asked again by the page.
  expect(asked.filter((what) => what === 'agent')).toHaveLength(1);
  expect(asked.indexOf('agent')).toBeLessThan(asked.indexOf('config'));
});

test('a member who may only read agents sees the builder with no edit controls', async ({
  page,
}) => {
  const name = `Read only ${unique()}`;
  const id = await agentWithGraph(admin, name);
  const reader = await addMember(admin, 'reader');
  await useSession(page, reader.session);
  await readAgentsOnly(page);
  await page.goto(`/agents/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(node(page, 'reply')).toBeVisible();
  await expect(
    page.getByText('Read only: you can look at this agent but not change it'),
  ).toBeVisible();

  await test.step('no palette, publish, edit, undo or layout controls', async () => {
    await expect(page.getByRole('button', { name: /^Add step:/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit card', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(node(page, 'reply').locator('.react-flow__handle.connectable')).toHaveCount(0);
  });

  await test.step('the selected step’s form is read-only and Delete removes nothing', async () => {
    await node(page, 'reply').click();
    const text = page.getByRole('textbox', { name: 'Text', exact: true });
    await expect(text).toBeVisible();
    await expect(text).not.toBeEditable();
    await page.keyboard.press('Delete');
    await expect(node(page, 'reply')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /sav/i })).toHaveCount(0);
  });

  await test.step('the test tab says testing needs the right to edit', async () => {
    await page.getByRole('tab', { name: 'Test', exact: true }).first().click();
    await expect(
      page.getByText('Only those who may edit this agent can test its draft.'),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Editor', exact: true }).click();
    await expect(node(page, 'reply')).toBeVisible();
  });

  await test.step('no serious axe violation, light then dark', async () => {
    await expectNoSeriousA11yViolations(page, 'read-only agent builder, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, 'read-only agent builder, dark');
  });
  // The draft on the server is the one the admin made: nothing was saved.
  expect((await storedDraft(admin, id)).draft.nodes.map((n) => n.id).sort()).toEqual([
    'reply',
    'start',
  ]);
  await reader.session.dispose();
});

test('a visitor builds and runs an agent in /try-builder, then saves it to a workspace', async ({
  page,
}) => {
  await page.goto('/try-builder');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Try the agent builder' }),
  ).toBeVisible();
  await expect(node(page, 'start')).toBeVisible();
  // The builder fills the window under the page's header, its canvas whole inside it (it once
  // took the window's full height below that header, its bottom cut off by the layout).
  const canvas = (await page.locator('.react-flow').boundingBox())!;
  expect(canvas.y + canvas.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(
    page.viewportSize()!.height,
  );

  await test.step('a transform step runs in the browser, with no account', async () => {
    await page.getByRole('button', { name: 'Add step: Transform' }).click();
    await page.getByRole('textbox', { name: 'Expression' }).fill('$length(input.message)');
    await connect(page, 'start', 'transform');
    await node(page, 'reply').click();
    await page
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('{{ nodes.transform }} letters');
    await connect(page, 'transform', 'reply');
    await page.getByRole('tab', { name: 'Test', exact: true }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('hello');
    await page.getByRole('button', { name: 'Run draft', exact: true }).click();
    await expect(page.getByLabel('Final output', { exact: true })).toHaveText('5 letters');
    await expect(node(page, 'transform').getByLabel('Succeeded')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'try-builder');
  });

  await test.step('a model step says which model the builder calls, with no provider picker', async () => {
    await page.getByRole('button', { name: 'Add step: Model' }).click();
    await expect(node(page, 'llm')).toBeVisible();
    await expect(page.getByText(/^Model steps here need a model: Set a model/)).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Model provider/ })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Model', exact: true }).fill('any-model-name');
    await node(page, 'llm').click();
    await page.keyboard.press('Delete');
    await expect(node(page, 'llm')).toHaveCount(0);
  });

  await test.step('the draft stays in the browser across a reload', async () => {
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('tryBuilderDraft') ?? ''))
      .toContain('$length(input.message)');
    await page.reload();
    await expect(node(page, 'transform')).toBeVisible();
  });

  await test.step('Save to my workspace asks to sign in, then saves the agent', async () => {
    await page.getByRole('button', { name: 'Save to my workspace' }).click();
    await expect(page).toHaveURL(/\/login/);
    await useSession(page, admin.session);
    await page.goto('/try-builder?save=1');
    const dialog = page.getByRole('dialog', { name: 'Save to my workspace' });
    const name = `Saved from try ${unique()}`;
    await dialog.getByRole('textbox', { name: 'Agent name' }).fill(name);
    await dialog.getByRole('button', { name: 'Save the agent' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(node(page, 'transform')).toBeVisible();
  });
});
