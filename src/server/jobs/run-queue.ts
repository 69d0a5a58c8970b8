/**
 * Async runs through the queue (AGENTS.md, "Queue and processes"). `enqueueRun` checks the
 * agent and the budget, stores the run `queued` and sends its job; a worker (in every server
 * process unless RUN_WORKER=false, and in `npm run worker`) claims it under the organisation's
 * and the agent's concurrency limits and runs it through runs.service.
 *
 * Exactly once: a job only runs its run after moving it from `queued` to `running` in the
 * database, so a job sent twice or retried after its run started runs nothing. A job whose
 * process ended mid-run expires and is retried; that attempt takes the run over and runs it again
 * from the start. A run over a limit waits: briefly in the worker, then as a job sent again for a
 * little later, so one busy organisation never holds every worker.
 */
import type { PgBoss, Job, JobResult } from 'pg-boss';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { agents } from '../db/schema/index.ts';
import type { OrgScope } from '../http/records.ts';
import { HttpError } from '../http/errors.ts';
import {
  graphFor,
  startRun,
  type RunCaller,
  type RunDeps,
  type RunnableGraph,
} from '../modules/agents/runs/runs.service.ts';
import { getVersion } from '../modules/agents/agent-versions.ts';
import { checkBudget } from '../modules/agents/runs/run-budget.ts';
import { forLog } from '../modules/agents/runs/run-store.ts';
import { runJournal } from '../modules/agents/runs/run-journal.ts';
import {
  claimQueuedRun,
  claimQueuedRuns,
  failClaimedRun,
  releaseRun,
  type Claim,
} from '../modules/agents/runs/run-limits.ts';
import { runFailed } from '../notifications/agent-events.ts';
import { RUN_LIMITS, type RunTrigger } from '../../shared/schemas/runs.ts';
import type { JobQueue } from './queue.ts';
import { randomUUID } from 'node:crypto';

export const RUN_QUEUE = 'agent-runs';

const QUEUE_SETTINGS = {
  retryLimit: 2,
  retryDelay: 1,
  retryBackoff: true,
  // A run may last RUN_LIMITS.runTimeoutMs; its job expires (and is retried) only past that.
  expireInSeconds: Math.ceil((RUN_LIMITS.runTimeoutMs * 1.5) / 1000),
  deleteAfterSeconds: 24 * 60 * 60,
};

/**
 * How a worker takes jobs: batches, two fetch loops. NOTIFY wakes them for a new job; retries and
 * runs sent again for later wake nobody, so the poll stays short. While fetches come back full
 * there is a backlog: the next fetch follows at once instead of after the poll (without it a
 * worker drained at most two batches per poll, 100 runs/s).
 */
const WORK = {
  batchSize: 25,
  localConcurrency: 2,
  pollingIntervalSeconds: 0.5,
  notifyPollingIntervalSeconds: 0.5,
  burstWhenBatchFull: true,
};
/** A run over a limit: tries again in the worker this often, this many times, then re-sent. */
const WAIT = { everyMs: 100, tries: 20, maxDelayMs: 5_000 };

export interface RunJob {
  runId: string;
  organizationId: string;
  agentId: string;
  callerId: string | null;
  callerEmail: string | null;
  input: Record<string, unknown>;
  draft: boolean;
  trigger: RunTrigger;
  notifyOnFailure: boolean;
  /** How many times it was sent again because a limit was reached. */
  waits?: number;
}

export interface RunWorkerOptions {
  /** Called before a claimed run starts (tests make an attempt fail here). */
  beforeRun?: (job: { runId: string; attempt: number }) => void | Promise<void>;
}

interface RunQueue {
  queue: JobQueue;
  deps: RunDeps;
  options: RunWorkerOptions;
  /** Starts this process's worker (once), unless the process does not work the queue. */
  work(): Promise<void>;
}

const registry = new WeakMap<Database, RunQueue>();

async function boss(runQueue: RunQueue): Promise<PgBoss> {
  const started = await runQueue.queue.ready(RUN_QUEUE, QUEUE_SETTINGS);
  await runQueue.work();
  return started;
}

/** One run to queue. */
export interface RunRequest {
  scope: OrgScope;
  caller: RunCaller;
  agentId: string;
  input: Record<string, unknown>;
  trigger: RunTrigger;
  draft?: boolean;
  /** Tell the caller (or, with none, the admins) when the run fails; default: true. */
  notifyOnFailure?: boolean;
  /** Not before this time (a retry's delay, a schedule's catch-up). */
  startAfter?: Date;
  /** The run's id, chosen by the caller (a schedule's fire: its retry finds the run). */
  runId?: string;
}

export type Enqueued = { ok: true; runId: string } | { ok: false; error: unknown };

/** Remembers `load(key)` per key for one batch: each agent and organisation is read once. */
function oncePerKey<T>(load: (key: string) => Promise<T>) {
  const seen = new Map<string, Promise<T>>();
  return (key: string) => {
    let found = seen.get(key);
    if (!found) {
      found = load(key);
      found.catch(() => {});
      seen.set(key, found);
    }
    return found;
  };
}

/**
 * Stores runs `queued` and sends their jobs in one insert; answers each run's id, or why it was
 * refused at once (what would fail anyway: an unknown or unpublished agent, 404 and 409; a
 * used-up budget, 402). Each agent's graph and each organisation's budget is read once.
 */
export async function enqueueRuns(deps: RunDeps, requests: RunRequest[]): Promise<Enqueued[]> {
  const runQueue = registry.get(deps.db);
  if (!runQueue) throw new Error('The run queue is not started for this database');
  const byKey = new Map(requests.map((r) => [keyOf(r), r]));
  const versionOf = oncePerKey(async (key) => {
    const r = byKey.get(key)!;
    return (await graphFor(deps, r.scope, r.agentId, r.draft ?? false)).version;
  });
  const budgetOf = oncePerKey((organizationId) => checkBudget(deps, { organizationId }));
  const checked = await Promise.all(
    requests.map(async (r) => {
      try {
        const version = await versionOf(keyOf(r));
        await budgetOf(r.scope.organizationId);
        return { request: r, version, runId: r.runId ?? randomUUID() };
      } catch (error) {
        return { error };
      }
    }),
  );
  const accepted = checked.filter((c) => c.request !== undefined);
  if (accepted.length === 0) return checked.map((c) => ({ ok: false, error: c.error }));
  const started = await boss(runQueue);
  const journal = runJournal(deps.db);
  await Promise.all(
    accepted.map(({ request: r, version, runId }) =>
      journal.addRun({
        id: runId,
        organizationId: r.scope.organizationId,
        agentId: r.agentId,
        version,
        trigger: r.trigger,
        callerId: r.caller.id,
        input: forLog(r.input).value,
        status: 'queued',
      }),
    ),
  );
  const jobs = accepted.map(({ request: r, runId }) => {
    const data: RunJob = {
      runId,
      organizationId: r.scope.organizationId,
      agentId: r.agentId,
      callerId: r.caller.id,
      callerEmail: r.caller.email,
      input: r.input,
      draft: r.draft ?? false,
      trigger: r.trigger,
      notifyOnFailure: r.notifyOnFailure ?? true,
    };
    return r.startAfter ? { data, startAfter: r.startAfter } : { data };
  });
  try {
    await started.insert(RUN_QUEUE, jobs);
  } catch (error) {
    await Promise.all(
      accepted.map((a) =>
        failClaimedRun(deps.db, a.runId, 'The run could not be queued').catch(() => {}),
      ),
    );
    throw error;
  }
  return checked.map((c) =>
    c.request ? { ok: true, runId: c.runId } : { ok: false, error: c.error },
  );
}

const keyOf = (r: RunRequest) =>
  `${r.scope.organizationId}/${r.agentId}/${r.draft ? 'draft' : 'published'}`;

/** Stores one run `queued` and sends its job (`enqueueRuns` of one); throws when refused. */
export async function enqueueRun(
  deps: RunDeps,
  scope: OrgScope,
  caller: RunCaller,
  agentId: string,
  options: Omit<RunRequest, 'scope' | 'caller' | 'agentId'>,
): Promise<{ runId: string }> {
  const [result] = await enqueueRuns(deps, [{ scope, caller, agentId, ...options }]);
  if (!result!.ok) throw result!.error;
  return { runId: result!.runId };
}

/** The graph a queued run was queued with (its version, even if another was published since). */
async function runnableFor(deps: RunDeps, job: RunJob, version: number | null) {
  const scope = { organizationId: job.organizationId };
  const current = await graphFor(deps, scope, job.agentId, job.draft);
  if (job.draft || version === null || current.version === version) return current;
  const past = await getVersion(deps.db, scope, job.agentId, version);
  if (!past) return current;
  return { ...current, graph: past.graph, version } satisfies RunnableGraph;
}

async function tellFailure(deps: RunDeps, job: RunJob, error: string) {
  if (!job.notifyOnFailure) return;
  const [agent] = await deps.db
    .select({ name: agents.name })
    .from(agents)
    .where(eq(agents.id, job.agentId));
  await runFailed(deps.db, deps, {
    organizationId: job.organizationId,
    agentId: job.agentId,
    agentName: agent?.name ?? '',
    runId: job.runId,
    callerId: job.callerId,
    error,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One job: its run as claimed with its batch (waiting a little for a free slot when a limit is
 * reached), run, a failure told.
 */
async function handle(
  runQueue: RunQueue,
  started: PgBoss,
  job: Job<RunJob>,
  first: Claim,
  options: RunWorkerOptions,
): Promise<JobResult> {
  const { deps } = runQueue;
  const data = job.data;
  const run = { id: data.runId, organizationId: data.organizationId, agentId: data.agentId };
  let claim = first;
  for (let tries = 1; claim.outcome === 'full' && tries < WAIT.tries; tries += 1) {
    await sleep(WAIT.everyMs);
    claim = await claimQueuedRun(deps.db, run);
  }
  if (claim.outcome === 'gone') return { id: job.id, status: 'completed' };
  if (claim.outcome === 'full') {
    const waits = (data.waits ?? 0) + 1;
    const delay = Math.min(WAIT.everyMs * 2 ** Math.min(waits, 10), WAIT.maxDelayMs);
    await started.send(RUN_QUEUE, { ...data, waits }, { startAfter: new Date(Date.now() + delay) });
    return { id: job.id, status: 'completed' };
  }
  try {
    await options.beforeRun?.({ runId: data.runId, attempt: job.retryCount });
    const scope = { organizationId: data.organizationId };
    const caller: RunCaller = { id: data.callerId, email: data.callerEmail };
    const runnable = await runnableFor(deps, data, claim.version);
    const runStarted = await startRun(deps, scope, caller, data.agentId, {
      input: data.input,
      draft: data.draft,
      trigger: data.trigger,
      runnable,
      runId: data.runId,
    });
    const result = await runStarted.done;
    if (result.status === 'failed') {
      await tellFailure(deps, data, result.error?.message ?? 'failed').catch((error: unknown) =>
        deps.logger.warn({ err: error, runId: data.runId }, 'run.failed notification failed'),
      );
    }
    return { id: job.id, status: 'completed' };
  } catch (error) {
    if (error instanceof HttpError) {
      // The agent, its graph or the budget refuses the run: trying again would not help.
      await failClaimedRun(deps.db, data.runId, error.message);
      await tellFailure(deps, data, error.message).catch(() => {});
      return { id: job.id, status: 'completed' };
    }
    deps.logger.warn({ err: error, runId: data.runId }, 'queued run: attempt failed');
    await releaseRun(deps.db, data.runId).catch(() => {});
    return { id: job.id, status: 'failed', output: { message: String(error) } };
  }
}

/** A batch of jobs: their runs claimed per organisation in one go, then each run. */
async function handleBatch(runQueue: RunQueue, started: PgBoss, jobs: Job<RunJob>[]) {
  const byOrg = new Map<string, Job<RunJob>[]>();
  for (const job of jobs) {
    const list = byOrg.get(job.data.organizationId) ?? [];
    list.push(job);
    byOrg.set(job.data.organizationId, list);
  }
  const claims = new Map<string, Claim>();
  await Promise.all(
    [...byOrg].map(async ([organizationId, list]) => {
      try {
        const got = await claimQueuedRuns(
          runQueue.deps.db,
          organizationId,
          list.map((job) => ({ id: job.data.runId, takeOver: job.retryCount > 0 })),
        );
        for (const [id, claim] of got) claims.set(id, claim);
      } catch (error) {
        runQueue.deps.logger.warn({ err: error }, 'queued runs: claiming failed');
      }
    }),
  );
  return Promise.all(
    jobs.map((job): Promise<JobResult> => {
      const claim = claims.get(job.data.runId);
      // Not claimed (the database failed): the job fails and is retried.
      if (!claim) return Promise.resolve({ id: job.id, status: 'failed' });
      return handle(runQueue, started, job, claim, runQueue.options);
    }),
  );
}

/**
 * Registers the run queue of a database. With `working`, this process works the queue: at once
 * when `eager` (PostgreSQL: other processes send jobs), otherwise from the first job it sends.
 */
export async function startRunQueue(
  deps: RunDeps,
  queue: JobQueue,
  options: { working: boolean; eager: boolean } & RunWorkerOptions,
): Promise<void> {
  let working: Promise<void> | null = null;
  const runQueue: RunQueue = {
    queue,
    deps,
    options,
    work() {
      if (!options.working) return Promise.resolve();
      working ??= (async () => {
        const started = await queue.ready(RUN_QUEUE, QUEUE_SETTINGS);
        await started.work<RunJob>(
          RUN_QUEUE,
          { ...WORK, perJobResults: true },
          (jobs: Job<RunJob>[]) => handleBatch(runQueue, started, jobs),
        );
      })();
      working.catch(() => (working = null));
      return working;
    },
  };
  registry.set(deps.db, runQueue);
  if (options.eager) await runQueue.work();
}

/** This process's worker options for a database (tests set `beforeRun`). */
export function runWorkerOptions(db: Database): RunWorkerOptions {
  const runQueue = registry.get(db);
  if (!runQueue) throw new Error('The run queue is not started for this database');
  return runQueue.options;
}
