import { describe, expect, it } from 'vitest';
import {
  cronProblem,
  firesBetween,
  markOffsetChanges,
  nextFireAfter,
  nextFires,
  overlapDecision,
  planDueFires,
  zoneOffsetMinutes,
  type FireSpec,
} from './next-fires.ts';
import { scheduleCreateSchema } from '../schemas/schedules.ts';

const spec = (over: Partial<FireSpec>): FireSpec => ({
  kind: 'cron',
  cron: null,
  intervalSeconds: null,
  runAt: null,
  timeZone: 'UTC',
  startsAt: null,
  endsAt: null,
  anchor: new Date('2026-01-01T00:00:00Z'),
  ...over,
});
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const cron = (expression: string, timeZone: string) =>
  spec({ kind: 'cron', cron: expression, timeZone });

describe('cron fires across daylight-saving changes', () => {
  it('Europe/Paris, spring: a daily 02:30 in the skipped hour runs at 03:00 that day', () => {
    const fires = nextFires(cron('30 2 * * *', 'Europe/Paris'), new Date('2026-03-27T12:00Z'), 3);
    expect(iso(fires)).toEqual([
      '2026-03-28T01:30:00.000Z', // 02:30 CET
      '2026-03-29T01:00:00.000Z', // 02:30 does not exist: 03:00 CEST
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
    ]);
  });

  it('Europe/Paris, autumn: a daily 02:30 in the repeated hour runs once, at its first pass', () => {
    const fires = nextFires(cron('30 2 * * *', 'Europe/Paris'), new Date('2026-10-24T12:00Z'), 2);
    expect(iso(fires)).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z']);
  });

  it('Europe/Paris: every 30 minutes skips the missing hour and runs through both passes of the repeated one', () => {
    const spring = nextFires(
      cron('*/30 * * * *', 'Europe/Paris'),
      new Date('2026-03-29T00:15Z'),
      3,
    );
    // 01:30 CET, then 03:00 CEST: 02:00 and 02:30 do not exist.
    expect(iso(spring)).toEqual([
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:30:00.000Z',
    ]);
    const autumn = nextFires(
      cron('*/30 * * * *', 'Europe/Paris'),
      new Date('2026-10-25T00:15Z'),
      4,
    );
    // 02:30 CEST, 02:00 CET, 02:30 CET, 03:00 CET: every real half hour.
    expect(iso(autumn)).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T01:30:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
  });

  it('America/New_York: 09:00 stays 09:00 local when the clocks go forward and back', () => {
    const spring = nextFires(
      cron('0 9 * * *', 'America/New_York'),
      new Date('2026-03-07T00:00Z'),
      2,
    );
    expect(iso(spring)).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z']);
    const autumn = nextFires(
      cron('0 9 * * *', 'America/New_York'),
      new Date('2026-10-31T00:00Z'),
      2,
    );
    expect(iso(autumn)).toEqual(['2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z']);
  });

  it('America/New_York: 01:30 on the night the clocks go back runs once', () => {
    const fires = nextFires(
      cron('30 1 * * *', 'America/New_York'),
      new Date('2026-10-31T12:00Z'),
      2,
    );
    // 01:30 EDT (05:30Z) only; the second 01:30 (EST, 06:30Z) does not run; then 01:30 EST.
    expect(iso(fires)).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
  });

  it('Australia/Sydney: the southern spring moves clocks forward in October, autumn back in April', () => {
    const spring = nextFires(
      cron('30 2 * * *', 'Australia/Sydney'),
      new Date('2026-10-02T00:00Z'),
      3,
    );
    expect(iso(spring)).toEqual([
      '2026-10-02T16:30:00.000Z', // 02:30 AEST
      '2026-10-03T16:00:00.000Z', // 02:30 does not exist on 4 October: 03:00 AEDT
      '2026-10-04T15:30:00.000Z', // 02:30 AEDT
    ]);
    const autumn = nextFires(
      cron('30 2 * * *', 'Australia/Sydney'),
      new Date('2026-04-03T16:00Z'),
      2,
    );
    // 5 April: 02:30 AEDT (first pass, 15:30Z on the 4th) only, then 02:30 AEST.
    expect(iso(autumn)).toEqual(['2026-04-04T15:30:00.000Z', '2026-04-05T16:30:00.000Z']);
  });

  it('marks the fires after an offset change', () => {
    const zone = 'Europe/Paris';
    const fires = nextFires(cron('0 12 * * *', zone), new Date('2026-03-27T13:00Z'), 3);
    const marked = markOffsetChanges(fires, zone);
    expect(marked.map((m) => [m.offsetMinutes, m.offsetChanged])).toEqual([
      [60, false],
      [120, true],
      [120, false],
    ]);
    expect(zoneOffsetMinutes(new Date('2026-07-01T00:00Z'), 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(new Date('2026-07-01T00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('takes six fields for seconds and rejects nonsense', () => {
    const fires = nextFires(cron('* * * * * *', 'UTC'), new Date('2026-01-01T00:00:00.500Z'), 2);
    expect(iso(fires)).toEqual(['2026-01-01T00:00:01.000Z', '2026-01-01T00:00:02.000Z']);
    expect(cronProblem('0 9 * * 1-5')).toBeNull();
    expect(cronProblem('61 * * * *')).not.toBeNull();
    expect(cronProblem('hello')).not.toBeNull();
    expect(nextFireAfter(cron('hello', 'UTC'), new Date())).toBeNull();
  });
});

describe('start and end dates, intervals and one-time fires', () => {
  it('a cron waits for its start and stops after its end', () => {
    const s = spec({
      cron: '0 * * * *',
      startsAt: new Date('2026-05-01T10:00Z'),
      endsAt: new Date('2026-05-01T12:00Z'),
    });
    const { times, more } = firesBetween(
      s,
      new Date('2026-04-01T00:00Z'),
      new Date('2026-06-01T00:00Z'),
      10,
    );
    expect(iso(times)).toEqual([
      '2026-05-01T10:00:00.000Z',
      '2026-05-01T11:00:00.000Z',
      '2026-05-01T12:00:00.000Z',
    ]);
    expect(more).toBe(false);
  });

  it('an interval counts from its start date, else from its creation', () => {
    const started = spec({
      kind: 'interval',
      intervalSeconds: 90,
      startsAt: new Date('2026-01-01T00:00:00Z'),
    });
    expect(iso(nextFires(started, new Date('2025-12-31T00:00Z'), 2))).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T00:01:30.000Z',
    ]);
    const anchored = spec({ kind: 'interval', intervalSeconds: 60 });
    expect(iso(nextFires(anchored, new Date('2026-01-01T00:00:30Z'), 1))).toEqual([
      '2026-01-01T00:01:00.000Z',
    ]);
    // An interval ignores daylight saving: always the same number of seconds.
    const paris = spec({ kind: 'interval', intervalSeconds: 3600, timeZone: 'Europe/Paris' });
    const across = nextFires(paris, new Date('2026-03-29T00:30Z'), 2);
    expect(across[1]!.getTime() - across[0]!.getTime()).toBe(3_600_000);
  });

  it('a one-time fire happens once, not before now, within its dates', () => {
    const once = spec({ kind: 'once', runAt: new Date('2026-02-01T09:00Z') });
    expect(nextFireAfter(once, new Date('2026-01-31T00:00Z'))?.toISOString()).toBe(
      '2026-02-01T09:00:00.000Z',
    );
    expect(nextFireAfter(once, new Date('2026-02-01T09:00Z'))).toBeNull();
    const ended = spec({ ...once, endsAt: new Date('2026-01-15T00:00Z') });
    expect(nextFireAfter(ended, new Date('2026-01-01T00:00Z'))).toBeNull();
  });

  it('firesBetween stops at its limit and says more follow', () => {
    const { times, more } = firesBetween(
      cron('* * * * *', 'UTC'),
      new Date('2026-01-01T00:00Z'),
      new Date('2026-01-01T01:00Z'),
      5,
    );
    expect(times).toHaveLength(5);
    expect(more).toBe(true);
  });
});

describe('catch-up after downtime (fake clock)', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  // Fires every hour from 07:00 while the server was down, and one 10 s ago (on time).
  const due = [7, 8, 9, 10, 11].map(
    (h) => new Date(`2026-01-01T${String(h).padStart(2, '0')}:00:00Z`),
  );
  due.push(new Date(now.getTime() - 10_000));

  it('skip: the missed fires are recorded as skipped, the on-time one runs', () => {
    const plan = planDueFires(due, now, 'skip', 10);
    expect(plan.run).toEqual([due[5]]);
    expect(plan.skip.map((s) => s.reason)).toEqual(Array(5).fill('missed'));
  });

  it('once: one run for all the missed fires (the latest), plus the on-time one', () => {
    const plan = planDueFires(due, now, 'once', 10);
    expect(plan.run).toEqual([due[4], due[5]]);
    expect(plan.skip).toHaveLength(4);
    expect(plan.skip.every((s) => s.reason === 'caught_up')).toBe(true);
  });

  it('all: every missed fire up to the limit (the latest ones), the older skipped', () => {
    const plan = planDueFires(due, now, 'all', 3);
    expect(plan.run).toEqual([due[2], due[3], due[4], due[5]]);
    expect(plan.skip.map((s) => s.at)).toEqual([due[0], due[1]]);
    expect(plan.skip.every((s) => s.reason === 'catch_up_limit')).toBe(true);
    expect(planDueFires(due, now, 'all', 100).run).toEqual(due);
  });

  it('nothing missed: every policy runs what is due', () => {
    for (const policy of ['skip', 'once', 'all'] as const) {
      expect(planDueFires([due[5]!], now, policy, 1)).toEqual({ run: [due[5]], skip: [] });
    }
  });
});

describe('overlap', () => {
  it('decides by policy only while the previous run goes on', () => {
    expect(overlapDecision('skip', true)).toBe('skip');
    expect(overlapDecision('queue', true)).toBe('wait');
    expect(overlapDecision('allow', true)).toBe('run');
    for (const policy of ['skip', 'queue', 'allow'] as const) {
      expect(overlapDecision(policy, false)).toBe('run');
    }
  });
});

describe('the schedule schema', () => {
  const agentId = '00000000-0000-4000-8000-000000000001';
  it('asks each kind for its field and an end after the start', () => {
    expect(scheduleCreateSchema.safeParse({ name: 'a', agentId, kind: 'cron' }).success).toBe(
      false,
    );
    const ok = scheduleCreateSchema.parse({ name: 'a', agentId, kind: 'cron', cron: '0 9 * * *' });
    expect(ok).toMatchObject({ timeZone: 'UTC', catchUp: 'skip', overlap: 'skip', retries: 0 });
    const backwards = scheduleCreateSchema.safeParse({
      name: 'a',
      agentId,
      kind: 'interval',
      intervalSeconds: 60,
      startsAt: '2026-02-01T00:00:00Z',
      endsAt: '2026-01-01T00:00:00Z',
    });
    expect(backwards.success).toBe(false);
    const zone = scheduleCreateSchema.safeParse({
      name: 'a',
      agentId,
      kind: 'once',
      runAt: '2026-02-01T00:00:00Z',
      timeZone: 'Mars/Olympus',
    });
    expect(zone.success).toBe(false);
  });
});
