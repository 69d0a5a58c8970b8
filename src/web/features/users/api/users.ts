import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BanUserInput } from '../../../../shared/schemas/admin';
import type { SortOrder } from '../../../../shared/schemas/query';
import type {
  ListScope,
  UserDetail,
  UserListItem,
  UserSortField,
  UserStatus,
} from '../../../../shared/schemas/users';
import type { Page } from '../../../../shared/schemas/pagination';
import type { OrgRoleName } from '../../../../shared/constants';
import { api } from '../../../lib/api';
import { pageQueryOptions } from '../../../lib/paged-query';
import { downloadFile } from '../../../lib/download';

export type {
  UserDetail,
  UserListItem,
  UserMembership,
  UserSession,
} from '../../../../shared/schemas/users';

/** The list's filters, as the API takes them (the export takes the same, without paging). */
export interface UserFilters {
  scope: ListScope;
  search?: string | undefined;
  role?: OrgRoleName | undefined;
  status?: UserStatus | undefined;
  sort: UserSortField;
  order: SortOrder;
}

export interface UserListParams extends UserFilters {
  page: number;
  pageSize: number;
}

/**
 * Every key starts with the selected organisation, so that after a switch no screen shows the
 * previous organisation's users while the new ones load.
 */
const ROOT = 'users';
export const userKeys = {
  /** Every user query (a super admin's change to a user touches every organisation's lists). */
  root: () => [ROOT] as const,
  all: (orgId: string | null) => [ROOT, orgId] as const,
  list: (orgId: string | null, params: UserListParams) => [ROOT, orgId, 'list', params] as const,
  detail: (orgId: string | null, id: string) => [ROOT, orgId, 'detail', id] as const,
};

export const usersQueryOptions = (orgId: string | null, params: UserListParams) =>
  pageQueryOptions<Page<UserListItem>>(userKeys.list(orgId, params), '/users', { ...params });

export const userQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: userKeys.detail(orgId, id),
    queryFn: ({ signal }) => api<UserDetail>(`/users/${encodeURIComponent(id)}`, { signal }),
  });

/** Saves the CSV of the users matching `filters` (same filters as the list, no paging). */
export const exportUsers = (filters: UserFilters) =>
  downloadFile('/users/export.csv', { ...filters }, 'users.csv');

/** A super-admin action on a user (admin endpoints), then the user and the lists reload. */
function useAdminUserMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.root() }),
  });
}

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export const useBanUser = () =>
  useAdminUserMutation(({ id, ...body }: BanUserInput & { id: string }) =>
    api(`${userPath(id)}/ban`, { method: 'POST', body }),
  );

export const useUnbanUser = () =>
  useAdminUserMutation((id: string) => api(`${userPath(id)}/ban`, { method: 'DELETE' }));

export const useEndUserSessions = () =>
  useAdminUserMutation((id: string) =>
    api<{ revoked: number }>(`${userPath(id)}/sessions`, { method: 'DELETE' }),
  );

export const useSetSuperAdmin = () =>
  useAdminUserMutation(({ id, superAdmin }: { id: string; superAdmin: boolean }) =>
    api(`${userPath(id)}/super-admin`, { method: superAdmin ? 'POST' : 'DELETE' }),
  );
