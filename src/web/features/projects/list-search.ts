import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, isPageSize } from '../../../shared/constants';
import { SEARCH_MAX_LENGTH, sortOrderSchema, type SortOrder } from '../../../shared/schemas/query';
import {
  PROJECT_SORT_FIELDS,
  PROJECT_STATUSES,
  type ProjectSortField,
  type ProjectStatus,
} from '../../../shared/schemas/projects';

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

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * The search params of /projects (`?view=table&search=…&status=archived&page=2&pageSize=50`),
 * so that a filtered list can be bookmarked and shared. Anything invalid is dropped rather
 * than refused.
 */
export const projectListSearchSchema = z.object({
  view: optional(z.enum(PROJECT_VIEWS)),
  search: optional(z.string().max(SEARCH_MAX_LENGTH)),
  status: optional(z.enum(PROJECT_STATUS_FILTERS)),
  sort: optional(z.enum(PROJECT_SORT_FIELDS)),
  order: optional(sortOrderSchema),
  page: optional(z.coerce.number().int().min(1).max(1_000_000)),
  pageSize: optional(z.coerce.number().int().refine(isPageSize)),
});
export type ProjectListSearch = z.output<typeof projectListSearchSchema>;

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
  const merged: ProjectListSearch = { ...current, ...changes };
  const listChanged = (['search', 'status', 'sort', 'order', 'pageSize'] as const).some(
    (key) => key in changes && changes[key] !== current[key],
  );
  if (listChanged && !('page' in changes)) merged.page = undefined;
  const next: ProjectListSearch = {};
  if (merged.view && merged.view !== PROJECT_LIST_DEFAULTS.view) next.view = merged.view;
  if (merged.search?.trim()) next.search = merged.search;
  if (merged.status && merged.status !== PROJECT_LIST_DEFAULTS.status) next.status = merged.status;
  if (merged.sort && merged.sort !== PROJECT_LIST_DEFAULTS.sort) next.sort = merged.sort;
  if (merged.order && merged.order !== PROJECT_LIST_DEFAULTS.order) next.order = merged.order;
  if (merged.page && merged.page !== PROJECT_LIST_DEFAULTS.page) next.page = merged.page;
  if (merged.pageSize && merged.pageSize !== PROJECT_LIST_DEFAULTS.pageSize) {
    next.pageSize = merged.pageSize;
  }
  return next;
}

/**
 * The order a click on a column header asks for: the other direction on the sorted column;
 * names start A to Z, dates newest first.
 */
export function nextSort(
  params: Pick<ProjectListParams, 'sort' | 'order'>,
  field: ProjectSortField,
): { sort: ProjectSortField; order: SortOrder } {
  if (params.sort === field) return { sort: field, order: params.order === 'asc' ? 'desc' : 'asc' };
  return { sort: field, order: field === 'name' || field === 'status' ? 'asc' : 'desc' };
}

/** The last page that has rows (after a delete on the last page, or a smaller total). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
