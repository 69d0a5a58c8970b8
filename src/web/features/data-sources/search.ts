import { isPageSize } from '../../../shared/constants';
import { DATA_SOURCE_TYPES, type DataSourceType } from '../../../shared/schemas/data-sources';

/** The address of /data-sources: what the list shows (defaults are left out). */
export interface DataSourceListSearch {
  search?: string | undefined;
  type?: DataSourceType | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

export const DATA_SOURCE_LIST_PAGE_SIZE = 10;

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : undefined;
};

export function parseDataSourceListSearch(search: Record<string, unknown>): DataSourceListSearch {
  const text =
    typeof search.search === 'string' && search.search.trim() ? search.search : undefined;
  const type = DATA_SOURCE_TYPES.find((candidate) => candidate === search.type);
  const page = positiveInt(search.page);
  const pageSize = positiveInt(search.pageSize);
  return {
    ...(text ? { search: text.slice(0, 200) } : {}),
    ...(type ? { type } : {}),
    ...(page && page > 1 ? { page } : {}),
    ...(pageSize && isPageSize(pageSize) && pageSize !== DATA_SOURCE_LIST_PAGE_SIZE
      ? { pageSize }
      : {}),
  };
}

export const DATA_SOURCE_TABS = ['overview', 'settings', 'schema', 'query', 'projects'] as const;
export type DataSourceTab = (typeof DATA_SOURCE_TABS)[number];

/** The address of /data-sources/{id}: the open tab (overview by default). */
export interface DataSourceDetailSearch {
  tab?: DataSourceTab | undefined;
}

export function parseDataSourceDetailSearch(
  search: Record<string, unknown>,
): DataSourceDetailSearch {
  const tab = DATA_SOURCE_TABS.find((candidate) => candidate === search.tab);
  return tab && tab !== 'overview' ? { tab } : {};
}
