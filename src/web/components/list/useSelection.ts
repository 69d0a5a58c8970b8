import { useState } from 'react';

export interface Selection<T> {
  /** The selected items by id, kept across pages. */
  selected: ReadonlyMap<string, T>;
  count: number;
  ids: () => string[];
  isSelected: (id: string) => boolean;
  toggle: (item: T) => void;
  /** Selects every item of the page, or unselects them when all already are. */
  togglePage: (items: readonly T[]) => void;
  /** How the page's "select all" box looks: checked, or indeterminate for some. */
  pageState: (items: readonly T[]) => { checked: boolean; indeterminate: boolean };
  clear: () => void;
}

/**
 * Bulk selection of a list's rows by id, kept across pages and emptied when `resetKey` changes
 * (pass the filters, e.g. `JSON.stringify(filters)`, so a selection never hides rows).
 */
export function useSelection<T>(getId: (item: T) => string, resetKey = ''): Selection<T> {
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(new Map());
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    if (selected.size > 0) setSelected(new Map());
  }
  const onPage = (items: readonly T[]) => items.filter((item) => selected.has(getId(item))).length;
  return {
    selected,
    count: selected.size,
    ids: () => [...selected.keys()],
    isSelected: (id) => selected.has(id),
    toggle: (item) =>
      setSelected((current) => {
        const next = new Map(current);
        const id = getId(item);
        if (next.has(id)) next.delete(id);
        else next.set(id, item);
        return next;
      }),
    togglePage: (items) =>
      setSelected((current) => {
        const next = new Map(current);
        const all = items.every((item) => current.has(getId(item)));
        for (const item of items) {
          if (all) next.delete(getId(item));
          else next.set(getId(item), item);
        }
        return next;
      }),
    pageState: (items) => {
      const count = onPage(items);
      return {
        checked: items.length > 0 && count === items.length,
        indeterminate: count > 0 && count < items.length,
      };
    },
    clear: () => setSelected(new Map()),
  };
}
