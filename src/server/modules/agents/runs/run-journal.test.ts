/**
 * The run journal on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): many runs
 * started together are written in a few statements, a run that ends at once is written once,
 * and one run whose row cannot be written fails alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { countStatements, writesAmong } from '../../../db/query-counter.ts';
import { agentRuns, agentRunSteps, agents, organization } from '../../../db/schema/index.ts';
import { agentGraphSchema } from '../../../../shared/schemas/agent-graph.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { runJournal } from './run-journal.ts';
import { startRun } from './runs.service.ts';

let server: TestServer;
let scope: { organizationId: string };
let agentId: string;

const graph = agentGraphSchema.parse({
  schemaVersion: 1,
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { inputs: [] } },
    {
      id: 'double',
      type: 'transform',
      position: { x: 1, y: 0 },
      data: { expression: 'input.n * 2' },
    },
    { id: 'out', type: 'output', position: { x: 2, y: 0 }, data: { text: '{{ nodes.double }}' } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'double' },
    { id: 'e2', source: 'double', target: 'out' },
  ],
});

beforeAll(async () => {
  server = await startTestServer();
  const [org] = await server.db
    .insert(organization)
    .values({ name: 'Journal', slug: `journal-${Date.now()}` })
    .returning();
  scope = { organizationId: org!.id };
  const [agent] = await server.db
    .insert(agents)
    .values({ organizationId: org!.id, name: 'Doubler', slug: 'doubler', draft: graph })
    .returning();
  agentId = agent!.id;
}, 60_000);
afterAll(() => server?.close());

const deps = () => ({ ...server.deps });
const caller = { id: null, email: null };

describe('the run journal', () => {
  it('writes twenty runs started together in a few statements, each with its steps and result', async () => {
    const { result: runs, statements } = await countStatements(() =>
      Promise.all(
        Array.from({ length: 20 }, async (_, n) => {
          const started = await startRun(deps(), scope, caller, agentId, {
            input: { n },
            draft: true,
            trigger: 'test',
          });
          await started.done;
          return started.runId;
        }),
      ),
    );
    // One row per run and per step would be 20 × 4 writes; together they are a handful, each
    // write one statement.
    expect(writesAmong(statements).length).toBeLessThanOrEqual(4);
    const rows = await server.db.select().from(agentRuns).where(inArray(agentRuns.id, runs));
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      const n = (row.input as { n: number }).n;
      expect(row).toMatchObject({ status: 'succeeded', output: n * 2 });
      expect(row.finishedAt).not.toBeNull();
      const steps = await server.db
        .select({ nodeId: agentRunSteps.nodeId })
        .from(agentRunSteps)
        .where(eq(agentRunSteps.runId, row.id));
      expect(steps.map((s) => s.nodeId).sort()).toEqual(['double', 'out', 'start']);
    }
  });

  it('stores every value as given: text with quotes and symbols, nested JSON, nulls, times', async () => {
    const journal = runJournal(server.db);
    const tricky = {
      text: 'it\'s "quoted" \\ ☃ 🧪',
      nested: [1, null, { deep: true }],
      none: null,
    };
    const startedAt = new Date('2026-11-27T10:00:00.123Z');
    const base = { organizationId: scope.organizationId, agentId, trigger: 'test' as const };
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    // Rows of different columns in one write: one has a replay source, another has none, the
    // last leaves out every column the table gives a default.
    await Promise.all([
      journal.addRun({ ...base, id: a, status: 'running', input: tricky, startedAt }),
      journal.addRun({ ...base, id: b, status: 'running', input: 'plain', replayFrom: 'start' }),
      journal.addRun({ ...base, id: c }),
    ]);
    await journal.addStep({
      organizationId: scope.organizationId,
      runId: a,
      nodeId: 'start',
      nodeType: 'start',
      status: 'succeeded',
      input: tricky,
      output: null,
      startedAt,
      finishedAt: startedAt,
      durationMs: 0,
    });
    await journal.finish({
      id: a,
      status: 'succeeded',
      output: tricky,
      error: null,
      tokensIn: 3,
      tokensOut: 4,
      cost: 0.25,
      finishedAt: startedAt,
    });
    const rows = await server.db
      .select()
      .from(agentRuns)
      .where(inArray(agentRuns.id, [a, b, c]));
    const run = rows.find((r) => r.id === a)!;
    expect(run).toMatchObject({ input: tricky, output: tricky, status: 'succeeded', cost: 0.25 });
    expect(run).toMatchObject({ tokensIn: 3, tokensOut: 4, replayFrom: null, startedAt });
    expect(run.finishedAt).toEqual(startedAt);
    expect(rows.find((r) => r.id === b)).toMatchObject({ input: 'plain', replayFrom: 'start' });
    const defaults = rows.find((r) => r.id === c)!;
    expect(defaults).toMatchObject({ status: 'queued', tokensIn: 0, tokensOut: 0, cost: 0 });
    expect(defaults).toMatchObject({ input: null, version: null, startedAt: null, error: null });
    expect(Math.abs(defaults.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    const [step] = await server.db.select().from(agentRunSteps).where(eq(agentRunSteps.runId, a));
    expect(step).toMatchObject({ input: tricky, output: null, startedAt, attempt: 1 });
    expect(step).toMatchObject({ inputTruncated: false, outputTruncated: false, tokensIn: 0 });
    expect(step!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('fails only the run whose row cannot be written when they share a write', async () => {
    const journal = runJournal(server.db);
    const good = crypto.randomUUID();
    const bad = crypto.randomUUID();
    const row = (id: string, organizationId: string) => ({
      id,
      organizationId,
      agentId,
      trigger: 'test' as const,
      status: 'running' as const,
    });
    const results = await Promise.allSettled([
      journal.addRun(row(good, scope.organizationId)),
      // No such organisation: the foreign key refuses this row.
      journal.addRun(row(bad, crypto.randomUUID())),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    const stored = await server.db
      .select({ id: agentRuns.id })
      .from(agentRuns)
      .where(inArray(agentRuns.id, [good, bad]));
    expect(stored.map((r) => r.id)).toEqual([good]);
  });

  it('keeps writes back while held (a chat’s first words), then writes them; a hold ends by itself', async () => {
    const journal = runJournal(server.db);
    const row = (id: string) => ({
      id,
      organizationId: scope.organizationId,
      agentId,
      trigger: 'test' as const,
      status: 'running' as const,
    });
    const isStored = async (id: string) =>
      (await server.db.select().from(agentRuns).where(eq(agentRuns.id, id))).length === 1;

    let release = () => {};
    journal.holdWrites(new Promise<void>((resolve) => (release = resolve)));
    const held = crypto.randomUUID();
    let written = false;
    const storing = journal.addRun(row(held)).then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written).toBe(false);
    expect(await isStored(held)).toBe(false);
    release();
    await storing;
    expect(await isStored(held)).toBe(true);

    // A hold never released lasts its maximum, no longer.
    journal.holdWrites(new Promise(() => {}), 100);
    const late = crypto.randomUUID();
    const t0 = Date.now();
    await journal.addRun(row(late));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(90);
    expect(await isStored(late)).toBe(true);
  });
});
