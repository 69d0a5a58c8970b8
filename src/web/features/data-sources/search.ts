import { z } from 'zod';
import { DATA_SOURCE_SORTS, DATA_SOURCE_TYPES } from '../../../shared/schemas/data-sources';
import { compactSearch, listSearchShape, optionalParam } from '../../components/list/list-search';
import type { ListDefaults } from '../../components/list/useListState';

const dataSourceListSearchSchema = z.object({
  ...listSearchShape(DATA_SOURCE_SORTS),
  type: optionalParam(z.enum(DATA_SOURCE_TYPES)),
});
/** The address of /data-sources: what the list shows (defaults are left out). */
export type DataSourceListSearch = z.output<typeof dataSourceListSearchSchema>;

/** What the list shows while the address says nothing: by name, ten a page. */
export const DATA_SOURCE_LIST_DEFAULTS = {
  pageSize: 10,
  sort: 'name',
  order: 'asc',
} as const satisfies ListDefaults<DataSourceListSearch>;

/** The route's `validateSearch`: invalid values, blanks and defaults are dropped. */
export function parseDataSourceListSearch(search: Record<string, unknown>): DataSourceListSearch {
  const parsed = dataSourceListSearchSchema.parse(search);
  return compactSearch(
    { ...parsed, search: parsed.search?.trim() ? parsed.search : undefined },
    DATA_SOURCE_LIST_DEFAULTS,
  );
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
