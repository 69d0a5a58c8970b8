import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { SortOrder } from '../../../shared/schemas/query';
import {
  PROJECT_SORT_FIELDS,
  PROJECT_STATUSES,
  type ProjectSortField,
  type ProjectStatus,
} from '../../../shared/schemas/projects';
import {
  nextListSearch as nextKitSearch,
  optionalParam as optional,
  listSearchShape,
  toggledSort,
} from '../../components/list/list-search';
import type { ListDefaults } from '../../components/list/useListState';

export { lastPage } from '../../components/list/list-search';

export const PROJECT_VIEWS = ['grid', 'table'] as const;
export type ProjectView = (typeof PROJECT_VIEWS)[number];

/** The status filter: one status, or every project. */
export const PROJECT_STATUS_FILTERS = [...PROJECT_STATUSES, 'all'] as const;
export type ProjectStatusFilter = (typeof PROJECT_STATUS_FILTERS)[number];

/** What the list shows until the address says otherwise: live projects, newest first. */
export const PROJECT_LIST_DEFAULTS = {
  view: 'grid',
  status: 'active',
  sort: 'createdAt',
  order: 'desc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies {
  view: ProjectView;
  status: ProjectStatusFilter;
  sort: ProjectSortField;
  order: SortOrder;
  page: number;
  pageSize: number;
};

/**
 * The search params of /projects (`?view=table&search=…&status=archived&page=2&pageSize=50`),
 * so that a filtered list can be bookmarked and shared. Anything invalid is dropped rather
 * than refused.
 */
export const projectListSearchSchema = z.object({
  ...listSearchShape(PROJECT_SORT_FIELDS),
  view: optional(z.enum(PROJECT_VIEWS)),
  status: optional(z.enum(PROJECT_STATUS_FILTERS)),
});
export type ProjectListSearch = z.output<typeof projectListSearchSchema>;

/** The defaults for `useListState` (left out of the address). */
export const PROJECT_LIST_STATE_DEFAULTS = {
  view: PROJECT_LIST_DEFAULTS.view,
  status: PROJECT_LIST_DEFAULTS.status,
  sort: PROJECT_LIST_DEFAULTS.sort,
  order: PROJECT_LIST_DEFAULTS.order,
  pageSize: PROJECT_LIST_DEFAULTS.pageSize,
} as const satisfies ListDefaults<ProjectListSearch>;

/** The list's filter (the search box aside). */
export const PROJECT_FILTERS = ['status'] as const;

/** Names and statuses start A to Z, dates newest first. */
export const projectFirstOrder = (field: ProjectSortField): SortOrder =>
  field === 'name' || field === 'status' ? 'asc' : 'desc';

/** The query of GET /api/v1/projects for the list's address. */
export interface ProjectListParams {
  search: string | undefined;
  status: ProjectStatus | undefined;
  sort: ProjectSortField;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export function projectListParams(search: ProjectListSearch): ProjectListParams {
  const status = search.status ?? PROJECT_LIST_DEFAULTS.status;
  const text = search.search?.trim();
  return {
    search: text ? text : undefined,
    status: status === 'all' ? undefined : status,
    sort: search.sort ?? PROJECT_LIST_DEFAULTS.sort,
    order: search.order ?? PROJECT_LIST_DEFAULTS.order,
    page: search.page ?? PROJECT_LIST_DEFAULTS.page,
    pageSize: search.pageSize ?? PROJECT_LIST_DEFAULTS.pageSize,
  };
}

/**
 * The address for a change of the list: values equal to the defaults are left out (short,
 * clean addresses), and any change of what is listed goes back to the first page.
 */
export function nextListSearch(
  current: ProjectListSearch,
  changes: Partial<ProjectListSearch>,
): ProjectListSearch {
  return nextKitSearch(current, changes, PROJECT_LIST_STATE_DEFAULTS, PROJECT_FILTERS);
}

/** The order a click on a column header asks for (see `projectFirstOrder`). */
export function nextSort(
  params: Pick<ProjectListParams, 'sort' | 'order'>,
  field: ProjectSortField,
): { sort: ProjectSortField; order: SortOrder } {
  return toggledSort(params, field, projectFirstOrder);
}
