import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '../../../shared/schemas/schedules';
import {
  agentHue,
  entriesOfDay,
  entriesOfHour,
  entryTone,
  isMovable,
  movedRunAt,
  stepAnchor,
  viewDays,
  viewRange,
} from './calendar-logic';

const entry = (over: Partial<CalendarEntry>): CalendarEntry => ({
  scheduleId: 's',
  scheduleName: 'Daily',
  agentId: 'a',
  agentName: 'Agent',
  kind: 'cron',
  at: new Date(2026, 10, 27, 9, 30).toISOString(),
  state: 'upcoming',
  reason: null,
  run: null,
  ...over,
});

describe('calendar views', () => {
  it('a month shows whole weeks from Monday, covering every day of the month', () => {
    const days = viewDays('month', new Date(2026, 1, 14));
    expect(days.length % 7).toBe(0);
    expect(days[0]!.getDay()).toBe(1);
    expect(days.some((d) => d.getMonth() === 1 && d.getDate() === 1)).toBe(true);
    expect(days.some((d) => d.getMonth() === 1 && d.getDate() === 28)).toBe(true);
  });

  it('a week is seven days from Monday, a day one, a list two weeks', () => {
    const week = viewDays('week', new Date(2026, 10, 27)); // a Friday
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual(new Date(2026, 10, 23));
    expect(viewDays('day', new Date(2026, 10, 27, 15))).toEqual([new Date(2026, 10, 27)]);
    expect(viewDays('list', new Date(2026, 10, 27))).toHaveLength(14);
    const { from, to } = viewRange('week', new Date(2026, 10, 27));
    expect(to.getTime() - from.getTime()).toBeGreaterThanOrEqual(7 * 86_400_000 - 3_600_000);
  });

  it('steps by a month, a week, a day', () => {
    expect(stepAnchor('month', new Date(2026, 0, 31), 1)).toEqual(new Date(2026, 1, 1));
    expect(stepAnchor('week', new Date(2026, 10, 27), -1)).toEqual(new Date(2026, 10, 20));
    expect(stepAnchor('day', new Date(2026, 10, 27), 1)).toEqual(new Date(2026, 10, 28));
  });
});

describe('calendar entries', () => {
  it('sorts entries into days and hours', () => {
    const list = [entry({}), entry({ at: new Date(2026, 10, 28, 9, 30).toISOString() })];
    expect(entriesOfDay(list, new Date(2026, 10, 27))).toHaveLength(1);
    expect(entriesOfHour(list, new Date(2026, 10, 27), 9)).toHaveLength(1);
    expect(entriesOfHour(list, new Date(2026, 10, 27), 10)).toHaveLength(0);
  });

  it('colours by the run’s outcome', () => {
    expect(entryTone(entry({}))).toBe('upcoming');
    expect(entryTone(entry({ state: 'skipped' }))).toBe('skipped');
    const run = { id: 'r', status: 'failed' as const, durationMs: 5, error: 'x' };
    expect(entryTone(entry({ state: 'enqueued', run }))).toBe('failed');
    expect(entryTone(entry({ state: 'enqueued', run: { ...run, status: 'queued' } }))).toBe(
      'running',
    );
    expect(agentHue('agent-1')).toBe(agentHue('agent-1'));
    expect(agentHue('agent-1')).not.toBe(agentHue('agent-2'));
  });

  it('moves a one-time fire to the dropped day (and hour), keeping its minutes', () => {
    const original = new Date(2026, 10, 27, 9, 30);
    expect(movedRunAt(original, new Date(2026, 11, 2))).toEqual(new Date(2026, 11, 2, 9, 30));
    expect(movedRunAt(original, new Date(2026, 11, 2), 14)).toEqual(new Date(2026, 11, 2, 14, 30));
    expect(isMovable(entry({ kind: 'once' }))).toBe(true);
    expect(isMovable(entry({ kind: 'cron' }))).toBe(false);
    expect(isMovable(entry({ kind: 'once', state: 'enqueued' }))).toBe(false);
  });
});
