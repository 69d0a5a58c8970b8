// @vitest-environment happy-dom
import { useNavigate, useSearch } from '@tanstack/react-router';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listSearchShape, nextListSearch, optionalParam, toggledSort } from './list-search';
import { renderRoute } from './test-wrapper';
import { useListState } from './useListState';

const schema = z.object({
  ...listSearchShape(['name', 'createdAt']),
  status: optionalParam(z.enum(['open', 'closed'])),
});
type Search = z.output<typeof schema>;
const validate = (search: Record<string, unknown>) => schema.parse(search);

function Page() {
  const search = useSearch({ strict: false }) as Search;
  const navigate = useNavigate();
  const list = useListState<Search>({
    search,
    // The test's routes are not the app's: the typed navigate does not know them.
    navigate: (next, replace) =>
      void (navigate as (options: object) => Promise<void>)({
        to: '/list',
        search: (prev: Search) => next(prev),
        replace,
      }),
    defaults: { pageSize: 20, sort: 'createdAt', order: 'desc' },
    filters: ['status'],
    firstOrder: (field) => (field === 'createdAt' ? 'desc' : 'asc'),
    debounceMs: 50,
  });
  return (
    <div>
      <label>
        Search
        <input
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
        />
      </label>
      <output aria-label="state">
        {JSON.stringify({
          query: list.query,
          page: list.page,
          pageSize: list.pageSize,
          sort: list.sort,
          order: list.order,
          status: list.search.status ?? null,
          filtered: list.filtered,
        })}
      </output>
      <button onClick={() => list.paging.onPageChange(3)}>Page 3</button>
      <button onClick={() => list.paging.onPageSizeChange(50)}>50 rows</button>
      <button onClick={() => list.sorting.onSort('name')}>Sort name</button>
      <button onClick={() => list.update({ status: 'open' })}>Open only</button>
      <button onClick={list.clearFilters}>Clear</button>
    </div>
  );
}

const state = () =>
  JSON.parse(screen.getByLabelText('state').textContent ?? '{}') as Record<string, unknown>;

afterEach(cleanup);

describe('useListState', () => {
  it('reads the view from the address, with the defaults for what it leaves out', async () => {
    await renderRoute(
      Page,
      validate,
      '/list?search=ada&page=2&pageSize=50&sort=name&order=asc&status=closed',
    );
    expect(state()).toEqual({
      query: 'ada',
      page: 2,
      pageSize: 50,
      sort: 'name',
      order: 'asc',
      status: 'closed',
      filtered: true,
    });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveProperty('value', 'ada');
  });

  it('drops invalid values and starts from the defaults', async () => {
    await renderRoute(Page, validate, '/list?page=-1&pageSize=7&sort=evil&status=x');
    expect(state()).toMatchObject({
      page: 1,
      pageSize: 20,
      sort: 'createdAt',
      order: 'desc',
      filtered: false,
    });
  });

  it('writes page, size, sort and filters to the address and goes back to page 1', async () => {
    const { router } = await renderRoute(Page, validate);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 3 }));
    await user.click(screen.getByRole('button', { name: '50 rows' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ pageSize: 50 }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.click(screen.getByRole('button', { name: 'Sort name' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ pageSize: 50, sort: 'name', order: 'asc' }),
    );
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.click(screen.getByRole('button', { name: 'Open only' }));
    await waitFor(() => expect(state()).toMatchObject({ page: 1, status: 'open', filtered: true }));
    // Back returns to the previous view.
    act(() => router.history.back());
    await waitFor(() => expect(state()).toMatchObject({ page: 3, status: null }));
  });

  it('debounces the search box, then replaces the address; clear empties it', async () => {
    const { router } = await renderRoute(Page, validate, '/list?page=2&status=open');
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Search' });
    await user.type(box, 'grace');
    expect(box).toHaveProperty('value', 'grace');
    expect(router.state.location.search).toEqual({ page: 2, status: 'open' });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ search: 'grace', status: 'open' }),
    );
    expect(state()).toMatchObject({ query: 'grace', page: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(box).toHaveProperty('value', '');
  });

  it('does not write a pending search once the user has left the page', async () => {
    const { router } = await renderRoute(Page, validate);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), {
      target: { value: 'late' },
    });
    await act(() => (router.navigate as (options: object) => Promise<void>)({ to: '/other' }));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(router.state.location.pathname).toBe('/other');
  });
});

describe('list search helpers', () => {
  it('leaves defaults out and resets the page on a new filter', () => {
    const defaults = { pageSize: 20, sort: 'createdAt', order: 'desc' } as const;
    expect(
      nextListSearch<Search>({ page: 4, status: 'open' }, { status: 'closed' }, defaults, [
        'status',
      ]),
    ).toEqual({
      status: 'closed',
    });
    expect(nextListSearch<Search>({ page: 4 }, { page: 1 }, defaults)).toEqual({});
    expect(
      nextListSearch<Search>({}, { pageSize: 20, sort: 'createdAt', order: 'desc' }, defaults),
    ).toEqual({});
  });

  it('flips the sorted column and starts others with their first direction', () => {
    expect(toggledSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({
      sort: 'name',
      order: 'desc',
    });
    expect(toggledSort({ sort: 'name', order: 'asc' }, 'createdAt', () => 'desc')).toEqual({
      sort: 'createdAt',
      order: 'desc',
    });
  });
});
