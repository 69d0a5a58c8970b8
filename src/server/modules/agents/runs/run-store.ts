/**
 * Runs and steps in the database (AGENTS.md, "Runs and steps"). Step input and output are
 * redacted and capped before they are written; nothing here ever holds a secret.
 */
import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  agentRuns,
  agentRunSteps,
  agents,
  agentVersions,
  organization,
  user,
} from '../../../db/schema/index.ts';
import type { OrgScope } from '../../../http/records.ts';
import type { ProviderForRun } from '../../../agents/executors/context.ts';
import { capJson, redactForLog } from '../../../agents/redact.ts';
import { runJournal } from './run-journal.ts';
import { batchedLoader } from '../../../db/batched-load.ts';
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

/**
 * Hands a new run, running, to the journal: its id at once, and `stored`, which settles once
 * its row is written (with its result already, when it ended before that).
 */
export function createRun(
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
): { id: string; stored: Promise<void> } {
  const id = randomUUID();
  const stored = runJournal(db).addRun({
    ...values,
    id,
    input: forLog(values.input).value,
    organizationId: scope.organizationId,
    status: 'running',
    startedAt: new Date(),
  });
  return { id, stored };
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
 * A run's step log writer: each step is handed to the journal as it ends (so a running run's
 * page shows it), and `flushed()` settles once every step handed over is stored, or fails if
 * one could not be.
 */
export function stepWriter(db: Database, scope: OrgScope, runId: string) {
  const journal = runJournal(db);
  const writes: Promise<void>[] = [];
  return {
    add(event: StepEvent, input: unknown) {
      const write = journal.addStep(stepRow(scope, runId, event, input));
      // A failed write is reported by flushed(), which the run awaits before it closes.
      write.catch(() => {});
      writes.push(write);
    },
    flushed: async () => {
      await Promise.all(writes);
    },
  };
}

/** Stores a run's result; settles once it is stored. */
export function finishRun(db: Database, runId: string, result: RunResult) {
  return runJournal(db).finish({
    id: runId,
    status: result.status,
    output: forLog(result.output).value,
    error: result.error?.message ?? null,
    tokensIn: result.usage.inputTokens,
    tokensOut: result.usage.outputTokens,
    cost: result.usage.cost ?? 0,
    finishedAt: new Date(),
  });
}

/** An agent's row without its draft graph (which `AgentToRun.draft` holds when it was read). */
export type AgentRowToRun = Omit<typeof agents.$inferSelect, 'draft'>;

/**
 * What a run needs of its agent: the row (to authorise), the graph it runs (the draft only when
 * asked for: a published run leaves it in the database), names and providers.
 */
export type AgentToRun = {
  agent: AgentRowToRun;
  /** The draft graph; null unless it was read with `{ draft: true }`. */
  draft: unknown;
  published: unknown;
  orgName: string;
  providers: ProviderForRun[];
};

/**
 * The organisation's live providers that the given graphs' llm steps name, in the shape a model
 * call needs: read with the agent so a run asks the database nothing more before its first model
 * request.
 */
const namedProviders = (graphNodes: SQL) => sql<ProviderForRun[]>`(
  select coalesce(json_agg(json_build_object(
    'id', p.id, 'baseUrl', p.base_url, 'secret', p.secret,
    'defaultModel', p.default_model, 'models', p.models)), '[]'::json)
  from model_providers p
  where p.organization_id = ${agents.organizationId} and p.deleted_at is null
    and p.id::text in (
      select n -> 'data' ->> 'providerId'
      from jsonb_array_elements(${graphNodes}) n
      where n ->> 'type' = 'llm'))`;

const publishedNodes = sql`coalesce(${agentVersions.graph} -> 'nodes', '[]'::jsonb)`;
const { draft: draftColumn, ...agentColumns } = getTableColumns(agents);

/**
 * Many agents' `agentToRun` in one read, each matched on its organisation and id (a prepared
 * statement: a run's one read is not planned again each time). With `draft`, the draft graph
 * and the providers it names come too; without, only the published version's (a webhook's or
 * the API's run reads less: the draft can be much larger than the version it runs).
 */
function agentsToRunLoader(db: Database, draft: boolean) {
  const statement = db
    .select({
      agent: agentColumns,
      draft: draft ? draftColumn : sql<null>`null::jsonb`,
      published: agentVersions.graph,
      orgName: organization.name,
      providers: namedProviders(
        draft
          ? sql`${publishedNodes} || coalesce(${agents.draft} -> 'nodes', '[]'::jsonb)`
          : publishedNodes,
      ),
    })
    .from(agents)
    .innerJoin(organization, eq(organization.id, agents.organizationId))
    .leftJoin(
      agentVersions,
      and(eq(agentVersions.agentId, agents.id), eq(agentVersions.number, agents.publishedVersion)),
    )
    .where(
      and(sql`${agents.id} = any(${sql.placeholder('ids')}::uuid[])`, isNull(agents.deletedAt)),
    )
    .prepare(draft ? 'agents_to_run_with_draft' : 'agents_to_run');
  return batchedLoader(async (ids: string[]) => {
    const rows = await statement.execute({ ids });
    const found = new Map(rows.map((r) => [r.agent.id, r]));
    return ids.map((id): AgentToRun | null => found.get(id) ?? null);
  });
}

const loaders = new WeakMap<
  Database,
  Record<'draft' | 'published', (id: string) => Promise<AgentToRun | null>>
>();

/**
 * What a run needs of an agent, whatever its organisation, in one read: its row, the graph it
 * runs, the organisation's name and the providers its model steps name (runs started together
 * share the read). For callers that learn the organisation from the agent (a webhook's address).
 */
export function agentToRunById(
  db: Database,
  agentId: string,
  options: { draft: boolean },
): Promise<AgentToRun | null> {
  let load = loaders.get(db);
  if (!load) {
    load = { draft: agentsToRunLoader(db, true), published: agentsToRunLoader(db, false) };
    loaders.set(db, load);
  }
  return load[options.draft ? 'draft' : 'published'](agentId);
}

/** `agentToRunById` within the caller's organisation (null for another organisation's agent). */
export async function agentToRun(
  db: Database,
  scope: OrgScope,
  agentId: string,
  options: { draft: boolean },
) {
  const row = await agentToRunById(db, agentId, options);
  return row?.agent.organizationId === scope.organizationId ? row : null;
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
    .where(and(eq(agentRuns.id, runId), inArray(agentRuns.status, ['running', 'queued'])));
}

/** Fails a run whose log could not be stored in full, whatever its result said. */
export async function markUnstored(db: Database, runId: string) {
  await db
    .update(agentRuns)
    .set({ status: 'failed', error: 'The run could not be stored', finishedAt: new Date() })
    .where(eq(agentRuns.id, runId));
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

/**
 * The cursor of a run in the newest-first order: its creation time to the microsecond (as the
 * database keeps it; a Date would drop the microseconds, and the runs the journal stores in one
 * transaction share one creation time, so a page would skip the rest of them) and its id.
 */
const cursorOf = (row: { createdAtExact: string; run: RunRow }) =>
  Buffer.from(`${row.createdAtExact}|${row.run.id}`).toString('base64url');

/** `created_at` in UTC with its microseconds, for the cursor. */
const createdAtExact = sql<string>`to_char(${agentRuns.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseCursor(cursor: string): { createdAt: string; id: string } | null {
  const [time, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!id || !UUID.test(id) || !time || !CURSOR_TIME.test(time)) return null;
  if (Number.isNaN(new Date(time).getTime())) return null;
  return { createdAt: time, id };
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
          sql`${agentRuns.createdAt} < ${after.createdAt}::timestamptz`,
          and(
            sql`${agentRuns.createdAt} = ${after.createdAt}::timestamptz`,
            lt(agentRuns.id, after.id),
          ),
        )
      : undefined,
  );
  const rows = await db
    .select({ run: agentRuns, callerName: user.name, createdAtExact })
    .from(agentRuns)
    .leftJoin(user, eq(user.id, agentRuns.callerId))
    .where(where)
    .orderBy(desc(agentRuns.createdAt), desc(agentRuns.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((r) => toSummary(r.run, r.callerName)),
    nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
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
