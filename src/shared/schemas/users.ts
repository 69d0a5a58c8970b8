/**
 * Users list and view (/apps/user/list, /apps/user/view/{id}). Isomorphic: imports nothing
 * from src/server or src/web.
 */
import { z } from 'zod';
import { ORG_ROLES } from '../constants.ts';
import { pageQuerySchema } from './pagination.ts';
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
