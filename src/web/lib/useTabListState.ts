import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { z } from 'zod';
import type { ListSearch } from '../components/list/list-search';
import {
  useListState,
  type ListState,
  type ListStateOptions,
} from '../components/list/useListState';

/**
 * The list state of one tab of a page whose `?tab=` names the open tab (the super-admin
 * console, the organisation page): the open tab's list params sit next to `tab` in the address
 * (`?tab=users&search=ada&page=2`), so a link reproduces the view; switching tabs drops them.
 *
 * `schema` reads the tab's params out of the address (and drops what is not the tab's); the
 * route's `validateSearch` keeps them for that tab (see `tabSearch`).
 */
export function useTabListState<T extends ListSearch>(
  schema: z.ZodType<T>,
  options: Omit<ListStateOptions<T>, 'search' | 'navigate'>,
): ListState<T> {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const search = useMemo(() => schema.parse(raw), [schema, raw]);
  return useListState({
    ...options,
    search,
    navigate: (next, replace) =>
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => ({ tab: prev.tab, ...next(schema.parse(prev)) }),
        replace,
      } as never),
  });
}

/**
 * For a route's `validateSearch`: the params of the open tab, read with its schema (nothing
 * for a tab without a list).
 */
export function tabSearch<Tab extends string>(
  tab: Tab | undefined,
  schemas: Partial<Record<Tab, z.ZodType<object>>>,
  search: Record<string, unknown>,
): object {
  const schema = tab === undefined ? undefined : schemas[tab];
  return schema ? schema.parse(search) : {};
}
