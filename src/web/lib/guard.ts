import type { RouteMeta } from './route-meta';

export type GuardDecision =
  { kind: 'allow' } | { kind: 'home' } | { kind: 'login'; to: string | undefined };

export interface GuardInput {
  meta: RouteMeta;
  authenticated: boolean;
  /** Path, search and hash of the wanted location. */
  href: string;
  pathname: string;
}

/**
 * The navigation guard of the spec (section 2), as a pure function. Steps so far:
 * 1. public routes pass;
 * 4. unauthenticated-only routes send a signed-in user to /;
 * 5. any other route sends a visitor to login, with `to` holding the wanted path unless it is /.
 * Super-admin, organisation and ability steps (6-11) come with abilities.
 */
export function decideNavigation({
  meta,
  authenticated,
  href,
  pathname,
}: GuardInput): GuardDecision {
  if (meta.public) return { kind: 'allow' };
  if (meta.unauthenticatedOnly) return authenticated ? { kind: 'home' } : { kind: 'allow' };
  if (!authenticated) return { kind: 'login', to: pathname === '/' ? undefined : href };
  return { kind: 'allow' };
}

/**
 * A `to` search parameter is only followed if it is a path on this site: it starts with a
 * single "/" and is not the login page itself. Anything else falls back to "/".
 */
export function safeRedirectTarget(to: unknown): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//')) return '/';
  if (to.includes('\\') || [...to].some((char) => char.charCodeAt(0) < 0x20)) return '/';
  const url = new URL(to, 'http://meridian.invalid');
  if (url.origin !== 'http://meridian.invalid' || url.pathname === '/login') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
