import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import fr from './fr.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [child, text] of flatten(value, path)) entries.set(child, text);
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

describe('locales', () => {
  const english = flatten(en);

  for (const [code, locale] of [
    ['fr', fr],
    ['ar', ar],
  ] as const) {
    const translated = flatten(locale);

    it(`${code} has exactly the keys of en`, () => {
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it(`${code} keeps every placeholder and tag of en, with no empty text`, () => {
      for (const [key, text] of english) {
        const other = translated.get(key) ?? '';
        expect(other.trim(), key).not.toBe('');
        expect(placeholders(other), key).toEqual(placeholders(text));
        expect(tags(other), key).toEqual(tags(text));
      }
    });
  }
});
