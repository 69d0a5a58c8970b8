import { queryOptions } from '@tanstack/react-query';
import type { RoleList } from '../../../../shared/schemas/roles';
import { api } from '../../../lib/api';

/** GET /api/v1/roles: each role with its member count in the selected organisation. */
export type RolesResponse = RoleList;

const ROOT = 'roles';
export const roleKeys = {
  all: (orgId: string | null) => [ROOT, orgId] as const,
  list: (orgId: string | null) => [ROOT, orgId, 'list'] as const,
};

export const rolesQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: roleKeys.list(orgId),
    queryFn: ({ signal }) => api<RolesResponse>('/roles', { signal }),
    enabled: orgId !== null,
  });
