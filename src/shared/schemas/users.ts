/**
 * Users list and view (/apps/user/list, /apps/user/view/{id}). Isomorphic: imports nothing
 * from src/server or src/web.
 */
import { z } from 'zod';
import { ORG_ROLES } from '../constants.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { searchQuerySchema, sortOrderSchema } from './query.ts';

export const USER_STATUSES = ['active', 'banned', 'unverified'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A suspended account is banned; otherwise one whose e-mail is not confirmed is unverified. */
export function userStatus(user: { bannedAt: Date | string | null; emailVerified: boolean }) {
  if (user.bannedAt) return 'banned' satisfies UserStatus;
  return user.emailVerified ? ('active' satisfies UserStatus) : ('unverified' satisfies UserStatus);
}

/** `organization`: the selected organisation's members; `all`: every user (super admins). */
export const LIST_SCOPES = ['organization', 'all'] as const;
export type ListScope = (typeof LIST_SCOPES)[number];

export const USER_SORT_FIELDS = ['name', 'email', 'role', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

const userFilters = {
  scope: z.enum(LIST_SCOPES).default('organization'),
  search: searchQuerySchema,
  role: z.enum(ORG_ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  sort: z.enum(USER_SORT_FIELDS).default('name'),
  order: sortOrderSchema.default('asc'),
};

export const userListQuerySchema = pageQuerySchema.extend(userFilters);
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** The CSV export takes the list's filters, without paging. */
export const userExportQuerySchema = z.strictObject(userFilters);
export type UserExportQuery = z.output<typeof userExportQuerySchema>;

/** One organisation a user belongs to, with their role there. */
export const userMembershipSchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  role: z.string(),
});
export type UserMembership = z.infer<typeof userMembershipSchema>;

/** One row of GET /api/v1/users. */
export const userListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  image: z.string().nullable(),
  /** The role in the selected organisation; null when listing every user. */
  role: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  superAdmin: z.boolean(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userPageSchema = pageSchema(userListItemSchema);

/** A live session of a user, as the user view lists it. */
export const userSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** GET /api/v1/users/{id}: `security` only for those who may manage the user. */
export const userDetailSchema = z.object({
  account: userListItemSchema.extend({
    banReason: z.string().nullable(),
    memberships: z.array(userMembershipSchema),
  }),
  security: z.object({ sessions: z.array(userSessionSchema) }).nullable(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
