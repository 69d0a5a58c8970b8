/**
 * Super-admin console (/admin/super-admin): users, organisations, help requests and the mail
 * outbox. Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { pageQuerySchema } from './pagination.ts';
import { booleanQuerySchema, searchQuerySchema } from './query.ts';

export const BAN_REASON_MAX_LENGTH = 500;
export const HELP_NOTE_MAX_LENGTH = 2000;

export const ADMIN_MESSAGES = {
  banReason: 'Give the reason for the suspension',
  banSelf: 'You cannot suspend your own account.',
  lastSuperAdmin:
    'This is the last super admin: make another user super admin before removing this one.',
  nothingToChange: 'Nothing to change',
  outboxOff: 'There is no mail outbox: mail is sent through the SMTP server',
} as const;

/** Users of the console: search by name or e-mail, filter by flag and suspension. */
export const adminUserQuerySchema = pageQuerySchema.extend({
  search: searchQuerySchema,
  superAdmin: booleanQuerySchema.optional(),
  banned: booleanQuerySchema.optional(),
});
export type AdminUserQuery = z.output<typeof adminUserQuerySchema>;

export const banUserSchema = z.strictObject({
  reason: z
    .string({ error: ADMIN_MESSAGES.banReason })
    .trim()
    .min(1, { error: ADMIN_MESSAGES.banReason })
    .max(BAN_REASON_MAX_LENGTH, {
      error: `Maximum ${BAN_REASON_MAX_LENGTH} characters`,
    }),
});
export type BanUserInput = z.input<typeof banUserSchema>;

export const adminOrganizationQuerySchema = pageQuerySchema.extend({ search: searchQuerySchema });
export type AdminOrganizationQuery = z.output<typeof adminOrganizationQuerySchema>;

export const HELP_REQUEST_STATUSES = ['open', 'resolved'] as const;
export type HelpRequestStatus = (typeof HELP_REQUEST_STATUSES)[number];

export const helpRequestListQuerySchema = pageQuerySchema.extend({
  status: z.enum(HELP_REQUEST_STATUSES).optional(),
});
export type HelpRequestListQuery = z.output<typeof helpRequestListQuerySchema>;

/** A super admin's triage of a help request; a blank or null note clears it. */
export const helpRequestUpdateSchema = z
  .strictObject({
    status: z.enum(HELP_REQUEST_STATUSES).optional(),
    note: z
      .string()
      .trim()
      .max(HELP_NOTE_MAX_LENGTH, { error: `Maximum ${HELP_NOTE_MAX_LENGTH} characters` })
      .nullable()
      .optional(),
  })
  .refine((value) => value.status !== undefined || value.note !== undefined, {
    error: ADMIN_MESSAGES.nothingToChange,
  });
export type HelpRequestUpdate = z.output<typeof helpRequestUpdateSchema>;

/** The page of the app a help request's project opens. */
export function projectLink(projectId: string | null): string | null {
  return projectId === null ? null : `/projects/${encodeURIComponent(projectId)}`;
}

/** An outbox message id: the file name the mailer gave it, without `.eml`. */
export const MAIL_ID_PATTERN =
  /^\d{1,16}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const mailIdSchema = z.string().regex(MAIL_ID_PATTERN, { error: 'Unknown message id' });
export const mailQuerySchema = pageQuerySchema;
