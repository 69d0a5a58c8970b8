import { z } from 'zod';
import type { PageSize } from '../../../shared/constants';
import {
  CUSTOMER_LIMITS,
  CUSTOMER_SORT_FIELDS,
  CUSTOMER_STATUSES,
  OWNER_NONE,
  type CustomerSortField,
} from '../../../shared/schemas/customers';
import type { SortOrder } from '../../../shared/schemas/query';
import {
  listSearchShape,
  optionalParam as optional,
  toggledSort,
} from '../../components/list/list-search';
import type { ListDefaults } from '../../components/list/useListState';
import type { CustomerFilters, CustomerListParams } from './api/customers';

/** The list's page size until the user picks another one. */
export const CUSTOMER_LIST_PAGE_SIZE: PageSize = 10;
export const DEFAULT_SORT: CustomerSortField = 'createdAt';
export const DEFAULT_ORDER: SortOrder = 'desc';

/** `tags=a,b` in the address: trimmed, without blanks or repeats. */
export function parseTagList(value: string | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag.length > 0 && tag.length <= CUSTOMER_LIMITS.tag),
    ),
  ].slice(0, CUSTOMER_LIMITS.tags);
}

/** The tags as they go in the address (undefined for none, so the key disappears). */
export function formatTagList(tags: readonly string[]): string | undefined {
  const list = parseTagList(tags.join(','));
  return list.length > 0 ? list.join(',') : undefined;
}

/**
 * The search params of /customer, so that a filtered list (and an open customer) can be
 * bookmarked and shared. Anything invalid in the address is dropped rather than refused.
 */
export const customerListSearchSchema = z.object({
  ...listSearchShape(CUSTOMER_SORT_FIELDS),
  status: optional(z.enum(CUSTOMER_STATUSES)),
  owner: optional(z.union([z.uuid(), z.literal(OWNER_NONE)])),
  tags: optional(z.string().max(CUSTOMER_LIMITS.tags * (CUSTOMER_LIMITS.tag + 1))),
  /** The customer whose detail is open (the navbar search links here). */
  customer: optional(z.uuid()),
});
export type CustomerListSearch = z.output<typeof customerListSearchSchema>;

/** What the list shows while the address says nothing (left out of the address). */
export const CUSTOMER_LIST_DEFAULTS = {
  pageSize: CUSTOMER_LIST_PAGE_SIZE,
  sort: DEFAULT_SORT,
  order: DEFAULT_ORDER,
} as const satisfies ListDefaults<CustomerListSearch>;

/** The filters of the list (the search box aside): a change empties the selection. */
export const CUSTOMER_FILTERS = ['status', 'owner', 'tags'] as const;

/** A newly sorted column starts ascending, dates newest first. */
export const customerFirstOrder = (field: CustomerSortField): SortOrder =>
  field === 'createdAt' || field === 'updatedAt' ? 'desc' : 'asc';

/** The API filters the address asks for. */
export function customerFilters(search: CustomerListSearch): CustomerFilters {
  const text = search.search?.trim();
  return {
    search: text ? text : undefined,
    status: search.status,
    owner: search.owner,
    tags: formatTagList(parseTagList(search.tags)),
    sort: search.sort ?? DEFAULT_SORT,
    order: search.order ?? DEFAULT_ORDER,
  };
}

export function customerListParams(search: CustomerListSearch): CustomerListParams {
  return {
    ...customerFilters(search),
    page: search.page ?? 1,
    pageSize: search.pageSize ?? CUSTOMER_LIST_PAGE_SIZE,
  };
}

/** Whether any filter narrows the list (the empty state then offers to clear them). */
export function hasFilters(search: CustomerListSearch): boolean {
  const filters = customerFilters(search);
  return Boolean(filters.search || filters.status || filters.owner || filters.tags);
}

/**
 * The next sort after a click on a column header: a new column starts ascending (dates newest
 * first), the same column flips. The defaults are left out of the address.
 */
export function nextSort(
  current: { sort: CustomerSortField; order: SortOrder },
  field: CustomerSortField,
): Pick<CustomerListSearch, 'sort' | 'order'> {
  const { sort, order } = toggledSort(current, field, customerFirstOrder);
  const isDefault = sort === DEFAULT_SORT && order === DEFAULT_ORDER;
  return { sort: isDefault ? undefined : sort, order: isDefault ? undefined : order };
}
