/**
 * What schedules did and will do: a schedule's fires with their runs, "run now" (a fire at
 * this instant), the calendar of a date range (computed upcoming fires, stored past fires),
 *
 */
import { and, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { agentRuns, agents, scheduleFires, schedules } from '../../../db/schema/index.ts';
import { HttpError, httpError } from '../../../http/errors.ts';
import type { OrgScope } from '../../../http/records.ts';
import {
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES as M,
  type CalendarDto,
  type CalendarEntry,
  type CalendarQuery,
  type ScheduleFireDto,
} from '../../../../shared/schemas/schedules.ts';
import { firesBetween } from '../../../../shared/schedules/next-fires.ts';
import type { RunDeps } from '../runs/runs.service.ts';
import { fireSpecOf } from './schedules.service.ts';
import { startFire } from './schedule-firing.ts';

const runBrief = {
  runId: agentRuns.id,
  runStatus: agentRuns.status,
  runError: agentRuns.error,
  runDuration: sql<
    number | null
  >`(extract(epoch from (${agentRuns.finishedAt} - ${agentRuns.startedAt})) * 1000)::int`,
};

type BriefRow = {
  runId: string | null;
  runStatus: (typeof agentRuns.$inferSelect)['status'] | null;
  runError: string | null;
  runDuration: number | null;
};

const briefOf = (r: BriefRow) =>
  r.runId && r.runStatus
    ? {
        id: r.runId,
        status: r.runStatus,
        error: r.runError,
        durationMs: r.runDuration === null ? null : Number(r.runDuration),
      }
    : null;

/** A schedule's fires, newest first (at most `limit`). */
export async function listFires(
  db: Database,
  scope: OrgScope,
  scheduleId: string,
  limit = 100,
): Promise<ScheduleFireDto[]> {
  const rows = await db
    .select({ fire: scheduleFires, ...runBrief })
    .from(scheduleFires)
    .leftJoin(agentRuns, eq(agentRuns.id, scheduleFires.runId))
    .where(
      and(
        eq(scheduleFires.organizationId, scope.organizationId),
        eq(scheduleFires.scheduleId, scheduleId),
      ),
    )
    .orderBy(desc(scheduleFires.fireAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.fire.id,
    fireAt: r.fire.fireAt.toISOString(),
    status: r.fire.status,
    reason: r.fire.reason,
    firedAt: r.fire.firedAt?.toISOString() ?? null,
    run: briefOf(r),
  }));
}

/** Runs a schedule now, outside its timing: a fire at this instant, claimed at once. */
export async function runScheduleNow(deps: RunDeps, scope: OrgScope, scheduleId: string) {
  const [found] = await deps.db
    .select({ schedule: schedules, agentName: agents.name })
    .from(schedules)
    .innerJoin(agents, and(eq(agents.id, schedules.agentId), isNull(agents.deletedAt)))
    .where(and(eq(schedules.organizationId, scope.organizationId), eq(schedules.id, scheduleId)));
  if (!found) return null;
  const now = new Date();
  const [fire] = await deps.db
    .insert(scheduleFires)
    .values({
      organizationId: scope.organizationId,
      scheduleId,
      fireAt: now,
      status: 'enqueued',
      reason: 'manual',
      firedAt: now,
    })
    .returning();
  const started = await startFire(deps, fire!.id, found.schedule);
  if (started.ok) return { runId: started.runId };
  // The queue's other refusals (a used-up budget, …) say why; the rest: not runnable.
  const error = started.error;
  if (error instanceof HttpError && error.code !== 'AGENT_NOT_PUBLISHED') throw error;
  throw httpError('AGENT_NOT_PUBLISHED', M.agentNotPublished);
}

/**
 * The calendar of [from, to]: the stored fires (past, with their runs) and the fires computed
 * from now on, of the enabled schedules of live agents, by agent and project.
 */
export async function calendar(
  db: Database,
  scope: OrgScope,
  query: CalendarQuery,
  now = new Date(),
): Promise<CalendarDto> {
  const from = new Date(query.from);
  const to = new Date(query.to);
  const days = (to.getTime() - from.getTime()) / 86_400_000;
  if (!(days > 0) || days > SCHEDULE_LIMITS.maxCalendarDays) {
    throw httpError('VALIDATION_ERROR', M.calendarRange, { to: [M.calendarRange] });
  }
  const where: SQL[] = [eq(schedules.organizationId, scope.organizationId)];
  if (query.agentId) where.push(eq(schedules.agentId, query.agentId));
  if (query.projectId) where.push(eq(agents.projectId, query.projectId));
  const list = await db
    .select({ schedule: schedules, agentName: agents.name })
    .from(schedules)
    .innerJoin(agents, and(eq(agents.id, schedules.agentId), isNull(agents.deletedAt)))
    .where(and(...where));
  if (list.length === 0) return { items: [], truncated: false };
  const byId = new Map(list.map((r) => [r.schedule.id, r]));
  const head = (id: string) => {
    const { schedule, agentName } = byId.get(id)!;
    return {
      scheduleId: id,
      scheduleName: schedule.name,
      agentId: schedule.agentId,
      agentName,
      kind: schedule.kind,
    };
  };
  const past = await db
    .select({ fire: scheduleFires, ...runBrief })
    .from(scheduleFires)
    .leftJoin(agentRuns, eq(agentRuns.id, scheduleFires.runId))
    .where(
      and(
        eq(scheduleFires.organizationId, scope.organizationId),
        inArray(scheduleFires.scheduleId, [...byId.keys()]),
        gte(scheduleFires.fireAt, from),
        lte(scheduleFires.fireAt, to),
      ),
    )
    .orderBy(scheduleFires.fireAt)
    .limit(SCHEDULE_LIMITS.maxCalendarFires);
  const items: CalendarEntry[] = past.map((r) => ({
    ...head(r.fire.scheduleId),
    at: r.fire.fireAt.toISOString(),
    state: r.fire.status,
    reason: r.fire.reason,
    run: briefOf(r),
  }));
  let truncated = false;
  const upcomingFrom = new Date(Math.max(from.getTime(), now.getTime()));
  for (const { schedule } of list) {
    if (!schedule.enabled || !schedule.nextFireAt) continue;
    const start = new Date(Math.max(upcomingFrom.getTime(), schedule.nextFireAt.getTime() - 1));
    const room = SCHEDULE_LIMITS.maxCalendarFires - items.length;
    const { times, more } = firesBetween(fireSpecOf(schedule), start, to, Math.max(0, room));
    truncated ||= more;
    for (const at of times) {
      items.push({
        ...head(schedule.id),
        at: at.toISOString(),
        state: 'upcoming',
        reason: null,
        run: null,
      });
    }
  }
  items.sort((a, b) => a.at.localeCompare(b.at));
  return { items, truncated };
}
