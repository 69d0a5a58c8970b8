import type { MiddlewareHandler } from 'hono';
import { HttpError } from './errors.ts';

export const CROSS_SITE_REQUEST = 'CROSS_SITE_REQUEST';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What a browser says of a request its own page made, or one the user typed. */
const SAME_ORIGIN_SITES = new Set(['same-origin', 'none']);

/**
 * Refuses a state-changing request that a browser sent from another site with our cookies
 * (cross-site request forgery): 403 CROSS_SITE_REQUEST. The browser's `Sec-Fetch-Site` header
 * decides when it says same-origin; otherwise `Origin` must be a trusted origin. Requests
 * without a cookie (API keys, scripts) cannot ride on a session, and a request with neither
 * header comes from no browser; both are left to authentication.
 */
export function refuseCrossSite(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method) || !c.req.header('cookie')) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const sameOrigin =
      (site !== undefined && SAME_ORIGIN_SITES.has(site)) ||
      (origin !== undefined && trusted.has(origin)) ||
      (site === undefined && origin === undefined);
    if (!sameOrigin) {
      throw new HttpError(
        403,
        CROSS_SITE_REQUEST,
        'This request came from another site and was refused. Use Meridian from its own address.',
      );
    }
    await next();
  };
}
