import { describe, expect, it } from 'vitest';
import { diffValues, formatValue, stableJson } from './diff';

describe('diffValues', () => {
  it('compares two objects field by field, in order of appearance', () => {
    expect(
      diffValues(
        { role: 'member', name: 'Ada', logo: 'a.png', slug: 'ada' },
        { role: 'admin', name: 'Ada', logo: null, joined: '2025-01-31' },
      ),
    ).toEqual([
      { field: 'role', before: 'member', after: 'admin', change: 'changed' },
      { field: 'name', before: 'Ada', after: 'Ada', change: 'unchanged' },
      { field: 'logo', before: 'a.png', after: null, change: 'removed' },
      { field: 'slug', before: 'ada', after: undefined, change: 'notRecorded' },
      { field: 'joined', before: undefined, after: '2025-01-31', change: 'added' },
    ]);
  });

  it('counts null and a missing value as the same nothing', () => {
    expect(diffValues({ logo: null }, { logo: null, name: 'x' })[0]?.change).toBe('unchanged');
    expect(diffValues({ logo: undefined }, { logo: null })[0]?.change).toBe('unchanged');
  });

  it('treats a missing side as an empty object (creation, deletion)', () => {
    expect(diffValues(null, { email: 'a@b.test' })).toEqual([
      { field: 'email', before: undefined, after: 'a@b.test', change: 'added' },
    ]);
    expect(diffValues({ slug: 'acme' }, null)).toEqual([
      { field: 'slug', before: 'acme', after: undefined, change: 'removed' },
    ]);
    expect(diffValues(null, null)).toEqual([]);
  });

  it('compares nested values as a whole, whatever their key order', () => {
    expect(diffValues({ meta: { a: 1, b: 2 } }, { meta: { b: 2, a: 1 } })[0]?.change).toBe(
      'unchanged',
    );
    expect(diffValues({ tags: ['a'] }, { tags: ['a', 'b'] })[0]?.change).toBe('changed');
  });

  it('compares values that are not objects whole', () => {
    expect(diffValues(false, true)).toEqual([
      { field: '', before: false, after: true, change: 'changed' },
    ]);
    expect(diffValues(['x'], null)).toEqual([
      { field: '', before: ['x'], after: null, change: 'removed' },
    ]);
  });
});

describe('formatValue and stableJson', () => {
  it('shows strings bare, other values as JSON, nothing as empty', () => {
    expect(formatValue('admin')).toBe('admin');
    expect(formatValue(null)).toBe('');
    expect(formatValue({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatValue(3)).toBe('3');
  });

  it('sorts keys at every depth', () => {
    expect(stableJson({ b: { d: 1, c: 2 }, a: 1 })).toBe('{"a":1,"b":{"c":2,"d":1}}');
  });
});
