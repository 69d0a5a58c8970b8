/**
 * Audit log filters (organisation admins: their organisation; super admins: everything).
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { LIST_SCOPES } from './users.ts';

export const AUDIT_MESSAGES = {
  date: 'Use a date (2025-01-31) or an ISO date and time (2025-01-31T09:00:00Z)',
  range: 'The start must not be after the end',
  action: 'Use letters, digits, dots, dashes and underscores, optionally ending with *',
} as const;

const dateParam = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: AUDIT_MESSAGES.date,
});

/** `from` and `to` as instants; a date alone covers its whole day (UTC), `to` included. */
export function auditRange(from?: string, to?: string): { from?: Date; before?: Date } {
  const range: { from?: Date; before?: Date } = {};
  if (from) range.from = new Date(from.length === 10 ? `${from}T00:00:00.000Z` : from);
  if (to) {
    range.before =
      to.length === 10
        ? new Date(Date.parse(`${to}T00:00:00.000Z`) + 24 * 60 * 60 * 1000)
        : new Date(Date.parse(to) + 1);
  }
  return range;
}

const auditFilters = {
  scope: z.enum(LIST_SCOPES).default('organization'),
  /** A user id, or (part of) the e-mail address the actor had. */
  actor: z.string().trim().min(1).max(254).optional(),
  /** An exact action (`user.ban`) or a prefix ending with `*` (`user.*`). */
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.-]+\*?$/i, { error: AUDIT_MESSAGES.action })
    .optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
};

const rangeIsOrdered = (value: { from?: string; to?: string }) => {
  const { from, before } = auditRange(value.from, value.to);
  return !from || !before || from < before;
};

export const auditLogQuerySchema = pageQuerySchema
  .extend(auditFilters)
  .refine(rangeIsOrdered, { error: AUDIT_MESSAGES.range, path: ['to'] });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export const auditExportQuerySchema = z
  .strictObject(auditFilters)
  .refine(rangeIsOrdered, { error: AUDIT_MESSAGES.range, path: ['to'] });
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

/** One entry of GET /api/v1/audit-logs. */
export const auditLogEntrySchema = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  /** The organisation's current name; null for global entries or a deleted organisation. */
  organizationName: z.string().nullable(),
  actor: z.object({
    id: z.string().nullable(),
    email: z.string().nullable(),
    /** The actor's current name (their e-mail when the account is gone); null: the system. */
    name: z.string().nullable(),
  }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target's name or e-mail as the change recorded it. */
  targetName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export const auditLogPageSchema = pageSchema(auditLogEntrySchema);
