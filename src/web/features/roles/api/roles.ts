import { queryOptions } from '@tanstack/react-query';
import type { RoleList } from '../../../../shared/schemas/roles';
import { api } from '../../../lib/api';

/** GET /api/v1/roles: each role with its member count in the selected organisation. */
export type RolesResponse = RoleList;

export const rolesQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: ['roles', orgId],
    queryFn: ({ signal }) => api<RolesResponse>('/roles', { signal }),
    enabled: orgId !== null,
  });
