/**
 * Runs and steps in the database (AGENTS.md, "Runs and steps"). Step input and output are
 * redacted and capped before they are written; nothing here ever holds a secret.
 */
import { and, asc, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { agentRuns, agentRunSteps, user } from '../../../db/schema/index.ts';
import type { OrgScope } from '../../../http/records.ts';
import { capJson, redactForLog } from '../../../agents/redact.ts';
import type { RunEvent, RunResult } from '../../../../shared/engine/index.ts';
import {
  RUN_LIMITS,
  type RunDto,
  type RunListQuery,
  type RunPage,
  type RunStep,
  type RunSummary,
  type RunTrigger,
} from '../../../../shared/schemas/runs.ts';

type RunRow = typeof agentRuns.$inferSelect;
type StepRow = typeof agentRunSteps.$inferSelect;

/** A value as a step log keeps it: secrets replaced, at most the step-log cap. */
export function forLog(value: unknown) {
  return capJson(redactForLog(value ?? null), RUN_LIMITS.stepLogBytes);
}

export async function createRun(
  db: Database,
  scope: OrgScope,
  values: {
    agentId: string;
    version: number | null;
    trigger: RunTrigger;
    callerId: string | null;
    input: unknown;
    replayOf?: string | null;
    replayFrom?: string | null;
    conversationId?: string | null;
  },
): Promise<RunRow> {
  const [row] = await db
    .insert(agentRuns)
    .values({
      ...values,
      input: forLog(values.input).value,
      organizationId: scope.organizationId,
      status: 'running',
      startedAt: new Date(),
    })
    .returning();
  return row!;
}

type StepEvent = Extract<RunEvent, { type: 'node.finished' | 'node.failed' }>;

/** The row of the step an engine event closes (finished, failed or reused). */
function stepRow(scope: OrgScope, runId: string, event: StepEvent, input: unknown) {
  const finishedAt = new Date();
  const stepInput = forLog(input);
  const output =
    event.type === 'node.finished' ? forLog(event.output) : { value: null, truncated: false };
  const usage = event.type === 'node.finished' ? event.usage : { inputTokens: 0, outputTokens: 0 };
  return {
    organizationId: scope.organizationId,
    runId,
    nodeId: event.nodeId,
    nodeType: event.nodeType,
    status: event.type === 'node.failed' ? 'failed' : event.reused ? 'reused' : 'succeeded',
    attempt: event.attempt,
    input: stepInput.value,
    inputTruncated: stepInput.truncated,
    output: output.value,
    outputTruncated: output.truncated,
    error: event.type === 'node.failed' ? event.error.message : null,
    tokensIn: usage.inputTokens,
    tokensOut: usage.outputTokens,
    startedAt: new Date(finishedAt.getTime() - event.durationMs),
    finishedAt,
    durationMs: Math.round(event.durationMs),
  };
}

/**
 * A run's step log writer: steps are written as they end, those that end while a write is under
 * way together in the next one (one statement for many fast steps). `flushed()` settles once
 * every step handed over is stored.
 */
export function stepWriter(db: Database, scope: OrgScope, runId: string) {
  let pending: ReturnType<typeof stepRow>[] = [];
  let writing = Promise.resolve();
  let busy = false;
  const drain = async () => {
    busy = true;
    try {
      while (pending.length > 0) {
        const rows = pending;
        pending = [];
        await db.insert(agentRunSteps).values(rows);
      }
    } finally {
      busy = false;
    }
  };
  return {
    add(event: StepEvent, input: unknown) {
      pending.push(stepRow(scope, runId, event, input));
      if (busy) return;
      writing = drain();
      // A failed write is reported by flushed(), which the run awaits before it closes.
      writing.catch(() => {});
    },
    flushed: () => writing,
  };
}

export async function finishRun(db: Database, runId: string, result: RunResult) {
  const output = forLog(result.output);
  await db
    .update(agentRuns)
    .set({
      status: result.status,
      output: output.value,
      error: result.error?.message ?? null,
      tokensIn: result.usage.inputTokens,
      tokensOut: result.usage.outputTokens,
      cost: result.usage.cost ?? 0,
      finishedAt: new Date(),
    })
    .where(eq(agentRuns.id, runId));
}

/** Closes a run that no process runs any more (failed, or cancelled on request). */
export async function abandonRun(
  db: Database,
  runId: string,
  message: string,
  status: 'failed' | 'cancelled' = 'failed',
) {
  await db
    .update(agentRuns)
    .set({ status, error: message, finishedAt: new Date() })
    .where(and(eq(agentRuns.id, runId), eq(agentRuns.status, 'running')));
}

function toSummary(row: RunRow, callerName: string | null): RunSummary {
  return {
    id: row.id,
    agentId: row.agentId,
    version: row.version,
    trigger: row.trigger,
    status: row.status,
    caller: row.callerId && callerName ? { id: row.callerId, name: callerName } : null,
    error: row.error,
    tokensIn: row.tokensIn,
    tokensOut: row.tokensOut,
    cost: row.cost,
    replayOf: row.replayOf,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs:
      row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
  };
}

function toStep(row: StepRow): RunStep {
  return {
    id: row.id,
    nodeId: row.nodeId,
    nodeType: row.nodeType,
    status: row.status as RunStep['status'],
    attempt: row.attempt,
    input: row.input,
    inputTruncated: row.inputTruncated,
    output: row.output,
    outputTruncated: row.outputTruncated,
    error: row.error,
    tokensIn: row.tokensIn,
    tokensOut: row.tokensOut,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.durationMs,
  };
}

const ofAgent = (scope: OrgScope, agentId: string) =>
  and(eq(agentRuns.organizationId, scope.organizationId), eq(agentRuns.agentId, agentId));

export async function getRunRow(db: Database, scope: OrgScope, agentId: string, runId: string) {
  const [row] = await db
    .select({ run: agentRuns, callerName: user.name })
    .from(agentRuns)
    .leftJoin(user, eq(user.id, agentRuns.callerId))
    .where(and(ofAgent(scope, agentId), eq(agentRuns.id, runId)));
  return row ?? null;
}

export async function getRun(
  db: Database,
  scope: OrgScope,
  agentId: string,
  runId: string,
): Promise<RunDto | null> {
  const row = await getRunRow(db, scope, agentId, runId);
  if (!row) return null;
  const steps = await db
    .select()
    .from(agentRunSteps)
    .where(
      and(eq(agentRunSteps.runId, runId), eq(agentRunSteps.organizationId, scope.organizationId)),
    )
    .orderBy(asc(agentRunSteps.startedAt), asc(agentRunSteps.finishedAt));
  return {
    ...toSummary(row.run, row.callerName),
    input: row.run.input,
    output: row.run.output,
    steps: steps.map(toStep),
  };
}

/** The cursor of a run in the newest-first order: its creation time and id. */
const cursorOf = (row: RunRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function parseCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [time, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(time ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}

/** A page of an agent's runs, newest first, from `cursor` on (keyset: fast at any depth). */
export async function listRuns(
  db: Database,
  scope: OrgScope,
  agentId: string,
  query: RunListQuery,
): Promise<RunPage> {
  const after = query.cursor ? parseCursor(query.cursor) : null;
  const where: SQL | undefined = and(
    ofAgent(scope, agentId),
    query.status ? eq(agentRuns.status, query.status) : undefined,
    query.trigger ? eq(agentRuns.trigger, query.trigger) : undefined,
    query.from ? gte(agentRuns.createdAt, new Date(query.from)) : undefined,
    query.to ? lte(agentRuns.createdAt, new Date(query.to)) : undefined,
    after
      ? or(
          lt(agentRuns.createdAt, after.createdAt),
          and(eq(agentRuns.createdAt, after.createdAt), lt(agentRuns.id, after.id)),
        )
      : undefined,
  );
  const rows = await db
    .select({ run: agentRuns, callerName: user.name })
    .from(agentRuns)
    .leftJoin(user, eq(user.id, agentRuns.callerId))
    .where(where)
    .orderBy(desc(agentRuns.createdAt), desc(agentRuns.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((r) => toSummary(r.run, r.callerName)),
    nextCursor: rows.length > query.limit && last ? cursorOf(last.run) : null,
  };
}

/** The outputs of a run's succeeded (or reused) steps, for a replay to reuse. */
export async function recordedOutputs(db: Database, runId: string) {
  const steps = await db
    .select({
      nodeId: agentRunSteps.nodeId,
      output: agentRunSteps.output,
      truncated: agentRunSteps.outputTruncated,
    })
    .from(agentRunSteps)
    .where(
      and(eq(agentRunSteps.runId, runId), sql`${agentRunSteps.status} in ('succeeded', 'reused')`),
    );
  const outputs: Record<string, unknown> = {};
  for (const step of steps) if (!step.truncated) outputs[step.nodeId] = step.output;
  return outputs;
}
