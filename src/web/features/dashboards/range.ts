import { z } from 'zod';
import {
  CRM_DEFAULT_RANGE_DAYS,
  CRM_MAX_RANGE_DAYS,
  crmDashboardQuerySchema,
} from '../../../shared/schemas/dashboard';

/** The period presets of the date-range filter; `12w` is the server's default. */
export const RANGE_PRESETS = ['7d', '30d', '90d', '12w'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export type RangeChoice = RangePreset | 'custom';
export const DEFAULT_PRESET: RangePreset = '12w';

export const PRESET_DAYS: Record<RangePreset, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '12w': CRM_DEFAULT_RANGE_DAYS,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = z.iso.date();
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * The search params of /dashboards/crm: a preset (`range=30d`), or `range=custom` with `from`
 * and `to` (UTC days, both included). Anything invalid in the address is dropped.
 */
export const crmSearchSchema = z.object({
  range: optional(z.enum([...RANGE_PRESETS, 'custom'])),
  from: optional(isoDay),
  to: optional(isoDay),
});
export type CrmSearch = z.output<typeof crmSearchSchema>;

/** The UTC day of a time, as YYYY-MM-DD. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The days a preset covers, ending today (UTC). */
export function presetRange(preset: RangePreset, now: number): { from: string; to: string } {
  const to = utcDay(now);
  return { from: utcDay(Date.parse(to) - (PRESET_DAYS[preset] - 1) * DAY_MS), to };
}

export type RangeProblem = 'invalid' | 'tooLong' | 'incomplete';

export interface ResolvedRange {
  choice: RangeChoice;
  /** The query to send (empty for the server's default). */
  query: { from?: string; to?: string };
  /** Why a custom range cannot be used; the dashboard then keeps the default period. */
  problem: RangeProblem | null;
}

/** What the address asks for, as the dashboard query. */
export function resolveRange(search: CrmSearch, now: number): ResolvedRange {
  const choice: RangeChoice = search.range ?? DEFAULT_PRESET;
  if (choice !== 'custom') {
    return {
      choice,
      query: choice === DEFAULT_PRESET ? {} : presetRange(choice, now),
      problem: null,
    };
  }
  if (!search.from || !search.to) return { choice, query: {}, problem: 'incomplete' };
  const query = { from: search.from, to: search.to };
  const parsed = crmDashboardQuerySchema.safeParse(query);
  if (parsed.success) return { choice, query, problem: null };
  const tooLong = parsed.error.issues.some((issue) => issue.path[0] === 'from');
  return {
    choice,
    query: {},
    problem: tooLong && search.from <= search.to ? 'tooLong' : 'invalid',
  };
}

export { CRM_MAX_RANGE_DAYS };
