import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { SearchResponse } from '../../../../shared/schemas/search';
import { SERVER_SEARCH_MIN_CHARS } from '../search';

/** GET /api/v1/search: records of the selected organisation (nothing under 2 characters). */
export const serverSearchQueryOptions = (query: string, orgId: string | null) => {
  const q = query.trim();
  return queryOptions({
    queryKey: ['search', orgId, q],
    queryFn: ({ signal }) => api<SearchResponse>('/search', { query: { q }, signal }),
    enabled: orgId !== null && q.length >= SERVER_SEARCH_MIN_CHARS,
    staleTime: 10_000,
  });
};
