/**
 * The cron editor's logic: presets ↔ cron expressions, the human description in the page's
 * language (cronstrue; French and Arabic loaded on demand), the next fires in a zone with the
 * daylight-saving changes marked.
 */
import cronstrue from 'cronstrue';
import {
  cronProblem,
  markOffsetChanges,
  nextFires,
  zoneOffsetMinutes,
  type MarkedFire,
} from '../../../shared/schedules/next-fires';

export const PRESETS = ['everyMinutes', 'hourly', 'daily', 'weekly', 'monthly', 'custom'] as const;
export type PresetKind = (typeof PRESETS)[number];

export interface Preset {
  kind: PresetKind;
  /** everyMinutes: the step, 1–59. */
  minutes: number;
  /** hourly: the minute; daily/weekly/monthly: hour and minute. */
  hour: number;
  minute: number;
  /** weekly: 0 (Sunday) … 6. */
  weekday: number;
  /** monthly: 1–31. */
  day: number;
}

export const DEFAULT_PRESET: Preset = {
  kind: 'daily',
  minutes: 15,
  hour: 9,
  minute: 0,
  weekday: 1,
  day: 1,
};

const clamp = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.round(Number.isFinite(value) ? value : min)));

/** The cron expression of a preset (null for `custom`: the raw field holds it). */
export function presetToCron(p: Preset): string | null {
  const minute = clamp(p.minute, 0, 59);
  const hour = clamp(p.hour, 0, 23);
  switch (p.kind) {
    case 'everyMinutes':
      return `*/${clamp(p.minutes, 1, 59)} * * * *`;
    case 'hourly':
      return `${minute} * * * *`;
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekly':
      return `${minute} ${hour} * * ${clamp(p.weekday, 0, 6)}`;
    case 'monthly':
      return `${minute} ${hour} ${clamp(p.day, 1, 31)} * *`;
    case 'custom':
      return null;
  }
}

const num = (field: string, max: number) =>
  /^\d{1,2}$/.test(field) && Number(field) <= max ? Number(field) : null;

/** The preset an expression is (so that editing an existing schedule opens on it), else custom. */
export function cronToPreset(expression: string): Preset {
  const parts = expression.trim().split(/\s+/);
  const custom = { ...DEFAULT_PRESET, kind: 'custom' as const };
  if (parts.length !== 5) return custom;
  const [mi, h, dom, mon, dow] = parts as [string, string, string, string, string];
  const step = /^\*\/(\d{1,2})$/.exec(mi);
  if (step && h === '*' && dom === '*' && mon === '*' && dow === '*') {
    const minutes = Number(step[1]);
    if (minutes >= 1 && minutes <= 59) return { ...DEFAULT_PRESET, kind: 'everyMinutes', minutes };
  }
  const minute = num(mi, 59);
  if (minute === null || mon !== '*') return custom;
  if (h === '*' && dom === '*' && dow === '*') return { ...DEFAULT_PRESET, kind: 'hourly', minute };
  const hour = num(h, 23);
  if (hour === null) return custom;
  const base = { ...DEFAULT_PRESET, minute, hour };
  if (dom === '*' && dow === '*') return { ...base, kind: 'daily' };
  const weekday = num(dow, 6);
  if (dom === '*' && weekday !== null) return { ...base, kind: 'weekly', weekday };
  const day = num(dom, 31);
  if (dow === '*' && day !== null && day >= 1) return { ...base, kind: 'monthly', day };
  return custom;
}

const loadedLocales = new Set<string>(['en']);

/** Loads cronstrue's words for the language (only fr and ar besides English). */
export async function loadCronLocale(language: string): Promise<void> {
  const code = language.slice(0, 2);
  if (loadedLocales.has(code)) return;
  if (code === 'fr') await import('cronstrue/locales/fr');
  else if (code === 'ar') await import('cronstrue/locales/ar');
  else return;
  loadedLocales.add(code);
}

/** "At 09:00 AM" in the language (English until its words are loaded); null when invalid. */
export function describeCron(expression: string, language: string): string | null {
  if (!expression.trim() || cronProblem(expression) !== null) return null;
  const code = language.slice(0, 2);
  try {
    return cronstrue.toString(expression, {
      locale: loadedLocales.has(code) ? code : 'en',
      use24HourTimeFormat: true,
      verbose: false,
    });
  } catch {
    return null;
  }
}

/** The next `count` fires of an expression in a zone, each with its offset and DST mark. */
export function upcomingCronFires(
  expression: string,
  timeZone: string,
  now: Date,
  count = 5,
): MarkedFire[] {
  if (!expression.trim() || cronProblem(expression) !== null) return [];
  const times = nextFires(
    {
      kind: 'cron',
      cron: expression,
      intervalSeconds: null,
      runAt: null,
      timeZone,
      startsAt: null,
      endsAt: null,
      anchor: now,
    },
    now,
    count,
  );
  return markOffsetChanges(times, timeZone, now);
}

/** "GMT+02:00"-style label of an offset in minutes. */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

/** "2026-03-29T09:30" (a datetime-local value) in `timeZone` → the instant, ISO. */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  // The zone's offset at the guessed instant, then once more at the corrected one (DST edges).
  let guess = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  guess = wall - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess).toISOString();
}

/** An instant as a datetime-local value in `timeZone`. */
export function isoToZonedLocal(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  const shifted = new Date(at.getTime() + zoneOffsetMinutes(at, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}
