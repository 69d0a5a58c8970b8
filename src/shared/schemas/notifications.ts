/**
 * Notifications (the navbar bell): what the API returns. Each says what happened (`kind`) and
 * what it names (`params`); the web words it in the reader's language. Marking read answers
 * `okSchema` and `updatedCountSchema` of common.ts.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { pageSchema } from './pagination.ts';

/** What a notification can say; `message` holds the English text of rows older than kinds. */
export const NOTIFICATION_KINDS = [
  'run.failed',
  'budget.reached',
  'member.joined',
  'invitation.accepted',
  'member.left',
  'member.removed',
  'help_request.received',
  'help_request.answered',
  'customers.import_finished',
  'schedule.run_failed',
  'schedule.disabled',
  'message',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What each kind names. */
export type NotificationParams = {
  /** To the caller of a queued run (or the admins, when no one called it) that failed. */
  'run.failed': { agentName: string; runId: string; error: string };
  /** To the organisation's admins, once a month, when a run was refused over the budget. */
  'budget.reached': { organizationName: string; month: string; budget: 'tokens' | 'cost' };
  /** To the organisation's admins (but the inviter, told `invitation.accepted` instead). */
  'member.joined': { memberName: string; organizationName: string };
  'invitation.accepted': { memberName: string; organizationName: string };
  'member.left': { memberName: string; organizationName: string };
  'member.removed': { memberName: string; organizationName: string };
  /** To every super admin. */
  'help_request.received': { helpRequestId: string; authorName: string };
  /** To the request's author. */
  'help_request.answered': { helpRequestId: string; status: string };
  /** To the importing user. */
  'customers.import_finished': { created: number; updated: number; failed: number };
  /** To a schedule's author when its run failed (after its retries) and it asks to be told. */
  'schedule.run_failed': { scheduleName: string; agentName: string; runId: string };
  /** To a schedule's author when the system turned it off (`reason`: e.g. `agent_deleted`). */
  'schedule.disabled': { scheduleName: string; agentName: string; reason: string };
  message: { title: string; body: string };
};

/** A notification of the signed-in user. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  /** A path of this site, or null. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

/** GET /api/v1/notifications: newest first, with how many are unread. */
export const notificationPageSchema = pageSchema(notificationSchema).extend({
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
