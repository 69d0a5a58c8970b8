import { describe, expect, it } from 'vitest';
import { decideNavigation, safeRedirectTarget } from './guard';

describe('decideNavigation', () => {
  const at = (pathname: string, search = '') => ({ pathname, href: `${pathname}${search}` });

  it('lets anyone through a public route', () => {
    expect(
      decideNavigation({ meta: { public: true }, authenticated: false, ...at('/verify-email') }),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('sends a signed-in user away from unauthenticated-only routes', () => {
    const meta = { unauthenticatedOnly: true };
    expect(decideNavigation({ meta, authenticated: true, ...at('/login') })).toEqual({
      kind: 'home',
    });
    expect(decideNavigation({ meta, authenticated: false, ...at('/login') })).toEqual({
      kind: 'allow',
    });
  });

  it('sends a visitor to login with the wanted path, except for /', () => {
    expect(
      decideNavigation({ meta: {}, authenticated: false, ...at('/projects', '?page=2') }),
    ).toEqual({
      kind: 'login',
      to: '/projects?page=2',
    });
    expect(decideNavigation({ meta: {}, authenticated: false, ...at('/') })).toEqual({
      kind: 'login',
      to: undefined,
    });
    expect(decideNavigation({ meta: {}, authenticated: true, ...at('/') })).toEqual({
      kind: 'allow',
    });
  });
});

describe('safeRedirectTarget', () => {
  it('keeps paths on this site', () => {
    expect(safeRedirectTarget('/projects?page=2#top')).toBe('/projects?page=2#top');
  });

  it.each([
    undefined,
    42,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login?to=/x',
    '/a\nb',
  ])('falls back to / for %s', (to) => {
    expect(safeRedirectTarget(to)).toBe('/');
  });
});
