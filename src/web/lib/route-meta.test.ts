import { describe, expect, it } from 'vitest';
import { layoutOf, mergeMeta } from './route-meta';

describe('layoutOf', () => {
  it("is the meta's layout whoever looks", () => {
    expect(layoutOf({ layout: 'default' }, false)).toBe('default');
    expect(layoutOf({ layout: 'blank' }, true)).toBe('blank');
  });

  it('frames a status page in the default layout only for someone signed in', () => {
    const notFound = mergeMeta([
      { staticData: { meta: { public: true, framedWhenSignedIn: true } } },
    ]);
    expect(layoutOf(notFound, true)).toBe('default');
    expect(layoutOf(notFound, false)).toBeUndefined();
    expect(layoutOf({ public: true }, true)).toBeUndefined();
  });
});
