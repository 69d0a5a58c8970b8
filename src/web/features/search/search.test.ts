import { describe, expect, it } from 'vitest';
import { isSearchHotkey, moveActiveIndex, normalizeForSearch, searchItems } from './search';

const items = [
  { id: 'home', title: 'Home', path: '/' },
  { id: 'projects', title: 'Projects', path: '/projects' },
  { id: 'data', title: 'Data sources', path: '/data-sources' },
  { id: 'privacy', title: 'Politique de confidentialité', path: '/privacy-policy' },
  { id: 'acl', title: 'Access control', path: '/access-control' },
];

describe('page search', () => {
  it('returns every page for an empty query', () => {
    expect(searchItems(items, '  ')).toEqual(items);
  });

  it('matches titles case-insensitively, best matches first', () => {
    expect(searchItems(items, 'SOUR').map((item) => item.id)).toEqual(['data']);
    expect(searchItems(items, 'co').map((item) => item.id)).toEqual(['privacy', 'acl']);
    expect(searchItems(items, 'S').map((item) => item.id)).toEqual(['data', 'projects', 'acl']);
  });

  it('ignores accents and needs every word', () => {
    expect(searchItems(items, 'confidentialite').map((item) => item.id)).toEqual(['privacy']);
    expect(searchItems(items, 'data control')).toEqual([]);
  });

  it('also matches the path', () => {
    expect(searchItems(items, 'privacy-policy').map((item) => item.id)).toEqual(['privacy']);
  });

  it('normalises Arabic diacritics', () => {
    expect(normalizeForSearch('مَشَارِيع')).toBe('مشاريع');
  });
});

describe('keyboard', () => {
  it('arrows wrap around the results', () => {
    expect(moveActiveIndex(-1, 1, 3)).toBe(0);
    expect(moveActiveIndex(-1, -1, 3)).toBe(2);
    expect(moveActiveIndex(2, 1, 3)).toBe(0);
    expect(moveActiveIndex(0, -1, 3)).toBe(2);
    expect(moveActiveIndex(0, 1, 0)).toBe(-1);
  });

  it('Ctrl+K and Cmd+K open the search', () => {
    const base = { ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(isSearchHotkey({ ...base, key: 'k', ctrlKey: true })).toBe(true);
    expect(isSearchHotkey({ ...base, key: 'K', metaKey: true })).toBe(true);
    expect(isSearchHotkey({ ...base, key: 'k' })).toBe(false);
    expect(isSearchHotkey({ ...base, key: 'k', ctrlKey: true, shiftKey: true })).toBe(false);
  });
});
