/**
 * Running agents: start a run of the published version (or of the draft, for the test
 * console), follow its events, cancel it, retry a failed run from its failed step, and run one
 * step alone on a past run's recorded outputs.
 */
import type { AppDeps } from '../../../deps.ts';
import type { OrgScope } from '../../../http/records.ts';
import { httpError, notFound } from '../../../http/errors.ts';
import { createServerExecutors } from '../../../agents/executors/index.ts';
import type { ProviderForRun } from '../../../agents/executors/context.ts';
import { graphProblems } from '../agents.service.ts';
import { getVersion } from '../agent-versions.ts';
import {
  runGraph,
  validateGraph,
  type RunEvent,
  type RunResult,
} from '../../../../shared/engine/index.ts';
import type { AgentGraph, AgentNode } from '../../../../shared/schemas/agent-graph.ts';
import { AGENT_MESSAGES } from '../../../../shared/schemas/agents.ts';
import { RUN_LIMITS, RUN_MESSAGES, type RunTrigger } from '../../../../shared/schemas/runs.ts';
import { cancelRun, openRun, publish } from './run-bus.ts';
import { checkBudget } from './run-budget.ts';
import {
  agentToRun,
  type AgentToRun,
  createRun,
  finishRun,
  getRunRow,
  markUnstored,
  recordedOutputs,
  stepWriter,
} from './run-store.ts';
import { runJournal } from './run-journal.ts';

export type RunDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'logger'>;
export type RunCaller = { id: string | null; email: string | null };

export interface StartedRun {
  runId: string;
  /** Settles when the run has finished and is stored. */
  done: Promise<RunResult>;
}

interface RunPlan {
  agentId: string;
  version: number | null;
  graph: AgentGraph;
  orgName: string;
  /** The providers read with the agent; steps read any other themselves. */
  providers?: ReadonlyMap<string, ProviderForRun>;
  trigger: RunTrigger;
  input: Record<string, unknown>;
  priorOutputs?: Record<string, unknown>;
  replayOf?: string;
  replayFrom?: string;
  conversationId?: string;
  /** The graph to check when `graph` is a part of it (one step alone). */
  checked?: AgentGraph;
  /** Answer before the run's row is written. */
  early?: boolean;
  /** Keep the run's writes back until this settles (a chat's first words; at most 250 ms). */
  holdWritesUntil?: Promise<unknown>;
  /** A queued run's id (the queue's worker runs it): its row exists, `running` already. */
  runId?: string;
}

/**
 * What a run of the published version needs of an agent (null when the organisation has no
 * such live agent).
 */
export function agentForRun(deps: RunDeps, scope: OrgScope, agentId: string) {
  return agentToRun(deps.db, scope, agentId, { draft: false });
}

/** The graph a run of this agent uses: the draft (test console) or the published version. */
export function runnableOf(row: AgentToRun, draft: boolean): RunnableGraph {
  const base = {
    orgName: row.orgName,
    chatEnabled: row.agent.chatEnabled,
    providers: new Map(row.providers.map((p) => [p.id, p])),
  };
  if (draft) {
    if (row.draft === null) throw new Error('The agent was read without its draft');
    return { ...base, graph: row.draft as AgentGraph, version: null };
  }
  if (row.agent.publishedVersion === null || !row.published) {
    throw httpError('AGENT_NOT_PUBLISHED', AGENT_MESSAGES.notPublished);
  }
  return { ...base, graph: row.published as AgentGraph, version: row.agent.publishedVersion };
}

/**
 * The graph a run uses, the draft (test console) or the published version, with the
 * organisation's name and the providers it names, in one read.
 */
export async function graphFor(
  deps: RunDeps,
  scope: OrgScope,
  agentId: string,
  draft: boolean,
): Promise<RunnableGraph> {
  const row = await agentToRun(deps.db, scope, agentId, { draft });
  if (!row) throw notFound(AGENT_MESSAGES.notFound);
  return runnableOf(row, draft);
}

/** A graph ready to run: the draft (version null) or a published version. */
export interface RunnableGraph {
  graph: AgentGraph;
  version: number | null;
  orgName: string;
  chatEnabled: boolean;
  providers?: ReadonlyMap<string, ProviderForRun>;
}

/** What a step log shows as a step's input: its configuration, and the run's input for the start. */
const stepInput = (node: AgentNode | undefined, input: Record<string, unknown>) =>
  node?.type === 'start' ? input : (node?.data ?? null);

/** Starts a run in this process; the returned promise settles once its row is stored. */
async function launch(
  deps: RunDeps,
  scope: OrgScope,
  caller: RunCaller,
  plan: RunPlan,
): Promise<StartedRun> {
  // A published version was checked whole when it was published; what it names may have gone
  // since, which its step then says when it runs. A draft is checked whole now.
  const problems =
    plan.version === null || plan.checked
      ? await graphProblems(deps.db, scope, plan.checked ?? plan.graph)
      : validateGraph(plan.graph);
  if (problems.length > 0) {
    throw httpError('AGENT_GRAPH_INVALID', AGENT_MESSAGES.graphInvalid, {
      graph: problems.map((p) => (p.nodeId ? `${p.nodeId}: ${p.message}` : p.message)),
    });
  }
  await checkBudget(deps, scope);
  if (plan.holdWritesUntil) runJournal(deps.db).holdWrites(plan.holdWritesUntil);
  // The run starts before its row is written: a short run's row is then written once, ended.
  const run = plan.runId
    ? { id: plan.runId, stored: Promise.resolve() }
    : createRun(deps.db, scope, {
        agentId: plan.agentId,
        version: plan.version,
        trigger: plan.trigger,
        callerId: caller.id,
        input: plan.input,
        replayOf: plan.replayOf ?? null,
        replayFrom: plan.replayFrom ?? null,
        conversationId: plan.conversationId ?? null,
      });
  const signal = openRun(run.id, deps.db);
  const nodes = new Map(plan.graph.nodes.map((n) => [n.id, n]));
  // Steps are stored as they end; the run is closed after its last step is stored.
  const steps = stepWriter(deps.db, scope, run.id);
  let finished: RunEvent | null = null;
  const handle = runGraph({
    graph: plan.graph,
    inputs: plan.input,
    executors: createServerExecutors({ deps, scope, caller, providers: plan.providers }),
    signal,
    limits: RUN_LIMITS,
    context: {
      run: { id: run.id, trigger: plan.trigger, agentId: plan.agentId, version: plan.version },
      org: { id: scope.organizationId, name: plan.orgName },
      now: new Date().toISOString(),
    },
    priorOutputs: plan.priorOutputs,
    onEvent: (event: RunEvent) => {
      if (event.type === 'node.finished' || event.type === 'node.failed') {
        const input = stepInput(nodes.get(event.nodeId), plan.input);
        steps.add(event, input);
      }
      if (event.type === 'run.finished') finished = event;
      else publish(run.id, event);
    },
  });
  const done = handle.result.then(async (result) => {
    try {
      // The journal writes a run's steps before its result; a step that could not be stored
      // fails the run even when its result was.
      await Promise.all([steps.flushed(), finishRun(deps.db, run.id, result)]);
    } catch (error) {
      deps.logger.error({ err: error, runId: run.id }, 'storing a run failed');
      await markUnstored(deps.db, run.id).catch(() => {});
    }
    // Subscribers hear that the run finished only once it is stored, so they can read it.
    if (finished) publish(run.id, finished);
    return result;
  });
  // Drain the event stream: onEvent has seen every event already.
  void (async () => {
    for await (const _event of handle.events);
  })();
  const stored = run.stored.catch((error: unknown) => {
    cancelRun(run.id, 'The run could not be stored');
    throw error;
  });
  if (plan.early) stored.catch(() => {});
  else await stored;
  return { runId: run.id, done };
}

export async function startRun(
  deps: RunDeps,
  scope: OrgScope,
  caller: RunCaller,
  agentId: string,
  options: {
    input: Record<string, unknown>;
    draft: boolean;
    trigger: RunTrigger;
    conversationId?: string;
    /** The graph, already read by the caller (chat reads it to check that chat is on). */
    runnable?: RunnableGraph;
    /** Answer before the run's row is written (chat streams at once; the row follows). */
    early?: boolean;
    /** Keep the run's writes back until this settles (a chat's first words). */
    holdWritesUntil?: Promise<unknown>;
    /** Run this queued run (its row exists): the queue's worker. */
    runId?: string;
  },
): Promise<StartedRun> {
  const { graph, version, orgName, providers } =
    options.runnable ?? (await graphFor(deps, scope, agentId, options.draft));
  return launch(deps, scope, caller, {
    early: options.early,
    holdWritesUntil: options.holdWritesUntil,
    agentId,
    version,
    graph,
    orgName,
    providers,
    trigger: options.trigger,
    input: options.input,
    conversationId: options.conversationId,
    runId: options.runId,
  });
}

/** The run and the graph it ran (its version's, or the current draft for a draft run). */
async function pastRun(deps: RunDeps, scope: OrgScope, agentId: string, runId: string) {
  const row = await getRunRow(deps.db, scope, agentId, runId);
  if (!row) throw notFound(RUN_MESSAGES.notFound);
  const { run } = row;
  const current = await graphFor(deps, scope, agentId, true);
  if (run.version === null) return { run, graph: current.graph, orgName: current.orgName };
  const version = await getVersion(deps.db, scope, agentId, run.version);
  if (!version) throw notFound(AGENT_MESSAGES.versionNotFound);
  return { run, graph: version.graph, orgName: current.orgName };
}

/**
 * Runs a failed run again from its failed step: the steps that succeeded before keep their
 * recorded outputs (no model is paid twice), the rest runs.
 */
export async function retryRun(
  deps: RunDeps,
  scope: OrgScope,
  caller: RunCaller,
  agentId: string,
  runId: string,
): Promise<StartedRun> {
  const { run, graph, orgName } = await pastRun(deps, scope, agentId, runId);
  if (run.status !== 'failed') throw httpError('RUN_NOT_RETRYABLE', RUN_MESSAGES.notRetryable);
  return launch(deps, scope, caller, {
    agentId,
    version: run.version,
    graph,
    orgName,
    trigger: run.trigger,
    input: (run.input ?? {}) as Record<string, unknown>,
    priorOutputs: await recordedOutputs(deps.db, runId),
    replayOf: runId,
  });
}

/** Runs one step alone on what a past run recorded before it (its ancestors' outputs). */
export async function runStepAlone(
  deps: RunDeps,
  scope: OrgScope,
  caller: RunCaller,
  agentId: string,
  runId: string,
  nodeId: string,
): Promise<StartedRun> {
  const { run, graph, orgName } = await pastRun(deps, scope, agentId, runId);
  if (!graph.nodes.some((n) => n.id === nodeId)) throw notFound(RUN_MESSAGES.stepNotFound);
  const keep = ancestorsAndSelf(graph, nodeId);
  const recorded = await recordedOutputs(deps.db, runId);
  const priorOutputs = Object.fromEntries(
    Object.entries(recorded).filter(([id]) => id !== nodeId && keep.has(id)),
  );
  const sub: AgentGraph = {
    ...graph,
    nodes: graph.nodes.filter((n) => keep.has(n.id)),
    edges: graph.edges.filter((e) => keep.has(e.source) && keep.has(e.target)),
  };
  return launch(deps, scope, caller, {
    agentId,
    version: run.version,
    graph: sub,
    orgName,
    trigger: 'test',
    input: (run.input ?? {}) as Record<string, unknown>,
    priorOutputs,
    replayOf: runId,
    replayFrom: nodeId,
    checked: graph,
  });
}

function ancestorsAndSelf(graph: AgentGraph, nodeId: string): Set<string> {
  const keep = new Set([nodeId]);
  const queue = [nodeId];
  while (queue.length) {
    const id = queue.shift()!;
    for (const edge of graph.edges) {
      if (edge.target === id && !keep.has(edge.source)) {
        keep.add(edge.source);
        queue.push(edge.source);
      }
    }
  }
  return keep;
}
