/**
 * Notifications (the navbar bell): what the API returns. Marking read answers `okSchema` and
 * `updatedCountSchema` of common.ts.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { pageSchema } from './pagination.ts';

/** A notification of the signed-in user. */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
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
