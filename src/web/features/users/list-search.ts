import { z } from 'zod';
import { ORG_ROLES, type PageSize } from '../../../shared/constants';
import { LIST_SCOPES, USER_SORT_FIELDS, USER_STATUSES } from '../../../shared/schemas/users';
import { listSearchShape, optionalParam } from '../../components/list/list-search';
import type { ListDefaults } from '../../components/list/useListState';
import type { UserFilters, UserListParams } from './api/users';

/** The list's page size until the user picks another one. */
export const USER_LIST_PAGE_SIZE: PageSize = 10;

/**
 * The search params of /apps/user/list (so a filtered list can be bookmarked and shared).
 * Anything invalid in the address is dropped rather than refused.
 */
export const userListSearchSchema = z.object({
  ...listSearchShape(USER_SORT_FIELDS),
  role: optionalParam(z.enum(ORG_ROLES)),
  status: optionalParam(z.enum(USER_STATUSES)),
  scope: optionalParam(z.enum(LIST_SCOPES)),
});
export type UserListSearch = z.output<typeof userListSearchSchema>;

/** What the list shows while its address says nothing: names A to Z, 10 a page. */
export const USER_LIST_DEFAULTS: ListDefaults<UserListSearch> = {
  pageSize: USER_LIST_PAGE_SIZE,
  sort: 'name',
  order: 'asc',
};

/** The filters "Clear filters" empties (with the search); the scope stays. */
export const USER_LIST_FILTERS = ['role', 'status'] as const;

export interface Viewer {
  superAdmin: boolean;
  /** The selected organisation, if any. */
  orgId: string | null;
}

/**
 * Whose users the list shows: members of the selected organisation, or — for a super admin who
 * asks for it, or who has no organisation selected — every user.
 */
export function effectiveScope(search: UserListSearch, viewer: Viewer): UserFilters['scope'] {
  if (!viewer.superAdmin) return 'organization';
  if (!viewer.orgId) return 'all';
  return search.scope ?? 'organization';
}

/** The API filters the list's address asks for (role sorting only makes sense in one organisation). */
export function userFilters(search: UserListSearch, viewer: Viewer): UserFilters {
  const scope = effectiveScope(search, viewer);
  const sort = search.sort === 'role' && scope === 'all' ? 'name' : (search.sort ?? 'name');
  const text = search.search?.trim();
  return {
    scope,
    search: text ? text : undefined,
    role: search.role,
    status: search.status,
    sort,
    order: search.order ?? 'asc',
  };
}

export function userListParams(search: UserListSearch, viewer: Viewer): UserListParams {
  return {
    ...userFilters(search, viewer),
    page: search.page ?? 1,
    pageSize: search.pageSize ?? USER_LIST_PAGE_SIZE,
  };
}
