import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../../test/harness.ts';
import { agentRuns, agentRunSteps, member } from '../../../db/schema/index.ts';
import { closeStaleRuns, pruneRuns } from '../runs/run-housekeeping.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let plainMember: Signed;
let orgId: string;

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server);
  orgId = (await admin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  admin.client.orgId = orgId;
  plainMember = await signedInUser(server);
  await server.db
    .insert(member)
    .values({ organizationId: orgId, userId: plainMember.userId, role: 'member' });
  plainMember.client.orgId = orgId;
});
afterAll(() => server?.close());

describe('agent settings and run housekeeping', () => {
  it('keeps 30 days by default; admins change it, members only read it', async () => {
    expect((await plainMember.client.get('/api/v1/agent-settings')).json).toEqual({
      runRetentionDays: 30,
      maxConcurrentRuns: 10,
      monthlyTokenBudget: null,
      monthlyCostBudget: null,
    });
    const denied = await plainMember.client.request('PUT', '/api/v1/agent-settings', {
      runRetentionDays: 5,
    });
    expect(denied.status).toBe(403);
    const bad = await admin.client.request('PUT', '/api/v1/agent-settings', {
      runRetentionDays: 0,
    });
    expect(bad.status).toBe(400);
    const saved = await admin.client.request('PUT', '/api/v1/agent-settings', {
      runRetentionDays: 7,
    });
    expect(saved.json).toEqual({
      runRetentionDays: 7,
      maxConcurrentRuns: 10,
      monthlyTokenBudget: null,
      monthlyCostBudget: null,
    });
    // A PUT without a field keeps it; limits and budgets are checked.
    const limits = await admin.client.request('PUT', '/api/v1/agent-settings', {
      maxConcurrentRuns: 25,
      monthlyCostBudget: 12.5,
    });
    expect(limits.json).toEqual({
      runRetentionDays: 7,
      maxConcurrentRuns: 25,
      monthlyTokenBudget: null,
      monthlyCostBudget: 12.5,
    });
    for (const body of [
      { maxConcurrentRuns: 0 },
      { maxConcurrentRuns: 1001 },
      { monthlyTokenBudget: -5 },
      { monthlyTokenBudget: 1.5 },
    ]) {
      expect((await admin.client.request('PUT', '/api/v1/agent-settings', body)).status).toBe(400);
    }
    const cleared = await admin.client.request('PUT', '/api/v1/agent-settings', {
      monthlyCostBudget: '',
    });
    expect(cleared.json.monthlyCostBudget).toBeNull();
  });

  it('deletes runs past the retention in batches, with their steps, and closes stale runs', async () => {
    const agentId = (await admin.client.post('/api/v1/agents', { name: 'Old runs' })).json.id;
    const make = (createdAt: Date, status: 'succeeded' | 'running' = 'succeeded') => ({
      organizationId: orgId,
      agentId,
      trigger: 'test' as const,
      status,
      createdAt,
      startedAt: createdAt,
    });
    const rows = await server.db
      .insert(agentRuns)
      .values([
        make(daysAgo(10)),
        make(daysAgo(9)),
        make(daysAgo(8)),
        make(daysAgo(3)),
        make(daysAgo(1), 'running'),
      ])
      .returning({ id: agentRuns.id });
    await server.db.insert(agentRunSteps).values({
      organizationId: orgId,
      runId: rows[0]!.id,
      nodeId: 'start',
      nodeType: 'start',
      status: 'succeeded',
    });
    expect(await pruneRuns(server.db, new Date(), 2)).toBe(3);
    const left = await server.db
      .select({ id: agentRuns.id })
      .from(agentRuns)
      .where(
        inArray(
          agentRuns.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([rows[3]!.id, rows[4]!.id].sort());
    expect(
      await server.db.select().from(agentRunSteps).where(eq(agentRunSteps.runId, rows[0]!.id)),
    ).toEqual([]);

    expect(await closeStaleRuns(server.db)).toBe(1);
    const [stale] = await server.db.select().from(agentRuns).where(eq(agentRuns.id, rows[4]!.id));
    expect(stale).toMatchObject({ status: 'failed', error: 'The server stopped during the run' });
  });
});
