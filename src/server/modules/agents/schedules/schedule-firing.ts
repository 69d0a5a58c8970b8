/**
 * The firing loop (AGENTS.md, "Scheduler"), safe with any number of processes:
 * 1. advance: due schedules are locked `FOR UPDATE SKIP LOCKED`; their due fires are inserted
 *    (unique on schedule and time, `ON CONFLICT DO NOTHING`) as the catch-up policy says, and
 *    `next_fire_at` moves on;
 * 2. claim: pending fires are claimed `FOR UPDATE SKIP LOCKED` (pending → enqueued in one
 *    statement), the overlap policy applied, and each claimed fire enqueues one run;
 * 3. failures: a failed run is retried as the schedule says, then its author is told;
 * 4. reclaim: a fire claimed by a process that died before its run was queued goes back to pending.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/raw-rows.ts';
import { agentRuns, agents, scheduleFires, schedules } from '../../../db/schema/index.ts';
import { scheduledRunFailed } from '../../../notifications/agent-events.ts';
import {
  firesBetween,
  nextFireAfter,
  overlapDecision,
  planDueFires,
} from '../../../../shared/schedules/next-fires.ts';
import type { RunDeps } from '../runs/runs.service.ts';
import { fireSpecOf, type ScheduleRow } from './schedules.service.ts';
import { enqueueScheduledRuns } from './schedule-enqueue.ts';
import type { Enqueued } from '../../../jobs/run-queue.ts';

/** Fires looked at per schedule and tick; older missed ones beyond it are passed over. */
const MAX_DUE_PER_SCHEDULE = 1000;
/** Skipped fires kept per schedule and tick (the history needs the latest, not thousands). */
const MAX_SKIPPED_ROWS = 50;
const SCHEDULES_PER_TICK = 500;
const FIRES_PER_TICK = 500;
/** A claimed fire whose run has not started after this long was claimed by a dead process. */
const STALE_CLAIM_SECONDS = 20;

type Db = Database;

/** Inserts the due fires of due schedules and moves their next fire on; returns fires added. */
export async function advanceDueSchedules(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(schedules)
      .where(and(eq(schedules.enabled, true), sql`${schedules.nextFireAt} <= ${now}`))
      .orderBy(schedules.nextFireAt)
      .limit(SCHEDULES_PER_TICK)
      .for('update', { skipLocked: true });
    const rows: (typeof scheduleFires.$inferInsert)[] = [];
    const nexts: { id: string; next: Date | null }[] = [];
    for (const schedule of due) {
      const spec = fireSpecOf(schedule);
      const from = new Date(schedule.nextFireAt!.getTime() - 1);
      const { times } = firesBetween(spec, from, now, MAX_DUE_PER_SCHEDULE);
      const plan = planDueFires(times, now, schedule.catchUp, schedule.catchUpLimit);
      const base = { organizationId: schedule.organizationId, scheduleId: schedule.id };
      for (const at of plan.run) rows.push({ ...base, fireAt: at });
      for (const { at, reason } of plan.skip.slice(-MAX_SKIPPED_ROWS)) {
        rows.push({ ...base, fireAt: at, status: 'skipped', reason, firedAt: now });
      }
      nexts.push({ id: schedule.id, next: nextFireAfter(spec, now) });
    }
    if (rows.length) {
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insert(scheduleFires)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing();
      }
    }
    if (nexts.length) {
      const values = JSON.stringify(
        nexts.map((n) => ({ id: n.id, next: n.next?.toISOString() ?? null })),
      );
      await tx.execute(sql`
        update ${schedules} set next_fire_at = v.next
        from json_to_recordset(${values}::json) as v(id uuid, next timestamptz)
        where ${schedules.id} = v.id`);
    }
    return rows.length;
  });
}

type Claimed = { id: string; scheduleId: string; organizationId: string; fireAt: Date };

/** Claims due pending fires for this process (no other process can claim them). */
async function claimFires(db: Db, now: Date): Promise<Claimed[]> {
  type Row = { id: string; schedule_id: string; organization_id: string; fire_at: string | Date };
  const result = await db.execute(sql`
    update ${scheduleFires} set status = 'enqueued', fired_at = now()
    where id in (
      select id from ${scheduleFires}
      where status = 'pending' and fire_at <= ${now}
      order by fire_at limit ${FIRES_PER_TICK}
      for update skip locked)
    returning id, schedule_id, organization_id, fire_at`);
  return (result as unknown as { rows: Row[] }).rows
    .map((r) => ({
      id: r.id,
      scheduleId: r.schedule_id,
      organizationId: r.organization_id,
      fireAt: new Date(r.fire_at),
    }))
    .sort((a, b) => a.fireAt.getTime() - b.fireAt.getTime());
}

/** Schedules (of live agents) of the claimed fires, and which of them have a run going. */
async function claimContext(db: Db, scheduleIds: string[]) {
  const rows = await db
    .select({ schedule: schedules, agentName: agents.name, agentDeleted: agents.deletedAt })
    .from(schedules)
    .innerJoin(agents, eq(agents.id, schedules.agentId))
    .where(inArray(schedules.id, scheduleIds));
  const active = await db
    .selectDistinct({ scheduleId: scheduleFires.scheduleId })
    .from(scheduleFires)
    .innerJoin(agentRuns, eq(agentRuns.id, scheduleFires.runId))
    .where(
      and(
        inArray(scheduleFires.scheduleId, scheduleIds),
        inArray(agentRuns.status, ['queued', 'running']),
      ),
    );
  return {
    schedules: new Map(rows.map((r) => [r.schedule.id, r])),
    running: new Set(active.map((a) => a.scheduleId)),
  };
}

const setFire = (db: Db, id: string, values: Partial<typeof scheduleFires.$inferInsert>) =>
  db.update(scheduleFires).set(values).where(eq(scheduleFires.id, id));

type Failed = {
  id: string;
  reason: string;
  run_id: string;
  schedule_id: string;
  organization_id: string;
};

/**
 * Failed runs of fires: each is taken by one process (the fire's `reason` moves on in the same
 * statement): retried while the schedule allows (`retry n`), else told to the schedule's author
 * (`failed`) when the schedule asks for it.
 */
export async function handleFailedRuns(deps: RunDeps): Promise<number> {
  const result = await deps.db.execute(sql`
    update ${scheduleFires} f set reason = case
        when coalesce(substring(f.reason from '^retry ([0-9]+)$')::int, 0) < s.retries
        then 'retry ' || (coalesce(substring(f.reason from '^retry ([0-9]+)$')::int, 0) + 1)
        else 'failed' end
    from ${schedules} s, ${agentRuns} r
    where s.id = f.schedule_id and r.id = f.run_id and f.status = 'enqueued'
      and r.status = 'failed' and f.reason is distinct from 'failed'
    returning f.id, f.reason, f.run_id, f.schedule_id, f.organization_id`);
  const failed = (result as unknown as { rows: Failed[] }).rows;
  if (failed.length === 0) return 0;
  const context = await claimContext(deps.db, [...new Set(failed.map((f) => f.schedule_id))]);
  for (const fire of failed) {
    const found = context.schedules.get(fire.schedule_id);
    if (!found) continue;
    const { schedule, agentName } = found;
    if (fire.reason !== 'failed') {
      await retryFire(deps, fire.id, schedule);
    } else if (schedule.notifyOnFailure && schedule.createdBy) {
      await scheduledRunFailed(deps.db, deps, {
        organizationId: schedule.organizationId,
        agentId: schedule.agentId,
        agentName,
        scheduleName: schedule.name,
        runId: fire.run_id,
        authorId: schedule.createdBy,
      });
    }
  }
  return failed.length;
}

const runOf = (s: ScheduleRow) => ({
  organizationId: s.organizationId,
  agentId: s.agentId,
  callerId: s.createdBy,
  input: (s.input ?? {}) as Record<string, unknown>,
});

/** Logs why a fire's run could not start. */
function notStarted(deps: RunDeps, fireId: string, schedule: ScheduleRow, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  deps.logger.warn({ fireId, scheduleId: schedule.id, err: message }, 'schedule: run not started');
}

/** Enqueues a retry of a fire's failed run (a retry that cannot start leaves the failed run). */
async function retryFire(deps: RunDeps, fireId: string, schedule: ScheduleRow) {
  const [result] = await enqueueScheduledRuns(deps, [runOf(schedule)]);
  if (!result!.ok) return notStarted(deps, fireId, schedule, result!.error);
  await setFire(deps.db, fireId, { runId: result!.runId });
}

/**
 * Starts a fire's first run now (run now): the run takes the fire's id and is recorded; a run
 * that cannot start marks the fire skipped and answers why.
 */
export async function startFire(
  deps: RunDeps,
  fireId: string,
  schedule: ScheduleRow,
): Promise<Enqueued> {
  const [result] = await enqueueScheduledRuns(deps, [{ ...runOf(schedule), runId: fireId }]);
  if (!result!.ok) {
    notStarted(deps, fireId, schedule, result!.error);
    await setFire(deps.db, fireId, { status: 'skipped', reason: 'start_failed' });
  } else {
    await setFire(deps.db, fireId, { runId: result!.runId });
  }
  return result!;
}

/** Claims due fires and starts their runs as the overlap policy says; returns runs started. */
export async function runDueFires(deps: RunDeps, now: Date): Promise<number> {
  const claimed = await claimFires(deps.db, now);
  if (claimed.length === 0) return 0;
  const context = await claimContext(deps.db, [...new Set(claimed.map((c) => c.scheduleId))]);
  const toStart: { fire: Claimed; schedule: ScheduleRow }[] = [];
  const settled: Promise<unknown>[] = [];
  // Fires in time order: a schedule's second fire in one pass sees its first as running.
  for (const fire of claimed) {
    const found = context.schedules.get(fire.scheduleId);
    if (!found || found.agentDeleted || !found.schedule.enabled) {
      settled.push(setFire(deps.db, fire.id, { status: 'skipped', reason: 'paused' }));
      continue;
    }
    const decision = overlapDecision(found.schedule.overlap, context.running.has(fire.scheduleId));
    if (decision === 'skip') {
      settled.push(setFire(deps.db, fire.id, { status: 'skipped', reason: 'overlap' }));
    } else if (decision === 'wait') {
      settled.push(setFire(deps.db, fire.id, { status: 'pending', firedAt: null }));
    } else {
      toStart.push({ fire, schedule: found.schedule });
      context.running.add(fire.scheduleId);
    }
  }
  // One batch of runs; a fire's first run takes the fire's id (see reclaimStaleFires).
  const results = toStart.length
    ? await enqueueScheduledRuns(
        deps,
        toStart.map(({ fire, schedule }) => ({ ...runOf(schedule), runId: fire.id })),
      )
    : [];
  const started: { id: string; runId: string }[] = [];
  toStart.forEach(({ fire, schedule }, i) => {
    const result = results[i]!;
    if (result.ok) {
      started.push({ id: fire.id, runId: result.runId });
      return;
    }
    notStarted(deps, fire.id, schedule, result.error);
    settled.push(setFire(deps.db, fire.id, { status: 'skipped', reason: 'start_failed' }));
  });
  await Promise.all([...settled, recordRuns(deps.db, started)]);
  return started.length;
}

/** Records the runs of many fires in one statement. */
async function recordRuns(db: Db, runs: { id: string; runId: string }[]) {
  for (let i = 0; i < runs.length; i += 1000) {
    const values = JSON.stringify(runs.slice(i, i + 1000));
    await db.execute(sql`
      update ${scheduleFires} set run_id = v."runId"
      from json_to_recordset(${values}::json) as v(id uuid, "runId" uuid)
      where ${scheduleFires.id} = v.id`);
  }
}

/**
 * Claimed fires whose run was not recorded (their process died): the run it enqueued (its id is
 * the fire's) is recorded now; a fire without one goes back to pending.
 */
export async function reclaimStaleFires(db: Db): Promise<void> {
  await db.execute(sql`
    update ${scheduleFires} f set run_id = f.id
    where f.status = 'enqueued' and f.run_id is null
      and f.fired_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})
      and exists (select 1 from ${agentRuns} r where r.id = f.id)`);
  await db.execute(sql`
    update ${scheduleFires} set status = 'pending', fired_at = null
    where status = 'enqueued' and run_id is null
      and fired_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`);
}

/**
 * Whether a pass at `now` has schedules to advance or fires to claim: one read through the two
 * partial indexes, so an idle loop neither opens a transaction nor writes (on the embedded
 * database every statement waits for the one before it, a request's too).
 */
async function dueWork(db: Db, now: Date): Promise<{ schedules: boolean; fires: boolean }> {
  const [row] = await queryRows<{ schedules: boolean; fires: boolean }>(
    db,
    sql`select
      exists (select 1 from ${schedules}
        where ${schedules.enabled} and ${schedules.nextFireAt} <= ${now}) as schedules,
      exists (select 1 from ${scheduleFires}
        where ${scheduleFires.status} = 'pending' and ${scheduleFires.fireAt} <= ${now}) as fires`,
  );
  return { schedules: row?.schedules ?? true, fires: row?.fires ?? true };
}

/** One pass of the loop at `now` (tests pass a fake clock). */
export async function schedulerTick(deps: RunDeps, now = new Date()) {
  const inserted = await advanceDueSchedules(deps.db, now);
  const started = await runDueFires(deps, now);
  const failed = await handleFailedRuns(deps);
  return { inserted, started, failed };
}

/**
 * Runs the loop every `tickMs` until stopped; `stop()` waits for the pass under way, so no
 * claimed fire is left without its run on a graceful shutdown.
 */
export function startScheduler(deps: RunDeps, options: { tickMs?: number } = {}) {
  const tickMs = options.tickMs ?? 250;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let ticks = 0;
  const loop = () => {
    if (stopped) return;
    const pass = async () => {
      const tick = ticks++;
      if (tick % 40 === 0) await reclaimStaleFires(deps.db);
      const now = new Date();
      const due = await dueWork(deps.db, now);
      if (due.schedules) await advanceDueSchedules(deps.db, now);
      // Fires the advance just inserted are due too.
      if (due.schedules || due.fires) await runDueFires(deps, now);
      if (tick % 4 === 0) await handleFailedRuns(deps);
    };
    current = pass()
      .catch((error: unknown) => {
        if (!stopped) deps.logger.error({ err: error }, 'scheduler: a pass failed');
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, tickMs);
      });
  };
  timer = setTimeout(loop, tickMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
