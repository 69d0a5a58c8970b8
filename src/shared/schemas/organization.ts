import { z } from 'zod';
import { ORG_ROLES } from '../constants.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

export const ORGANIZATION_MESSAGES = {
  required: 'This field is required',
  slug: 'Use 3 to 48 lowercase letters, digits or dashes',
  slugTaken: 'This address is already taken',
  lastAdmin: 'An organization needs at least one admin. Make someone else admin first.',
  alreadyMember: 'This person is already a member of the organization',
  confirmName: 'Type the organization name exactly to confirm',
  wrongInvitee: 'This invitation was sent to another e-mail address',
  invitationClosed: 'This invitation is no longer valid',
} as const;

export const SLUG_RULE = /^[a-z0-9](?:[a-z0-9-]{1,46})[a-z0-9]$/;
export const orgRoleSchema = z.enum(ORG_ROLES);

const name = z.string().trim().min(1, ORGANIZATION_MESSAGES.required).max(80);
const slug = z.string().trim().toLowerCase().regex(SLUG_RULE, ORGANIZATION_MESSAGES.slug);
const logo = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === '' || /^(https:\/\/|\/api\/v1\/)/.test(v), 'Use an https:// address')
  .transform((v) => (v === '' ? null : v));

export const createOrganizationSchema = z.strictObject({ name, slug: slug.optional() });
export const updateOrganizationSchema = z
  .strictObject({ name: name.optional(), slug: slug.optional(), logo: logo.optional() })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export const deleteOrganizationSchema = z.strictObject({ confirmName: z.string().max(200) });

export const memberRoleSchema = z.strictObject({ role: orgRoleSchema });
export const inviteSchema = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address')),
  role: orgRoleSchema,
});

/** Uploaded organisation logos: at most 512 KB, these types (read from the bytes on the server). */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const INVITATION_STATUSES = ['pending', 'accepted', 'canceled', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** An organisation as its members see it; `role` is the caller's there (null: not a member). */
export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  createdAt: z.string(),
  memberCount: z.number().int(),
  role: z.string().nullable(),
});
export type OrganizationDto = z.infer<typeof organizationSchema>;

/** GET /api/v1/organizations: the caller's organisations, each with their role. */
export const myOrganizationSchema = organizationSchema.extend({ role: z.string() });
export type MyOrganization = z.infer<typeof myOrganizationSchema>;
export const myOrganizationListSchema = z.object({ items: z.array(myOrganizationSchema) });

/** One of the caller's memberships, as GET /api/v1/me lists them. */
export const membershipSchema = myOrganizationSchema.omit({ createdAt: true, memberCount: true });
export type Membership = z.infer<typeof membershipSchema>;

/** The selected organisation, with how many admins it has (the last one is protected). */
export const currentOrganizationSchema = organizationSchema.extend({
  adminCount: z.number().int(),
});
export type CurrentOrganization = z.infer<typeof currentOrganizationSchema>;

export const memberListQuerySchema = pageQuerySchema.extend({
  search: z.string().max(100).optional(),
});
export type MemberListQuery = z.output<typeof memberListQuerySchema>;

export const memberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string(),
  role: z.string(),
  joinedAt: z.string(),
});
export type MemberDto = z.infer<typeof memberSchema>;
export const memberPageSchema = pageSchema(memberSchema);

export const invitationStatusSchema = z.enum(INVITATION_STATUSES);

/** An invitation not yet answered, as the organisation's admins see it. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  status: invitationStatusSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
  inviter: z.object({ id: z.string(), name: z.string() }),
});
export type InvitationDto = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });

/** POST /api/v1/organizations/current/invitations: the new invitation's id. */
export const invitationCreatedSchema = z.object({ id: z.string() });

/** An invitation as its link shows it, to anyone holding the link. */
export const publicInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  status: invitationStatusSchema,
  expiresAt: z.string(),
  organization: z.object({ name: z.string(), logo: z.string().nullable() }),
  inviter: z.object({ name: z.string() }),
});
export type PublicInvitationDto = z.infer<typeof publicInvitationSchema>;

/** POST /api/v1/invitations/{id}/accept: the organisation joined and the role there. */
export const invitationAcceptedSchema = z.object({
  organization: z.object({ id: z.string() }),
  role: z.string(),
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;
