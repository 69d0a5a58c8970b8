import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { authClient } from '../../../lib/auth-client';

export interface OrganizationSummary {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  memberCount: number;
  role: string;
}

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['organizations', 'mine'],
    queryFn: ({ signal }) => api<{ items: OrganizationSummary[] }>('/organizations', { signal }),
  });

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'accounts'],
    queryFn: async () => {
      const { data, error } = await authClient.listAccounts();
      if (error) throw new Error(error.message ?? 'listAccounts failed');
      return data;
    },
  });

/** One of the caller's own latest audit entries (GET /api/v1/me/activity). */
export interface OwnActivity {
  id: string;
  action: string;
  targetType: string;
  targetId: string | null;
  organization: { id: string; name: string } | null;
  createdAt: string;
}

export const activityQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'activity'],
    queryFn: ({ signal }) => api<{ items: OwnActivity[] }>('/me/activity', { signal }),
  });
