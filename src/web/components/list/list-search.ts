import { z } from 'zod';
import { isPageSize, type PageSize } from '../../../shared/constants';
import { SEARCH_MAX_LENGTH, sortOrderSchema, type SortOrder } from '../../../shared/schemas/query';

/** A search param that is dropped (rather than refused) when the address holds a bad value. */
export const optionalParam = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * The search params every list page has (`?search=…&page=2&pageSize=50&sort=name&order=asc`),
 * to spread into the route's own `z.object({...})` next to its filters:
 * `validateSearch: (search) => z.object({ ...listSearchShape(SORT_FIELDS), status: … }).parse(search)`.
 */
export function listSearchShape<const S extends readonly [string, ...string[]]>(sortFields: S) {
  return {
    search: optionalParam(z.string().max(SEARCH_MAX_LENGTH)),
    page: optionalParam(z.coerce.number().int().min(1).max(1_000_000)),
    pageSize: optionalParam(
      z.coerce
        .number()
        .int()
        .refine(isPageSize)
        .transform((size) => size as PageSize),
    ),
    sort: optionalParam(z.enum(sortFields)),
    order: optionalParam(sortOrderSchema),
  };
}

/** What a list's address may hold besides its own filters (all optional: defaults stay out). */
export interface ListSearch<S extends string = string> {
  search?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
  sort?: S | undefined;
  order?: SortOrder | undefined;
}

/** The keys whose change shows another list, so the page goes back to 1. */
export const LIST_KEYS = ['search', 'pageSize', 'sort', 'order'] as const;

/**
 * The address without empty values and without values equal to the defaults (page 1, the
 * default page size, sort and filters), so that addresses stay short and one view has one address.
 */
export function compactSearch<T extends object>(search: T, defaults: Partial<T>): T {
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key in defaults && defaults[key as keyof T] === value) continue;
    next[key] = value;
  }
  return next as T;
}

/**
 * The address after `changes`: a change of the search, page size, sort or a filter goes back to
 * the first page (unless the change sets the page itself); defaults are left out.
 */
export function nextListSearch<T extends ListSearch>(
  current: T,
  changes: Partial<T>,
  defaults: Partial<T>,
  filterKeys: readonly (keyof T)[] = [],
): T {
  const merged: T = { ...current, ...changes };
  const resets = [...LIST_KEYS, ...filterKeys] as (keyof T)[];
  const listChanged = resets.some((key) => key in changes && changes[key] !== current[key]);
  if (listChanged && !('page' in changes)) merged.page = undefined;
  return compactSearch(merged, defaults);
}

/**
 * The order a click on a column header asks for: the other direction on the sorted column, the
 * column's first direction (`firstOrder`, ascending unless told) on another one.
 */
export function toggledSort<S extends string>(
  current: { sort: S; order: SortOrder },
  field: S,
  firstOrder: (field: S) => SortOrder = () => 'asc',
): { sort: S; order: SortOrder } {
  if (current.sort === field)
    return { sort: field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: field, order: firstOrder(field) };
}

/** The last page that has rows (after a delete on the last page, or a smaller total). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
