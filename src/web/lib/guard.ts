import type { Action, Subject } from '../../shared/abilities';
import type { RouteMeta, RouteName } from './route-meta';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'home' }
  | { kind: 'login'; to: string | undefined }
  | { kind: 'not-authorized' };

/** The wanted route. */
export interface GuardRoute {
  name: RouteName | undefined;
  meta: RouteMeta;
  pathname: string;
  /** Path, search and hash of the wanted location. */
  href: string;
  search: Record<string, unknown>;
  /** The location's hash, without "#". */
  hash: string;
}

/** What the guard knows and may ask about the user; the functions are called only when needed. */
export interface GuardContext {
  hasUserData: boolean;
  explicitLogout: boolean;
  /** Step 2: asks the auth provider for the session and rebuilds user data; true if signed in. */
  recoverSession: () => Promise<boolean>;
  /** Step 6: the server's super-admin check (false when it fails). */
  checkSuperAdmin: () => Promise<boolean>;
  /** Step 8: waits for organisation data (50 tries of 100 ms); false on time-out. */
  waitForOrganization: () => Promise<boolean>;
  /** Step 8, once data is loaded: the role in the selected organisation is admin. */
  isOrganizationAdmin: () => boolean;
  /** Step 11: the ability check, for a user whose super-admin status is given. */
  can: (action: Action, subject: Subject, superAdmin: boolean) => boolean;
}

const ALLOW: GuardDecision = { kind: 'allow' };
const NOT_AUTHORIZED: GuardDecision = { kind: 'not-authorized' };

/** Step 7: routes that every signed-in user may open. */
const OPEN_ROUTES: readonly RouteName[] = [
  'index',
  'home',
  'dashboards-crm',
  'projects',
  'data-sources',
];

/** Step 9: subjects reserved to super admins. */
const SUPER_ADMIN_SUBJECTS: readonly Subject[] = ['Organization', 'Acl'];

/** Step 3: a password-reset link carries a token in the query or an access_token in the hash. */
function isResetLink({ name, search, hash }: GuardRoute): boolean {
  if (name !== 'reset-password') return false;
  const token = search.token;
  return (
    (typeof token === 'string' && token !== '') ||
    new URLSearchParams(hash).get('access_token') !== null
  );
}

/**
 * The navigation guard of the spec (section 2), its 11 steps in order. Pure: everything it
 * needs to ask is passed in `context`.
 */
export async function decideNavigation(
  route: GuardRoute,
  context: GuardContext,
): Promise<GuardDecision> {
  const { meta, name } = route;
  // 1. Public routes pass.
  if (meta.public) return ALLOW;

  // 2. Without user data (and not after an explicit logout), recover the session.
  const authenticated =
    context.hasUserData || (!context.explicitLogout && (await context.recoverSession()));

  // 3. A password-reset link passes.
  if (isResetLink(route)) return ALLOW;

  // 4. Unauthenticated-only routes and login send a signed-in user to /.
  if (meta.unauthenticatedOnly || name === 'login') return authenticated ? { kind: 'home' } : ALLOW;

  // 5. A visitor goes to login, with the wanted path unless it is /.
  if (!authenticated) return { kind: 'login', to: route.pathname === '/' ? undefined : route.href };

  // 6. Super-admin status from the server.
  const superAdmin = await context.checkSuperAdmin();

  // 7. Routes open to every signed-in user.
  if (name !== undefined && OPEN_ROUTES.includes(name)) return ALLOW;

  // 8. The organisation route: super admin, or admin of the selected organisation.
  if (name === 'organization') {
    if (superAdmin) return ALLOW;
    const loaded = await context.waitForOrganization();
    return loaded && context.isOrganizationAdmin() ? ALLOW : NOT_AUTHORIZED;
  }

  // 9. Access control and the Organization and Acl subjects: super admin only.
  const superAdminSubject =
    meta.subject !== undefined && SUPER_ADMIN_SUBJECTS.includes(meta.subject);
  if (name === 'access-control' || superAdminSubject) return superAdmin ? ALLOW : NOT_AUTHORIZED;

  // 10. Routes flagged requiresSuperAdmin.
  if (meta.requiresSuperAdmin) return superAdmin ? ALLOW : NOT_AUTHORIZED;

  // 11. The route's action and subject.
  if (meta.action !== undefined && meta.subject !== undefined) {
    return context.can(meta.action, meta.subject, superAdmin) ? ALLOW : NOT_AUTHORIZED;
  }
  return ALLOW;
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
