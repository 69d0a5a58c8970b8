import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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

const here = path.dirname(new URL(import.meta.url).pathname);
const partsOf = (code: string) =>
  readdirSync(path.join(here, code)).filter((f) => f.endsWith('.json'));
const read = (code: string, part: string) =>
  JSON.parse(readFileSync(path.join(here, code, part), 'utf8')) as Tree;

describe('locales', () => {
  for (const code of ['fr', 'ar']) {
    it(`${code} has the same part files as en`, () => {
      expect(partsOf(code).sort()).toEqual(partsOf('en').sort());
    });
  }

  for (const part of partsOf('en')) {
    describe(part, () => {
      const english = flatten(read('en', part));
      for (const code of ['fr', 'ar']) {
        const translated = flatten(read(code, part));

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
  }

  it('part files never share a top-level key', () => {
    const seen = new Map<string, string>();
    for (const part of partsOf('en')) {
      for (const key of Object.keys(read('en', part))) {
        expect(seen.get(key), `${key} in ${part}`).toBeUndefined();
        seen.set(key, part);
      }
    }
  });
});
