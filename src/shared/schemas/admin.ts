/**
 * Super-admin console (/admin/super-admin): users, organisations, help requests and the mail
 * outbox. Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { organizationSchema } from './organization.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { booleanQuerySchema, searchQuerySchema } from './query.ts';
import { USER_STATUSES, userMembershipSchema } from './users.ts';

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

/** A user as the console shows them: flags, suspension and every membership. */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  superAdmin: z.boolean(),
  status: z.enum(USER_STATUSES),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
  createdAt: z.string(),
  memberships: z.array(userMembershipSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageSchema(adminUserSchema);

/** DELETE /api/v1/admin/users/{id}/sessions: how many sessions ended. */
export const revokedSessionsSchema = z.object({ revoked: z.number().int() });
export type RevokedSessions = z.infer<typeof revokedSessionsSchema>;

export const adminOrganizationQuerySchema = pageQuerySchema.extend({ search: searchQuerySchema });
export type AdminOrganizationQuery = z.output<typeof adminOrganizationQuerySchema>;

/** An organisation in the console: as its members see it, without a role of the caller. */
export const adminOrganizationSchema = organizationSchema.omit({ role: true });
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;
export const adminOrganizationPageSchema = pageSchema(adminOrganizationSchema);

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

/** A stored message in the outbox list. */
export const mailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;
export const mailPageSchema = pageSchema(mailSummarySchema);

/** One stored message with its plain text. */
export const mailMessageSchema = mailSummarySchema.extend({ text: z.string() });
export type MailMessage = z.infer<typeof mailMessageSchema>;
