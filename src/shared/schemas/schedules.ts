/**
 * Schedules of agents (AGENTS.md, "Scheduler"): what a schedule is, what the API takes and
 * returns, and the calendar's query and entries.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { uuidSchema } from './common.ts';
import { RUN_STATUSES } from './runs.ts';

export const SCHEDULE_KINDS = ['cron', 'interval', 'once'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export const CATCH_UP_POLICIES = ['skip', 'once', 'all'] as const;
export type CatchUpPolicy = (typeof CATCH_UP_POLICIES)[number];
export const OVERLAP_POLICIES = ['skip', 'queue', 'allow'] as const;
export type OverlapPolicy = (typeof OVERLAP_POLICIES)[number];
export const FIRE_STATUSES = ['pending', 'enqueued', 'skipped'] as const;

export const SCHEDULE_LIMITS = {
  minIntervalSeconds: 1,
  maxIntervalSeconds: 366 * 24 * 3600,
  maxCatchUpLimit: 100,
  maxRetries: 5,
  /** How many days a calendar query may span. */
  maxCalendarDays: 62,
  /** How many computed fires a calendar answer lists at most. */
  maxCalendarFires: 2000,
} as const;

export const SCHEDULE_MESSAGES = {
  notFound: 'Schedule not found',
  cronInvalid: 'This is not a valid cron expression',
  timeZoneInvalid: 'Unknown time zone',
  kindFields: 'This kind of schedule needs this field',
  endBeforeStart: 'The end must come after the start',
  agentNotPublished: 'Publish the agent before scheduling it',
  notOnce: 'Only a one-time schedule can be moved',
  calendarRange: 'The range must be at most 62 days, its end after its start',
} as const;

/** Whether the runtime knows the IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const dateTime = z.iso.datetime({ offset: true });

/** Each field as the API takes it (no defaults: an update names only what changes). */
const baseFields = {
  name: z.string().trim().min(1).max(100),
  agentId: uuidSchema,
  kind: z.enum(SCHEDULE_KINDS),
  /** 5 fields (minutes) or 6 (seconds first). */
  cron: z.string().trim().max(200).nullable(),
  intervalSeconds: z
    .number()
    .int()
    .min(SCHEDULE_LIMITS.minIntervalSeconds)
    .max(SCHEDULE_LIMITS.maxIntervalSeconds)
    .nullable(),
  runAt: dateTime.nullable(),
  timeZone: z.string().max(64).refine(isTimeZone, { error: SCHEDULE_MESSAGES.timeZoneInvalid }),
  input: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  startsAt: dateTime.nullable(),
  endsAt: dateTime.nullable(),
  catchUp: z.enum(CATCH_UP_POLICIES),
  catchUpLimit: z.number().int().min(1).max(SCHEDULE_LIMITS.maxCatchUpLimit),
  overlap: z.enum(OVERLAP_POLICIES),
  retries: z.number().int().min(0).max(SCHEDULE_LIMITS.maxRetries),
  notifyOnFailure: z.boolean(),
};

const scheduleFields = {
  ...baseFields,
  cron: baseFields.cron.default(null),
  intervalSeconds: baseFields.intervalSeconds.default(null),
  runAt: baseFields.runAt.default(null),
  timeZone: baseFields.timeZone.default('UTC'),
  input: baseFields.input.default({}),
  enabled: baseFields.enabled.default(true),
  startsAt: baseFields.startsAt.default(null),
  endsAt: baseFields.endsAt.default(null),
  catchUp: baseFields.catchUp.default('skip'),
  catchUpLimit: baseFields.catchUpLimit.default(10),
  overlap: baseFields.overlap.default('skip'),
  retries: baseFields.retries.default(0),
  notifyOnFailure: baseFields.notifyOnFailure.default(true),
};

type KindShape = {
  kind: ScheduleKind;
  cron: string | null;
  intervalSeconds: number | null;
  runAt: string | null;
  startsAt: string | null;
  endsAt: string | null;
};

/** The field each kind needs, and an end after the start. */
function checkKind(value: KindShape, ctx: z.RefinementCtx) {
  const need = { cron: 'cron', interval: 'intervalSeconds', once: 'runAt' } as const;
  const field = need[value.kind];
  if (value[field] === null || value[field] === '') {
    ctx.addIssue({ code: 'custom', path: [field], message: SCHEDULE_MESSAGES.kindFields });
  }
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: SCHEDULE_MESSAGES.endBeforeStart });
  }
}

/** POST /api/v1/schedules. */
export const scheduleCreateSchema = z.strictObject(scheduleFields).superRefine(checkKind);
export type ScheduleCreate = z.output<typeof scheduleCreateSchema>;

/** PATCH /api/v1/schedules/{id}: any field; the result is checked whole on the server. */
export const scheduleUpdateSchema = z.strictObject(baseFields).partial();
export type ScheduleUpdate = z.output<typeof scheduleUpdateSchema>;

/** The whole shape of a schedule after an update, checked like a new one. */
export const scheduleShapeSchema = z.object(scheduleFields).superRefine(checkKind);

/** POST /api/v1/schedules/{id}/move: a one-time schedule to another date and time. */
export const scheduleMoveSchema = z.strictObject({ runAt: dateTime });

export const runBriefSchema = z.object({
  id: z.string(),
  status: z.enum(RUN_STATUSES),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const scheduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  projectId: z.string().nullable(),
  kind: z.enum(SCHEDULE_KINDS),
  cron: z.string().nullable(),
  intervalSeconds: z.number().int().nullable(),
  runAt: z.string().nullable(),
  timeZone: z.string(),
  input: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  catchUp: z.enum(CATCH_UP_POLICIES),
  catchUpLimit: z.number().int(),
  overlap: z.enum(OVERLAP_POLICIES),
  retries: z.number().int(),
  notifyOnFailure: z.boolean(),
  nextFireAt: z.string().nullable(),
  lastRun: runBriefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleDto = z.infer<typeof scheduleSchema>;

export const scheduleListQuerySchema = z.strictObject({
  agentId: uuidSchema.optional(),
  projectId: uuidSchema.optional(),
});
export const scheduleListSchema = z.object({ items: z.array(scheduleSchema) });

export const scheduleFireSchema = z.object({
  id: z.string(),
  fireAt: z.string(),
  status: z.enum(FIRE_STATUSES),
  reason: z.string().nullable(),
  firedAt: z.string().nullable(),
  run: runBriefSchema.nullable(),
});
export type ScheduleFireDto = z.infer<typeof scheduleFireSchema>;
export const scheduleFireListSchema = z.object({ items: z.array(scheduleFireSchema) });

/** GET /api/v1/schedules/calendar. */
export const calendarQuerySchema = z.strictObject({
  from: dateTime,
  to: dateTime,
  agentId: uuidSchema.optional(),
  projectId: uuidSchema.optional(),
});
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

/** One entry of the calendar: a computed upcoming fire, or a past fire with its run. */
export const calendarEntrySchema = z.object({
  scheduleId: z.string(),
  scheduleName: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  kind: z.enum(SCHEDULE_KINDS),
  at: z.string(),
  /** `upcoming` (computed), or the past fire's status. */
  state: z.enum(['upcoming', ...FIRE_STATUSES]),
  reason: z.string().nullable(),
  run: runBriefSchema.nullable(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;
export const calendarSchema = z.object({
  items: z.array(calendarEntrySchema),
  /** True when more upcoming fires exist in the range than were listed. */
  truncated: z.boolean(),
});
export type CalendarDto = z.infer<typeof calendarSchema>;

/** POST /api/v1/schedules/{id}/run: the run started now. */
export const scheduleRunNowSchema = z.object({ runId: z.string() });
