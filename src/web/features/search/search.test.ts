import { describe, expect, it } from 'vitest';
import {
  isSearchHotkey,
  moveActiveIndex,
  normalizeForSearch,
  recordTarget,
  searchItems,
  searchSections,
  wantsServerSearch,
} from './search';
import type { SearchResponse } from '../../../shared/schemas/search';

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

describe('records from the server', () => {
  const response: SearchResponse = {
    q: 'ac',
    groups: [
      { type: 'projects', items: [{ id: 'p1', title: 'Acme rollout', subtitle: 'active' }] },
      {
        type: 'customers',
        items: [
          { id: 'c1', title: 'Acme Corp', subtitle: 'acme.example' },
          { id: 'c2', title: 'Tracy Black', subtitle: null },
        ],
      },
      { type: 'data-sources', items: [] },
      { type: 'agents', items: [{ id: 'a1', title: 'Accounting bot', subtitle: null }] },
    ],
  };

  it('asks the server from two characters on', () => {
    expect(wantsServerSearch('a')).toBe(false);
    expect(wantsServerSearch(' a ')).toBe(false);
    expect(wantsServerSearch('ac')).toBe(true);
  });

  it('lists pages, then projects, data sources and customers; empty and unknown kinds are left out', () => {
    const sections = searchSections([items[4]!], response);
    expect(sections.map((section) => section.group)).toEqual(['pages', 'projects', 'customers']);
    expect(sections.flatMap((section) => section.options.map((option) => option.key))).toEqual([
      'page:acl',
      'projects:p1',
      'customers:c1',
      'customers:c2',
    ]);
    expect(searchSections([], undefined)).toEqual([]);
  });

  it('opens projects and data sources on their page, customers in the list with their detail', () => {
    expect(recordTarget('projects', 'p1')).toEqual({ to: '/projects/p1' });
    expect(recordTarget('data-sources', 'd 1')).toEqual({ to: '/data-sources/d%201' });
    expect(recordTarget('customers', 'c1')).toEqual({
      to: '/customer',
      search: { customer: 'c1' },
    });
  });

  it('lists people last and opens a person on their user page, or the members tab', () => {
    const withPeople: SearchResponse = {
      q: 'ad',
      groups: [
        {
          type: 'people',
          items: [{ id: 'u1', title: 'Ada Admin', subtitle: 'ada@example.test', image: null }],
        },
        ...response.groups,
      ],
    };
    const sections = searchSections([], withPeople);
    expect(sections.map((section) => section.group)).toEqual(['projects', 'customers', 'people']);
    expect(recordTarget('people', 'u1', true)).toEqual({ to: '/apps/user/view/u1' });
    expect(recordTarget('people', 'u1', false)).toEqual({
      to: '/organization',
      search: { tab: 'members' },
    });
  });

  it('the arrow keys walk through every section as one list', () => {
    const count = searchSections(items, response).flatMap((section) => section.options).length;
    expect(count).toBe(items.length + 3);
    expect(moveActiveIndex(count - 1, 1, count)).toBe(0);
  });
});
