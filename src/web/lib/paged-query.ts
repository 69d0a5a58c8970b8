import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Page } from '../../shared/schemas/pagination';
import { api, type ApiOptions } from './api';

/** The paging and search of a simple list, as the API takes them (a blank search is none). */
export interface SearchPage {
  page: number;
  pageSize: number;
  search: string;
}

export const searchPageQuery = ({ page, pageSize, search }: SearchPage) => ({
  page,
  pageSize,
  search: search.trim() || undefined,
});

/**
 * The query of one page of a list: GET `path` with `query`. Paging, filtering and searching keep
 * the rows on screen until the next page arrives.
 */
export function pageQueryOptions<TPage = Page<unknown>>(
  queryKey: QueryKey,
  path: string,
  query: ApiOptions['query'],
  options: { enabled?: boolean; retry?: false } = {},
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api<TPage>(path, { signal, query }),
    placeholderData: keepPreviousData,
    ...options,
  });
}
