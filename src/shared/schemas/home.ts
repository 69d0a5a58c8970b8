/**
 * The signed-in home (/): the selected organisation at a glance, what is left to set it up, and
 * what happened in it lately.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';

/** How many recent audit entries the home shows. */
export const HOME_RECENT_ACTIVITY = 8;

/** Counts of the organisation; null where the caller may not read that kind of record. */
export const homeCountsSchema = z.object({
  projects: z.number().int().nullable(),
  dataSources: z.number().int().nullable(),
  customers: z.number().int().nullable(),
  members: z.number().int(),
});

/** Getting started: each step ticks itself when the organisation has done it. */
export const HOME_CHECKLIST_STEPS = ['dataSource', 'inviteMember', 'importCustomers'] as const;
export type HomeChecklistStep = (typeof HOME_CHECKLIST_STEPS)[number];

export const homeChecklistItemSchema = z.object({
  step: z.enum(HOME_CHECKLIST_STEPS),
  done: z.boolean(),
  /** The caller's role lets them do it (otherwise the step is shown as someone else's). */
  canDo: z.boolean(),
});

/** One recent change in the organisation, with the names a sentence needs. */
export const homeActivitySchema = z.object({
  id: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target's name or e-mail as the change recorded it (null when it has none). */
  targetName: z.string().nullable(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  createdAt: z.string(),
});
export type HomeActivity = z.infer<typeof homeActivitySchema>;

export const homeOverviewSchema = z.object({
  counts: homeCountsSchema,
  checklist: z.array(homeChecklistItemSchema),
  activity: z.array(homeActivitySchema),
});
export type HomeOverview = z.infer<typeof homeOverviewSchema>;
