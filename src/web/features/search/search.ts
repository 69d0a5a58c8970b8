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
