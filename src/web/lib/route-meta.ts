import type { QueryClient } from '@tanstack/react-query';
import type { Action, Subject } from '../../shared/abilities';

/**
 * Route meta (spec section 2): each route file declares `staticData.meta` (merged from the
 * root down) and, for the routes the spec names, `staticData.name` (the leaf's own). The root
 * route's beforeLoad runs the guard on them; the root component picks the layout from the meta.
 */
export type LayoutName = 'default' | 'blank' | 'fixed-height';

/**
 * Route names of the spec: the ones the guard looks at, and the named screens of the public
 * table. Later issues give their routes the name listed here.
 */
export type RouteName =
  | 'login'
  | 'reset-password'
  | 'index'
  | 'home'
  | 'dashboards-crm'
  | 'projects'
  | 'data-sources'
  | 'organization'
  | 'access-control'
  | 'not-authorized'
  | 'not-found'
  | 'privacy-policy'
  | 'terms-conditions'
  | 'try-builder'
  | 'builder-minimal'
  | 'agents'
  | 'agents-id'
  | 'scheduler'
  | 'projects-id';

export interface RouteMeta {
  layout?: LayoutName;
  /** Anyone may open the route; the guard does not look at the session. */
  public?: boolean;
  /** Only for visitors without a session (login, register, forgot-password). */
  unauthenticatedOnly?: boolean;
  /** Informative: every route that is neither public nor unauthenticated-only needs a session. */
  requiresAuth?: boolean;
  requiresSuperAdmin?: boolean;
  /** CASL action and subject the route needs (guard step 11). */
  action?: Action;
  subject?: Subject;
  /** The page fills the viewport height (with the fixed-height layout). */
  fixedHeight?: boolean;
  footerHidden?: boolean;
  /** Path of the navigation entry to highlight when it is not the route's own path. */
  navActiveLink?: string;
  /**
   * A default-layout page that shows only the core texts (locales/<code>/core.ts): it does not
   * wait for the signed-in pages' texts (app.ts), which load when a page without it opens.
   */
  coreTextsOnly?: boolean;
  /**
   * A page without a layout of its own (not found, not authorised) that shows inside the default
   * layout for someone signed in, and alone (with its own blank frame) for a visitor.
   */
  framedWhenSignedIn?: boolean;
}

/** What a route's `prefetch` is given: the query client and the path's parameters. */
export interface PrefetchContext {
  queryClient: QueryClient;
  params: Record<string, string>;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    meta?: RouteMeta;
    name?: RouteName;
    /**
     * What the page asks for first (into the query cache), started at start-up as soon as the
     * session is known, while the page's code still arrives (main.tsx); the route's loader
     * asks again (a no-op when it is already there). The guard still decides whether the page
     * shows, and the server what may be read.
     */
    prefetch?: (context: PrefetchContext) => void;
  }
}

type MatchLike = { staticData?: { meta?: RouteMeta; name?: RouteName } };

/** The meta of a matched branch: deeper routes override what their parents declare. */
export function mergeMeta(matches: readonly MatchLike[]): RouteMeta {
  return matches.reduce<RouteMeta>((meta, match) => ({ ...meta, ...match.staticData?.meta }), {});
}

/** The layout a page renders in: its meta's, or the default one where it is framed when signed in. */
export function layoutOf(meta: RouteMeta, signedIn: boolean): LayoutName | undefined {
  return meta.layout ?? (meta.framedWhenSignedIn && signedIn ? 'default' : undefined);
}

/** The name of the matched route: the deepest match's own name, never a parent's. */
export function routeName(matches: readonly MatchLike[]): RouteName | undefined {
  return matches[matches.length - 1]?.staticData?.name;
}
