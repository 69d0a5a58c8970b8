import { z } from 'zod';
import { ORG_ROLES } from '../constants.ts';

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

export type OrganizationDto = {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: string;
  memberCount: number;
  role: string | null;
};
export type MemberDto = {
  id: string;
  userId: string;
  name: string;
  email: string;
  avatar: string;
  role: string;
  joinedAt: string;
};
export type InvitationDto = {
  id: string;
  email: string;
  role: string;
  status: InvitationStatus;
  expiresAt: string;
  createdAt: string;
  inviter: { id: string; name: string };
};
export type PublicInvitationDto = {
  id: string;
  email: string;
  role: string;
  status: InvitationStatus;
  expiresAt: string;
  organization: { name: string; logo: string | null };
  inviter: { name: string };
};
