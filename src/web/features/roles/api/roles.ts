import { queryOptions } from '@tanstack/react-query';
import type { OrgRoleName } from '../../../../shared/constants';
import { api } from '../../../lib/api';

/** GET /api/v1/roles: each role with its member count in the selected organisation. */
export interface RolesResponse {
  items: { role: OrgRoleName; memberCount: number }[];
  total: number;
}

export const rolesQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: ['roles', orgId],
    queryFn: ({ signal }) => api<RolesResponse>('/roles', { signal }),
    enabled: orgId !== null,
  });
