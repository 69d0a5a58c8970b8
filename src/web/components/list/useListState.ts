import { useRouter } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useState } from 'react';
import type { SortOrder } from '../../../shared/schemas/query';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import type { TablePaging } from '../TablePager';
import { nextListSearch, toggledSort, type ListSearch } from './list-search';
import type { TableSorting } from './SortableHeaderCell';

/** The values a list shows while its address says nothing (they are also left out of it). */
export type ListDefaults<T extends ListSearch> = Partial<T> & {
  pageSize: number;
  sort: NonNullable<T['sort']>;
  order: SortOrder;
};

export interface ListStateOptions<T extends ListSearch> {
  /** The route's validated search params: `routeApi.useSearch()`. */
  search: T;
  /**
   * Writes the address: `(search, replace) => void navigate({ search, replace })` with the
   * route's `useNavigate()`. `replace` is true while typing in the search box, false otherwise
   * (so back and forward step through the views).
   */
  navigate: (search: (prev: T) => T, replace: boolean) => void;
  defaults: ListDefaults<T>;
  /** The keys of the filters: a change goes back to page 1, `clearFilters` empties them. */
  filters?: readonly (keyof T)[];
  /** The first direction of a newly sorted column (ascending unless told). */
  firstOrder?: (field: NonNullable<T['sort']>) => SortOrder;
  /** Pause after the last key stroke before the search reaches the address. */
  debounceMs?: number;
}

export interface ListState<T extends ListSearch> {
  /** The address as it is (filters included). */
  search: T;
  /** The trimmed search text for the API (undefined when blank). */
  query: string | undefined;
  /** What the search box shows: what is typed, until the address catches up. */
  searchText: string;
  setSearchText: (text: string) => void;
  page: number;
  pageSize: number;
  sort: NonNullable<T['sort']>;
  order: SortOrder;
  /** Changes the address; see `nextListSearch` for the page reset. */
  update: (changes: Partial<T>, options?: { replace?: boolean }) => void;
  /** Whether the search or a filter narrows the list. */
  filtered: boolean;
  /** Empties the search box and the filters. */
  clearFilters: () => void;
  /** Spread into `TablePager`. */
  paging: TablePaging;
  /** Give to each `SortableHeaderCell`. */
  sorting: TableSorting<NonNullable<T['sort']>>;
}

/**
 * A list's state in the URL (search, page, page size, sort, order and typed filters), so that
 * a link reproduces the view and back/forward works. The search box is debounced: what is typed
 * is a draft until the pause, then it replaces the address; the address rules otherwise.
 */
export function useListState<T extends ListSearch>({
  search,
  navigate,
  defaults,
  filters = [],
  firstOrder,
  debounceMs = 300,
}: ListStateOptions<T>): ListState<T> {
  const router = useRouter();
  const update = (changes: Partial<T>, { replace = false }: { replace?: boolean } = {}) =>
    navigate((prev) => nextListSearch(prev, changes, defaults, filters), replace);

  const urlText = search.search ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null && draft === urlText) setDraft(null);
  const debounced = useDebouncedValue(draft, debounceMs);
  const [pathname] = useState(() => router.latestLocation.pathname);
  const writeSearch = useEffectEvent((text: string | null) => {
    // A search still waiting must not pull the user back here once they have left.
    if (text === null || text === urlText) return;
    if (router.latestLocation.pathname !== pathname) return;
    update({ search: text.trim() ? text : undefined } as Partial<T>, { replace: true });
  });
  useEffect(() => writeSearch(debounced), [debounced]);

  const sort = (search.sort ?? defaults.sort) as NonNullable<T['sort']>;
  const order = search.order ?? defaults.order;
  const query = search.search?.trim() || undefined;
  const filtered =
    Boolean(query) ||
    filters.some((key) => search[key] !== undefined && search[key] !== defaults[key]);
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? defaults.pageSize;

  return {
    search,
    query,
    searchText: draft ?? urlText,
    setSearchText: setDraft,
    page,
    pageSize,
    sort,
    order,
    update,
    filtered,
    clearFilters: () => {
      setDraft(null);
      const cleared: Partial<T> = { search: undefined } as Partial<T>;
      for (const key of filters) cleared[key] = undefined;
      update(cleared);
    },
    paging: {
      page,
      pageSize,
      onPageChange: (next) => update({ page: next } as Partial<T>),
      onPageSizeChange: (size) => update({ pageSize: size } as Partial<T>),
    },
    sorting: {
      sort,
      order,
      onSort: (field) => update(toggledSort({ sort, order }, field, firstOrder) as Partial<T>),
    },
  };
}
