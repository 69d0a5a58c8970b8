import { queryOptions } from '@tanstack/react-query';
import type { OwnActivity } from '../../../../shared/schemas/account';
import type { MyOrganization } from '../../../../shared/schemas/organization';
import { api } from '../../../lib/api';
import { authClient } from '../../../lib/auth-client';

/** One of the caller's organisations (GET /api/v1/organizations). */
export type { MyOrganization as OrganizationSummary } from '../../../../shared/schemas/organization';

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['organizations', 'mine'],
    queryFn: ({ signal }) => api<{ items: MyOrganization[] }>('/organizations', { signal }),
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

export type { OwnActivity } from '../../../../shared/schemas/account';

export const activityQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'activity'],
    queryFn: ({ signal }) => api<{ items: OwnActivity[] }>('/me/activity', { signal }),
  });
