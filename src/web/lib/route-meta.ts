/**
 * Route meta (spec section 2): each route file declares it as `staticData.meta`; the root
 * route's beforeLoad runs the guard on it, the root component picks the layout from it.
 */
export type LayoutName = 'default' | 'blank' | 'fixed-height';

export interface RouteMeta {
  layout?: LayoutName;
  /** Anyone may open the route; the guard does not look at the session. */
  public?: boolean;
  /** Only for visitors without a session (login, register, forgot-password). */
  unauthenticatedOnly?: boolean;
  requiresAuth?: boolean;
  requiresSuperAdmin?: boolean;
  /** CASL action and subject the route needs (checked once abilities exist). */
  action?: string;
  subject?: string;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    meta?: RouteMeta;
  }
}

/** The meta of a matched branch: deeper routes override what their parents declare. */
export function mergeMeta(matches: readonly { staticData?: { meta?: RouteMeta } }[]): RouteMeta {
  return matches.reduce<RouteMeta>((meta, match) => ({ ...meta, ...match.staticData?.meta }), {});
}
