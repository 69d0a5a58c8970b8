import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CrmDashboardDto } from '../../../../shared/schemas/dashboard';
import { api } from '../../../lib/api';

export type CrmDashboard = CrmDashboardDto;

/** GET /api/v1/dashboard/crm for a range (none: the server's default 12 weeks). */
export const crmDashboardQueryOptions = (
  query: { from?: string; to?: string },
  orgId: string | null,
) =>
  queryOptions({
    queryKey: ['dashboards', orgId, 'crm', query],
    queryFn: ({ signal }) => api<CrmDashboardDto>('/dashboard/crm', { query, signal }),
    placeholderData: keepPreviousData,
    enabled: orgId !== null,
  });
