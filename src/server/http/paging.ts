import type { Page, PageQuery } from '../../shared/schemas/pagination.ts';

/** The rows a page asks for: `.limit(range.limit).offset(range.offset)`. */
export type PageRange = { limit: number; offset: number };

/**
 * Reads one page of a list: its rows and the total of the same filter, side by side. Returns the
 * page without its items, which the caller maps from `rows`
 * (`{ items: rows.map(toDto), ...page }`).
 */
export async function readPage<Row>(
  query: PageQuery,
  rows: (range: PageRange) => PromiseLike<Row[]>,
  total: PromiseLike<{ total: number }[]>,
): Promise<Omit<Page<never>, 'items'> & { rows: Row[] }> {
  const range = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const [found, [totals]] = await Promise.all([rows(range), total]);
  return { rows: found, total: totals?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
