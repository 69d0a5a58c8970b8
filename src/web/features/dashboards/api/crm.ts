import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CrmDashboardDto } from '../../../../shared/schemas/dashboard';
import { api } from '../../../lib/api';

export type CrmDashboard = CrmDashboardDto;

/** GET /api/v1/dashboard/crm for a range (none: the server's default 12 weeks). */
const ROOT = 'dashboards';
export const dashboardKeys = {
  all: (orgId: string | null) => [ROOT, orgId] as const,
  crm: (orgId: string | null, query: { from?: string; to?: string }) =>
    [ROOT, orgId, 'crm', query] as const,
};

export const crmDashboardQueryOptions = (
  orgId: string | null,
  query: { from?: string; to?: string },
) =>
  queryOptions({
    queryKey: dashboardKeys.crm(orgId, query),
    queryFn: ({ signal }) => api<CrmDashboardDto>('/dashboard/crm', { query, signal }),
    placeholderData: keepPreviousData,
    enabled: orgId !== null,
  });
