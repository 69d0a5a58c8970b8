import { queryOptions } from '@tanstack/react-query';
import type { HomeOverview } from '../../../../shared/schemas/home';
import { api } from '../../../lib/api';

const ROOT = 'home';
export const homeKeys = {
  all: (orgId: string | null) => [ROOT, orgId] as const,
  overview: (orgId: string | null) => [ROOT, orgId, 'overview'] as const,
};

/** GET /api/v1/home: the selected organisation's counts, first steps and latest changes. */
export const homeOverviewQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: homeKeys.overview(orgId),
    queryFn: ({ signal }) => api<HomeOverview>('/home', { signal }),
    enabled: orgId !== null,
  });
