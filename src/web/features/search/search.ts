import type { SearchHit, SearchResponse } from '../../../shared/schemas/search';

/** One searchable page (from the navigation). */
export interface SearchItem {
  id: string;
  /** Translated title. */
  title: string;
  path: string;
}

/** Lower case, without accents or Arabic diacritics, so "resume" finds "Résumé". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .toLocaleLowerCase()
    .trim();
}

/**
 * The items whose title (or path) contains every word of the query, best first: a title that
 * starts with the query, then a word of the title that does, then any other match. Same-rank
 * items keep their navigation order. An empty query returns every item.
 */
export function searchItems<T extends SearchItem>(items: readonly T[], query: string): T[] {
  const needle = normalizeForSearch(query);
  if (!needle) return [...items];
  const words = needle.split(/\s+/);
  const ranked: { item: T; rank: number; index: number }[] = [];
  items.forEach((item, index) => {
    const title = normalizeForSearch(item.title);
    const haystack = `${title} ${item.path.toLowerCase()}`;
    if (!words.every((word) => haystack.includes(word))) return;
    let rank = 2;
    if (title.startsWith(needle)) rank = 0;
    else if (title.split(/\s+/).some((word) => word.startsWith(words[0] ?? ''))) rank = 1;
    ranked.push({ item, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ item }) => item);
}

/** The index after moving through `count` results with the arrow keys (wrapping around). */
export function moveActiveIndex(current: number, delta: number, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return (((current + delta) % count) + count) % count;
}

/** Ctrl+K (Cmd+K on macOS) opens the search. */
export function isSearchHotkey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): boolean {
  return (
    event.key.toLowerCase() === 'k' &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}

// ---------------------------------------------------------------------------
// Records found by the server (GET /api/v1/search)
// ---------------------------------------------------------------------------

/** The server is asked from this many characters on, once typing pauses this long. */
export const SERVER_SEARCH_MIN_CHARS = 2;
export const SERVER_SEARCH_DEBOUNCE_MS = 250;

/** The kinds of records the dialog shows, in the order shown (others are left out). */
export const RECORD_GROUPS = ['projects', 'data-sources', 'customers', 'people'] as const;
export type RecordGroup = (typeof RECORD_GROUPS)[number];

/**
 * Where a found record opens: its page; the customer list with the customer's detail open; for
 * a person, their user page, or the organisation's members tab when the caller may not read users.
 */
export type RecordTarget =
  | { to: '/customer'; search: { customer: string } }
  | { to: '/organization'; search: { tab: 'members' } }
  | { to: string; search?: undefined };

export function recordTarget(type: RecordGroup, id: string, canReadUsers = false): RecordTarget {
  switch (type) {
    case 'projects':
      return { to: `/projects/${encodeURIComponent(id)}` };
    case 'data-sources':
      return { to: `/data-sources/${encodeURIComponent(id)}` };
    case 'customers':
      return { to: '/customer', search: { customer: id } };
    case 'people':
      return canReadUsers
        ? { to: `/apps/user/view/${encodeURIComponent(id)}` }
        : { to: '/organization', search: { tab: 'members' } };
  }
}

const isRecordGroup = (type: string): type is RecordGroup =>
  (RECORD_GROUPS as readonly string[]).includes(type);

/** One option of the dialog: a page of the navigation or a record found by the server. */
export type SearchOption<P extends SearchItem = SearchItem> =
  | { kind: 'page'; key: string; item: P }
  | { kind: 'record'; key: string; group: RecordGroup; hit: SearchHit };

export interface SearchSectionOf<P extends SearchItem = SearchItem> {
  group: 'pages' | RecordGroup;
  options: SearchOption<P>[];
}

/**
 * The sections of the dialog, in order: matching pages, then projects, data sources,
 * customers and people (empty ones left out). The arrow keys walk through their options as one list.
 */
export function searchSections<P extends SearchItem>(
  pages: readonly P[],
  response: SearchResponse | undefined,
): SearchSectionOf<P>[] {
  const sections: SearchSectionOf<P>[] = [];
  if (pages.length > 0) {
    sections.push({
      group: 'pages',
      options: pages.map((item) => ({ kind: 'page', key: `page:${item.id}`, item })),
    });
  }
  for (const group of RECORD_GROUPS) {
    const hits = response?.groups.find(
      (entry) => entry.type === group && isRecordGroup(entry.type),
    )?.items;
    if (!hits || hits.length === 0) continue;
    sections.push({
      group,
      options: hits.map((hit) => ({ kind: 'record', key: `${group}:${hit.id}`, group, hit })),
    });
  }
  return sections;
}

/** Whether the server should be asked about this text. */
export function wantsServerSearch(query: string): boolean {
  return query.trim().length >= SERVER_SEARCH_MIN_CHARS;
}
