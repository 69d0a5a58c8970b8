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
