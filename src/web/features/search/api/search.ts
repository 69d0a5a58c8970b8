import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { SearchResponse } from '../../../../shared/schemas/search';
import { SERVER_SEARCH_MIN_CHARS } from '../search';

/** GET /api/v1/search: records of the selected organisation (nothing under 2 characters). */
const ROOT = 'search';
export const searchKeys = {
  all: (orgId: string | null) => [ROOT, orgId] as const,
  results: (orgId: string | null, q: string) => [ROOT, orgId, 'results', q] as const,
};

export const serverSearchQueryOptions = (orgId: string | null, query: string) => {
  const q = query.trim();
  return queryOptions({
    queryKey: searchKeys.results(orgId, q),
    queryFn: ({ signal }) => api<SearchResponse>('/search', { query: { q }, signal }),
    enabled: orgId !== null && q.length >= SERVER_SEARCH_MIN_CHARS,
    staleTime: 10_000,
  });
};
