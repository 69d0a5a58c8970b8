import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type {
  CurrentOrganization,
  InvitationDto,
  MemberDto,
  OrganizationDto,
} from '../../../../shared/schemas/organization';
import type { Page } from '../../../../shared/schemas/pagination';
import { api } from '../../../lib/api';
import { pageQueryOptions, searchPageQuery, type SearchPage } from '../../../lib/paged-query';
import { refreshUser, selectOrganization } from '../../../lib/auth-store';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';

/** The selected organisation, with how many admins it has (the last one is protected). */
export type { CurrentOrganization };
export type Member = MemberDto;
export type Invitation = InvitationDto;

export type MembersQuery = SearchPage;

/**
 * Every key starts with the selected organisation's id, so that after a switch no screen shows
 * the previous organisation's data while the new one loads.
 */
const ROOT = 'organization';
export const organizationKeys = {
  all: (orgId: string | null) => [ROOT, orgId] as const,
  current: (orgId: string | null) => [ROOT, orgId, 'current'] as const,
  members: (orgId: string | null, query?: MembersQuery) =>
    query ? ([ROOT, orgId, 'members', query] as const) : ([ROOT, orgId, 'members'] as const),
  invitations: (orgId: string | null) => [ROOT, orgId, 'invitations'] as const,
};

const selectedOrgId = () => readStorage(STORAGE_KEYS.selectedOrgId);

export const currentOrganizationQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: organizationKeys.current(orgId),
    queryFn: ({ signal }) => api<CurrentOrganization>('/organizations/current', { signal }),
    enabled: orgId !== null,
  });

export const membersQueryOptions = (orgId: string | null, query: MembersQuery) =>
  pageQueryOptions<Page<Member>>(
    organizationKeys.members(orgId, query),
    '/organizations/current/members',
    searchPageQuery(query),
    { enabled: orgId !== null },
  );

export const invitationsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: organizationKeys.invitations(orgId),
    queryFn: ({ signal }) =>
      api<{ items: Invitation[] }>('/organizations/current/invitations', { signal }),
    enabled: orgId !== null,
    // Invitees answer from elsewhere: the tab shows what is pending now, not a copy seconds old.
    staleTime: 0,
  });

/** After a change in the organisation: its queries load again. */
const refreshOrganization = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: organizationKeys.all(selectedOrgId()) });

/** A mutation of the selected organisation that reloads its data when it succeeds. */
function useOrganizationMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  options: { refreshUser?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      // Name, slug and logo also show in the navbar selector, which reads /me.
      if (options.refreshUser) await refreshUser();
      await refreshOrganization(queryClient);
    },
  });
}

export interface ProfileChanges {
  name?: string;
  slug?: string;
}

export const useUpdateOrganization = () =>
  useOrganizationMutation(
    (changes: ProfileChanges) =>
      api<CurrentOrganization>('/organizations/current', { method: 'PATCH', body: changes }),
    { refreshUser: true },
  );

function uploadLogo(file: File): Promise<CurrentOrganization> {
  const body = new FormData();
  body.append('file', file);
  return api<CurrentOrganization>('/organizations/current/logo', { method: 'PUT', body });
}

export const useUploadLogo = () => useOrganizationMutation(uploadLogo, { refreshUser: true });
export const useRemoveLogo = () =>
  useOrganizationMutation(
    () => api<CurrentOrganization>('/organizations/current/logo', { method: 'DELETE' }),
    { refreshUser: true },
  );

export const useChangeMemberRole = () =>
  useOrganizationMutation(({ member, role }: { member: Member; role: string }) =>
    api<{ ok: true }>(`/organizations/current/members/${encodeURIComponent(member.id)}`, {
      method: 'PATCH',
      body: { role },
    }),
  );

export const useRemoveMember = () =>
  useOrganizationMutation((member: Member) =>
    api<{ ok: true }>(`/organizations/current/members/${encodeURIComponent(member.id)}`, {
      method: 'DELETE',
    }),
  );

export const useInvite = () =>
  useOrganizationMutation((input: { email: string; role: string }) =>
    api<{ id: string }>('/organizations/current/invitations', { method: 'POST', body: input }),
  );

export const useResendInvitation = () =>
  useOrganizationMutation((invitation: Invitation) =>
    api<{ ok: true }>(
      `/organizations/current/invitations/${encodeURIComponent(invitation.id)}/resend`,
      { method: 'POST' },
    ),
  );

export const useRevokeInvitation = () =>
  useOrganizationMutation((invitation: Invitation) =>
    api<{ ok: true }>(`/organizations/current/invitations/${encodeURIComponent(invitation.id)}`, {
      method: 'DELETE',
    }),
  );

/**
 * Leaving or deleting the selected organisation: `onDone` runs (the page is still there), the
 * user goes home, then their organisations load again (another one, if any, becomes the
 * selected one) and every query refetches.
 */
function useLeaveMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<unknown>,
  onDone: () => void,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      onDone();
      await navigate({ to: '/', replace: true });
      await refreshUser();
      queryClient.removeQueries({ queryKey: [ROOT] });
      await queryClient.invalidateQueries();
    },
  });
}

export const useLeaveOrganization = (onDone: () => void) =>
  useLeaveMutation(
    () => api<{ ok: true }>('/organizations/current/leave', { method: 'POST', body: {} }),
    onDone,
  );

export const useDeleteOrganization = (onDone: () => void) =>
  useLeaveMutation(
    (confirmName: string) =>
      api<{ ok: true }>('/organizations/current', { method: 'DELETE', body: { confirmName } }),
    onDone,
  );

/** Creates an organisation (the caller becomes its admin) and selects it. */
export function useCreateOrganization() {
  return useMutation({
    mutationFn: (input: { name: string; slug?: string }) =>
      api<OrganizationDto>('/organizations', { method: 'POST', body: input }),
    onSuccess: async (created) => {
      await refreshUser();
      await selectOrganization(created.id);
    },
  });
}
