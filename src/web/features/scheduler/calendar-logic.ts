/**
 * The calendar's arithmetic, in the browser's time zone: the range each view shows, its days,
 * the entries of a day or an hour, the colours of statuses and agents, and where a dragged
 * one-time fire lands.
 */
import type { CalendarEntry } from '../../../shared/schemas/schedules';

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const DAY = 86_400_000;

export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
export const addDays = (d: Date, n: number) =>
  new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, d.getHours(), d.getMinutes());
export const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

/** The first day of the week holding `d` (weeks start on `weekStart`, 1 = Monday). */
export function startOfWeek(d: Date, weekStart = 1): Date {
  const day = startOfDay(d);
  const back = (day.getDay() - weekStart + 7) % 7;
  return addDays(day, -back);
}

/** The days a view shows around `anchor`: whole weeks for the month, 7 for a week, 1 for a day. */
export function viewDays(view: CalendarView, anchor: Date, weekStart = 1): Date[] {
  if (view === 'day') return [startOfDay(anchor)];
  if (view === 'week') {
    const first = startOfWeek(anchor, weekStart);
    return Array.from({ length: 7 }, (_, i) => addDays(first, i));
  }
  if (view === 'list') {
    const first = startOfDay(anchor);
    return Array.from({ length: 14 }, (_, i) => addDays(first, i));
  }
  const firstOfMonth = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const first = startOfWeek(firstOfMonth, weekStart);
  const lastOfMonth = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const weeks = Math.ceil(((lastOfMonth.getTime() - first.getTime()) / DAY + 1) / 7);
  return Array.from({ length: Math.max(weeks, 4) * 7 }, (_, i) => addDays(first, i));
}

/** The [from, to) the server is asked for. */
export function viewRange(view: CalendarView, anchor: Date, weekStart = 1) {
  const days = viewDays(view, anchor, weekStart);
  return { from: days[0]!, to: addDays(days.at(-1)!, 1) };
}

/** The anchor after stepping a view forward (+1) or back (-1). */
export function stepAnchor(view: CalendarView, anchor: Date, direction: 1 | -1): Date {
  if (view === 'month') return new Date(anchor.getFullYear(), anchor.getMonth() + direction, 1);
  if (view === 'week') return addDays(anchor, 7 * direction);
  if (view === 'list') return addDays(anchor, 14 * direction);
  return addDays(anchor, direction);
}

export const entriesOfDay = (entries: CalendarEntry[], day: Date) =>
  entries.filter((e) => sameDay(new Date(e.at), day));

export const entriesOfHour = (entries: CalendarEntry[], day: Date, hour: number) =>
  entriesOfDay(entries, day).filter((e) => new Date(e.at).getHours() === hour);

/** What an entry's colour says: upcoming, or its run's outcome (or why it was skipped). */
export type EntryTone = 'upcoming' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'skipped';

export function entryTone(entry: CalendarEntry): EntryTone {
  if (entry.state === 'upcoming' || entry.state === 'pending') return 'upcoming';
  if (entry.state === 'skipped') return 'skipped';
  const status = entry.run?.status ?? 'queued';
  return status === 'queued' ? 'running' : status;
}

/** The MUI palette colour of each tone. */
export const TONE_COLOURS: Record<EntryTone, 'info' | 'warning' | 'success' | 'error' | 'grey'> = {
  upcoming: 'info',
  running: 'warning',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'grey',
  skipped: 'grey',
};

/** A stable hue per agent (its stripe on each entry). */
export function agentHue(agentId: string): number {
  let hash = 0;
  for (const char of agentId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/**
 * Where a one-time fire dropped on `day` (and `hour`, in the week and day views) runs: the same
 * minutes, on that day and hour (the old hour when the drop names none).
 */
export function movedRunAt(original: Date, day: Date, hour?: number): Date {
  return new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    hour ?? original.getHours(),
    original.getMinutes(),
    original.getSeconds(),
  );
}

/** Only upcoming one-time fires can be dragged. */
export const isMovable = (entry: CalendarEntry) =>
  entry.kind === 'once' && entry.state === 'upcoming';
