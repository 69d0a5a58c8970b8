/**
 * When a schedule fires (cron, fixed interval, once; in its time zone, between its start and end
 * dates) and what the firing loop does with fires that are due: the catch-up policy after
 * downtime and the overlap policy while a run is still going. Pure: every function takes the
 * time it needs (`now`, `after`) instead of reading a clock.
 *
 * Daylight-saving changes follow croner (Vixie cron): a fixed-time job (`30 2 * * *`) in a
 * skipped hour runs at the first valid time after the gap, in a repeated hour once, at the
 * first occurrence; an interval job (every 15 minutes) skips the gap and runs through both
 * passes of a repeated hour.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { Cron } from 'croner';
import type { CatchUpPolicy, OverlapPolicy, ScheduleKind } from '../schemas/schedules.ts';

export interface FireSpec {
  kind: ScheduleKind;
  cron: string | null;
  intervalSeconds: number | null;
  runAt: Date | null;
  timeZone: string;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Where an interval without a start date counts from (the schedule's creation). */
  anchor: Date;
}

const cronCache = new Map<string, Cron>();

function cronFor(expression: string, timeZone: string): Cron {
  const key = `${timeZone} ${expression}`;
  let cron = cronCache.get(key);
  if (!cron) {
    cron = new Cron(expression, { timezone: timeZone, mode: '5-or-6-parts' });
    if (cronCache.size > 5000) cronCache.clear();
    cronCache.set(key, cron);
  }
  return cron;
}

/** Null when the expression is a valid 5- or 6-field cron expression, else croner's reason. */
export function cronProblem(expression: string): string | null {
  try {
    new Cron(expression.trim(), { mode: '5-or-6-parts' });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const inRange = (spec: FireSpec, at: Date) =>
  (!spec.startsAt || at >= spec.startsAt) && (!spec.endsAt || at <= spec.endsAt);

/** The first fire strictly after `after`, or null when there is none left. */
export function nextFireAfter(spec: FireSpec, after: Date): Date | null {
  if (spec.endsAt && after >= spec.endsAt) return null;
  switch (spec.kind) {
    case 'once': {
      const at = spec.runAt;
      return at && at > after && inRange(spec, at) ? at : null;
    }
    case 'interval': {
      const step = (spec.intervalSeconds ?? 0) * 1000;
      if (step <= 0) return null;
      const base = spec.startsAt ?? spec.anchor;
      const first = spec.startsAt ? 0 : 1;
      const k = Math.max(first, Math.floor((after.getTime() - base.getTime()) / step) + 1);
      const at = new Date(base.getTime() + k * step);
      return inRange(spec, at) ? at : null;
    }
    case 'cron': {
      if (!spec.cron || cronProblem(spec.cron) !== null) return null;
      const from =
        spec.startsAt && spec.startsAt.getTime() - 1 > after.getTime()
          ? new Date(spec.startsAt.getTime() - 1)
          : after;
      const at = cronFor(spec.cron.trim(), spec.timeZone).nextRun(from);
      return at && inRange(spec, at) ? at : null;
    }
  }
}

/** The next `count` fires after `after`. */
export function nextFires(spec: FireSpec, after: Date, count: number): Date[] {
  const out: Date[] = [];
  let cursor = after;
  while (out.length < count) {
    const at = nextFireAfter(spec, cursor);
    if (!at) break;
    out.push(at);
    cursor = at;
  }
  return out;
}

/** The fires in (from, to], at most `limit`; `more` says whether others follow within `to`. */
export function firesBetween(
  spec: FireSpec,
  from: Date,
  to: Date,
  limit: number,
): { times: Date[]; more: boolean } {
  const times: Date[] = [];
  let cursor = from;
  for (;;) {
    const at = nextFireAfter(spec, cursor);
    if (!at || at > to) return { times, more: false };
    if (times.length === limit) return { times, more: true };
    times.push(at);
    cursor = at;
  }
}

/** The zone's offset from UTC at `at`, in minutes (Paris in summer: 120). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

export interface MarkedFire {
  at: Date;
  offsetMinutes: number;
  /** The zone's offset changed since the previous fire (or since `since`): a DST change. */
  offsetChanged: boolean;
}

/** Fires with their zone offset, marking those after a daylight-saving change. */
export function markOffsetChanges(times: Date[], timeZone: string, since?: Date): MarkedFire[] {
  let previous = since ? zoneOffsetMinutes(since, timeZone) : null;
  return times.map((at) => {
    const offsetMinutes = zoneOffsetMinutes(at, timeZone);
    const offsetChanged = previous !== null && previous !== offsetMinutes;
    previous = offsetMinutes;
    return { at, offsetMinutes, offsetChanged };
  });
}

/** How late a fire may be and still run as on time (not "missed"): the loop's own delays. */
export const ON_TIME_GRACE_MS = 60_000;

export type SkipReason = 'missed' | 'caught_up' | 'catch_up_limit';

export interface DuePlan {
  /** Fires to record as pending (each will enqueue one run). */
  run: Date[];
  /** Fires to record as skipped, with why. */
  skip: { at: Date; reason: SkipReason }[];
}

/**
 * What to do with the fires that came due (ascending, all ≤ now). Those less than `graceMs` late
 * run; older ones were missed (the server was down) and the catch-up policy decides: `skip`
 * runs none of them, `once` runs the latest for all, `all` runs the latest `limit`.
 */
export function planDueFires(
  due: Date[],
  now: Date,
  policy: CatchUpPolicy,
  limit: number,
  graceMs = ON_TIME_GRACE_MS,
): DuePlan {
  const onTime = due.filter((at) => now.getTime() - at.getTime() <= graceMs);
  const missed = due.filter((at) => now.getTime() - at.getTime() > graceMs);
  const plan: DuePlan = { run: [], skip: [] };
  if (policy === 'skip') {
    plan.skip = missed.map((at) => ({ at, reason: 'missed' }));
  } else if (policy === 'once') {
    const last = missed.at(-1);
    plan.skip = missed.slice(0, -1).map((at) => ({ at, reason: 'caught_up' }));
    if (last) plan.run.push(last);
  } else {
    const keep = Math.max(0, missed.length - limit);
    plan.skip = missed.slice(0, keep).map((at) => ({ at, reason: 'catch_up_limit' }));
    plan.run.push(...missed.slice(keep));
  }
  plan.run.push(...onTime);
  return plan;
}

export type OverlapAction = 'run' | 'skip' | 'wait';

/**
 * What a claimed fire does while an earlier run of its schedule is still going: `skip` drops
 * it, `queue` waits for that run to end, `allow` runs alongside.
 */
export function overlapDecision(
  policy: OverlapPolicy,
  previousStillRunning: boolean,
): OverlapAction {
  if (!previousStillRunning || policy === 'allow') return 'run';
  return policy === 'skip' ? 'skip' : 'wait';
}
