import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrganization,
  AdminUser,
  HelpRequestStatus,
  HelpRequestUpdate,
  MailMessage,
  MailSummary,
} from '../../../../shared/schemas/admin';
import type { AdminHelpRequest, HelpRequestRecord } from '../../../../shared/schemas/help-request';
import type { Page } from '../../../../shared/schemas/pagination';
import type {
  WhitelistEntry,
  WhitelistEntryInput,
  WhitelistState,
} from '../../../../shared/schemas/whitelist';
import { api } from '../../../lib/api';
import { pageQueryOptions, searchPageQuery, type SearchPage } from '../../../lib/paged-query';

/**
 * The administration API (super admins only): users, organisations, help requests, the mail
 * outbox and the sign-up whitelist. Every key starts with 'admin' so that a change can refresh
 * what depends on it.
 */

// ---------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------

export type { AdminUser } from '../../../../shared/schemas/admin';

export interface AdminUserFilters {
  page: number;
  pageSize: number;
  search: string;
  superAdmin?: boolean | undefined;
  banned?: boolean | undefined;
}

/** The console's data belongs to no organisation: its keys start with [ROOT] only. */
const ROOT = 'admin';
export const adminKeys = {
  all: () => [ROOT] as const,
  users: (filters?: AdminUserFilters) =>
    filters ? ([ROOT, 'users', filters] as const) : ([ROOT, 'users'] as const),
  organizations: (filters: SearchPage) => [ROOT, 'organizations', filters] as const,
  helpRequests: (filters?: HelpRequestFilters) =>
    filters ? ([ROOT, 'help-requests', filters] as const) : ([ROOT, 'help-requests'] as const),
  mail: (filters: { page: number; pageSize: number }) => [ROOT, 'mail', filters] as const,
  mailMessage: (id: string) => [ROOT, 'mail', 'message', id] as const,
  whitelistSettings: () => [ROOT, 'whitelist', 'settings'] as const,
  whitelistEntries: (filters?: SearchPage) =>
    filters
      ? ([ROOT, 'whitelist', 'entries', filters] as const)
      : ([ROOT, 'whitelist', 'entries'] as const),
};

export const adminUsersQueryOptions = (filters: AdminUserFilters) =>
  pageQueryOptions<Page<AdminUser>>(adminKeys.users(filters), '/admin/users', {
    ...searchPageQuery(filters),
    superAdmin: filters.superAdmin,
    banned: filters.banned,
  });

type UserAction =
  | { kind: 'grant'; userId: string }
  | { kind: 'revoke'; userId: string }
  | { kind: 'ban'; userId: string; reason: string }
  | { kind: 'unban'; userId: string };

function runUserAction(action: UserAction): Promise<AdminUser> {
  const base = `/admin/users/${encodeURIComponent(action.userId)}`;
  switch (action.kind) {
    case 'grant':
      return api<AdminUser>(`${base}/super-admin`, { method: 'POST' });
    case 'revoke':
      return api<AdminUser>(`${base}/super-admin`, { method: 'DELETE' });
    case 'ban':
      return api<AdminUser>(`${base}/ban`, { method: 'POST', body: { reason: action.reason } });
    case 'unban':
      return api<AdminUser>(`${base}/ban`, { method: 'DELETE' });
  }
}

/** Grant or revoke the super-admin flag, ban or unban; refreshes the user lists. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runUserAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

/** Ends every session of a user; resolves with how many ended. */
export function useEndSessions() {
  return useMutation({
    mutationFn: (userId: string) =>
      api<{ revoked: number }>(`/admin/users/${encodeURIComponent(userId)}/sessions`, {
        method: 'DELETE',
      }),
  });
}

// ---------------------------------------------------------------------------
// Organisations
// ---------------------------------------------------------------------------

export type { AdminOrganization } from '../../../../shared/schemas/admin';

export type { SearchPage } from '../../../lib/paged-query';

export const adminOrganizationsQueryOptions = (filters: SearchPage) =>
  pageQueryOptions<Page<AdminOrganization>>(
    adminKeys.organizations(filters),
    '/admin/organizations',
    searchPageQuery(filters),
  );

// ---------------------------------------------------------------------------
// Help requests
// ---------------------------------------------------------------------------

export type { AdminHelpRequest } from '../../../../shared/schemas/help-request';

export interface HelpRequestFilters {
  page: number;
  pageSize: number;
  status?: HelpRequestStatus | undefined;
}

export const helpRequestsQueryOptions = (filters: HelpRequestFilters) =>
  pageQueryOptions<Page<AdminHelpRequest>>(adminKeys.helpRequests(filters), '/help-requests', {
    page: filters.page,
    pageSize: filters.pageSize,
    status: filters.status,
  });

export function useUpdateHelpRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: HelpRequestUpdate }) =>
      api<HelpRequestRecord>(`/help-requests/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: update,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.helpRequests() }),
  });
}

// ---------------------------------------------------------------------------
// Mail outbox (only when the server has no SMTP server: otherwise 404)
// ---------------------------------------------------------------------------

export type { MailMessage, MailSummary } from '../../../../shared/schemas/admin';

export const mailQueryOptions = (filters: { page: number; pageSize: number }) =>
  pageQueryOptions<Page<MailSummary>>(adminKeys.mail(filters), '/admin/mail', filters, {
    retry: false,
  });

export const mailMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.mailMessage(id),
    queryFn: ({ signal }) => api<MailMessage>(`/admin/mail/${encodeURIComponent(id)}`, { signal }),
    staleTime: Infinity,
  });

// ---------------------------------------------------------------------------
// Sign-up whitelist
// ---------------------------------------------------------------------------

export type { WhitelistEntry, WhitelistState } from '../../../../shared/schemas/whitelist';

export const whitelistSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.whitelistSettings(),
    queryFn: ({ signal }) => api<WhitelistState>('/admin/whitelist/settings', { signal }),
  });

export const whitelistEntriesQueryOptions = (filters: SearchPage) =>
  pageQueryOptions<Page<WhitelistEntry>>(
    adminKeys.whitelistEntries(filters),
    '/admin/whitelist',
    searchPageQuery(filters),
  );

export function useSetWhitelistEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api<WhitelistState>('/admin/whitelist/settings', { method: 'PUT', body: { enabled } }),
    onSuccess: (state) => queryClient.setQueryData(whitelistSettingsQueryOptions().queryKey, state),
  });
}

export function useAddWhitelistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WhitelistEntryInput) =>
      api<WhitelistEntry>('/admin/whitelist', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.whitelistEntries() }),
  });
}

export function useRemoveWhitelistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`/admin/whitelist/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.whitelistEntries() }),
  });
}
