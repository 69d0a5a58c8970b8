import { expect as baseExpect, test, type Page } from '@playwright/test';
import pg from 'pg';
import {
  startOpenAiServer,
  type OpenAiTestServer,
  type ScriptedReply,
} from '../src/server/test/openai-server.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { apiSetupHeaders, createVerifiedUser, signIn } from './support/users.ts';

/**
 * Issue 15, end to end: an admin adds a model provider (a local OpenAI-compatible server), creates
 * "Ask your database" on a PostgreSQL data source, publishes it and chats with it: the answer
 * streams in and its steps open from the message. A provider that fails shows its error in the
 * chat and in the run.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const PG_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TAG = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TABLE = `ask_e2e_${TAG}`;
const READER = `ask_reader_${TAG}`;
const READER_PASSWORD = `Reader-${TAG}`;
const ORIGIN = { Origin: E2E_BASE_URL };

let model: OpenAiTestServer;

async function withPg<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  model = await startOpenAiServer({ apiKey: 'sk-e2e', models: ['e2e-small'] });
  await withPg(async (client) => {
    await client.query(`create table public.${TABLE} (id int primary key, city text, total int)`);
    await client.query(
      `insert into public.${TABLE} values (1, 'Lyon', 120), (2, 'Oran', 80), (3, 'Lyon', 40)`,
    );
    await client.query(`create role ${READER} login password '${READER_PASSWORD}'`);
    await client.query(`grant select on public.${TABLE} to ${READER}`);
  });
});

test.afterAll(async () => {
  await model?.close();
  await withPg(async (client) => {
    await client.query(`drop table if exists public.${TABLE}`);
    await client.query(`drop role if exists ${READER}`);
  });
});

/** A new user with an organisation of their own, signed in on the page; returns its id. */
async function newAdmin(page: Page): Promise<string> {
  const user = await createVerifiedUser(page.request, 'asker');
  await signIn(page, user);
  const setup = await page.request.post('/api/functions/complete-user-setup', {
    headers: apiSetupHeaders(),
  });
  expect(setup.ok()).toBe(true);
  return ((await setup.json()) as { organization: { id: string } }).organization.id;
}

test('an admin adds a provider, builds "Ask your database", publishes it and chats with it', async ({
  page,
}) => {
  const orgId = await newAdmin(page);
  const source = await page.request.post('/api/v1/data-sources', {
    headers: { ...ORIGIN, 'X-Organization-Id': orgId },
    data: {
      type: 'postgres',
      name: 'Shop database',
      config: { host: '127.0.0.1', port: 5432, database: 'test', user: READER, ssl: 'disable' },
      secret: READER_PASSWORD,
    },
  });
  expect(source.status(), await source.text()).toBe(201);

  await test.step('add the model provider', async () => {
    await page.goto('/organization?tab=providers');
    await page.getByRole('button', { name: 'Add provider' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a model provider' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Local models');
    await dialog.getByRole('textbox', { name: 'Base URL' }).fill(model.baseUrl);
    await dialog.getByRole('textbox', { name: 'API key' }).fill('sk-e2e');
    await dialog.getByRole('button', { name: 'Discover models' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Model 1' })).toHaveValue('e2e-small');
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: /Local models/ })).toBeVisible();
  });

  let agentUrl = '';
  await test.step('create the agent from the template and publish it', async () => {
    await page.goto('/agents');
    await page.getByRole('button', { name: 'New agent' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New agent' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Shop answers');
    await dialog.getByRole('radio', { name: /Ask your database/ }).check();
    await dialog.getByRole('button', { name: 'Create agent' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Shop answers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop answers' })).toBeVisible();
    agentUrl = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Publish' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish the draft' });
    await publish.getByLabel('Note (what changed)').fill('First version');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Version 1 published.')).toBeVisible();
  });

  await test.step('chat: the model queries the source and the answer streams in', async () => {
    // The model first asks for rows through the data source's tool, then answers from them.
    model.respond((body): ScriptedReply => {
      const messages = body.messages ?? [];
      const toolResult = messages.find((m) => m.role === 'tool');
      if (!toolResult) {
        const tools = (body.tools ?? []) as { function: { name: string } }[];
        return {
          toolCalls: [
            {
              name: tools[0]!.function.name,
              arguments: { sql: `select city, sum(total) as total from ${TABLE} group by city` },
            },
          ],
        };
      }
      const rows = String(toolResult.content);
      return {
        text:
          rows.includes('Lyon') && rows.includes('160') ? 'Lyon sold the most: 160.' : 'No rows',
        chunkDelayMs: 20,
      };
    });
    await page.goto(`${agentUrl}?tab=chat`);
    await page.getByLabel('Message to Shop answers').fill('Which city sold the most?');
    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log');
    await expect(log).toContainText('Lyon sold the most: 160.');
    await log.getByRole('button', { name: 'Steps' }).first().click();
    const steps = page.getByRole('dialog', { name: 'Steps of this answer' });
    await expect(steps).toContainText('answer');
    await expect(steps).toContainText('Succeeded');
    // The provider's key is nowhere in what the steps show.
    await expect(steps).not.toContainText('sk-e2e');
    await steps.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('a failing provider shows its error in the chat and in the run', async () => {
    model.respond(() => ({ error: { status: 500, message: 'The model is on fire' } }));
    await page.getByLabel('Message to Shop answers').fill('And now?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('log')).toContainText('The model is on fire');
    await page.goto(`${agentUrl}?tab=runs`);
    await expect(page.getByRole('row', { name: /Failed/ }).first()).toBeVisible();
  });
});
