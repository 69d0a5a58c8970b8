import { z } from 'zod';
import { isPageSize, type PageSize } from '../../../shared/constants';
import {
  CUSTOMER_LIMITS,
  CUSTOMER_SORT_FIELDS,
  CUSTOMER_STATUSES,
  OWNER_NONE,
  type CustomerSortField,
} from '../../../shared/schemas/customers';
import { SEARCH_MAX_LENGTH, sortOrderSchema, type SortOrder } from '../../../shared/schemas/query';
import type { CustomerFilters, CustomerListParams } from './api/customers';

/** The list's page size until the user picks another one. */
export const CUSTOMER_LIST_PAGE_SIZE: PageSize = 10;
export const DEFAULT_SORT: CustomerSortField = 'createdAt';
export const DEFAULT_ORDER: SortOrder = 'desc';

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

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
  page: optional(z.coerce.number().int().min(1).max(1_000_000)),
  pageSize: optional(z.coerce.number().refine(isPageSize)),
  search: optional(z.string().max(SEARCH_MAX_LENGTH)),
  status: optional(z.enum(CUSTOMER_STATUSES)),
  owner: optional(z.union([z.uuid(), z.literal(OWNER_NONE)])),
  tags: optional(z.string().max(CUSTOMER_LIMITS.tags * (CUSTOMER_LIMITS.tag + 1))),
  sort: optional(z.enum(CUSTOMER_SORT_FIELDS)),
  order: optional(sortOrderSchema),
  /** The customer whose detail is open (the navbar search links here). */
  customer: optional(z.uuid()),
});
export type CustomerListSearch = z.output<typeof customerListSearchSchema>;

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
  const firstOrder: SortOrder = field === 'createdAt' || field === 'updatedAt' ? 'desc' : 'asc';
  const order: SortOrder =
    current.sort === field ? (current.order === 'asc' ? 'desc' : 'asc') : firstOrder;
  return {
    sort: field === DEFAULT_SORT && order === DEFAULT_ORDER ? undefined : field,
    order: field === DEFAULT_SORT && order === DEFAULT_ORDER ? undefined : order,
  };
}
