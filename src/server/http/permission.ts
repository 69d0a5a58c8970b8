/**
 * Who may call an /api/v1 route, declared once per route: the declaration is both enforced
 * (a route middleware, which runs before the request validators, so a denied caller gets
 * 401/403 before any 400) and published (the `x-permission` field of the operation in
 * /api/v1/openapi.json). Spread it into `createRoute`:
 *
 * ```ts
 * const list = createRoute({
 *   method: 'get',
 *   path: '/projects',
 *   ...permission.can('read', 'Project'),
 *   request: { query: projectQuerySchema },
 *   responses: { ... },
 * });
 * ```
 *
 * Every route must declare one (src/server/authz-matrix.test.ts fails otherwise and checks
 * each route against `src/shared/abilities.ts` for every role). The kinds:
 *
 * - `permission.public()`: anyone, without a session (e.g. an invitation as its link shows it).
 *   Every other route answers 401 without a session (app.ts derives its public list from these).
 * - `permission.authenticated()`: any signed-in user; no organisation needed (the caller's own
 *   things: /me, notifications, creating an organisation). Record-level rules ("only your own")
 *   stay in the service.
 * - `permission.organization()`: a signed-in user with a selected organisation
 *   (X-Organization-Id, else 400 ORGANIZATION_REQUIRED), whatever their role there (e.g. leaving it).
 * - `permission.can(action, subject, options?)`: the CASL ability of the caller in the selected
 *   organisation must allow `action` on `subject` (400 without an organisation, 403 when denied).
 *   Options:
 *   - `scopeAll: true`: the route takes `?scope=all`; with it the caller must be a super admin
 *     and needs no organisation (lists across organisations: users, audit log).
 *   - `superAdminAnywhere: true`: a super admin passes without selecting an organisation.
 *   - `message`: the 403 message.
 *   - `apiKey`: the route also takes an organisation API key (`Authorization: Bearer mk_…`,
 *     src/server/http/api-key-auth.ts) holding one of these scopes (403 otherwise). Without it a
 *     key is refused (401): the route needs a session.
 * - `permission.superAdmin()`: super admins only (`manage SuperAdmin`), no organisation needed.
 *
 * In every case an X-Organization-Id the caller is not a member of is already a 404 (see
 * `requestContext` in context.ts), except for super admins. Checks that depend on the record
 * (the last admin, "own record", the invited address) stay in the services.
 */
import type { MiddlewareHandler } from 'hono';
import type { Action, Subject } from '../../shared/abilities.ts';
import { API_KEY_MESSAGES, type ApiKeyScope } from '../../shared/schemas/api-keys.ts';
import { requireAuth, requireOrg, type AppEnv } from './context.ts';
import { HttpError, forbidden } from './errors.ts';

export type PermissionSpec =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'organization' }
  | {
      kind: 'ability';
      action: Action;
      subject: Subject;
      scopeAll?: boolean;
      superAdminAnywhere?: boolean;
      /** API keys with one of these scopes may call the route too. */
      apiKeyScopes?: readonly ApiKeyScope[];
    }
  | { kind: 'superAdmin' };

export type PermissionKind = PermissionSpec['kind'];

export const PERMISSION_KINDS = [
  'public',
  'authenticated',
  'organization',
  'ability',
  'superAdmin',
] as const satisfies readonly PermissionKind[];

/** The name of the OpenAPI operation field that publishes a route's permission. */
export const PERMISSION_FIELD = 'x-permission';

export interface CanOptions {
  scopeAll?: boolean;
  superAdminAnywhere?: boolean;
  message?: string;
  apiKey?: readonly ApiKeyScope[];
}

type Declared = {
  middleware: MiddlewareHandler<AppEnv>;
  'x-permission': PermissionSpec;
  /** Routes that take an API key: the `apiKey` bearer scheme, or the session (app.ts). */
  security?: Record<string, string[]>[];
};

const SCOPE_ALL_MESSAGE = 'Only super admins can use scope=all';

function declare(spec: PermissionSpec, check: MiddlewareHandler<AppEnv>): Declared {
  return { middleware: check, [PERMISSION_FIELD]: spec } as Declared;
}

export const permission = {
  public: (): Declared =>
    declare({ kind: 'public' }, async (_c, next) => {
      await next();
    }),

  authenticated: (): Declared =>
    declare({ kind: 'authenticated' }, async (c, next) => {
      requireAuth(c);
      await next();
    }),

  organization: (): Declared =>
    declare({ kind: 'organization' }, async (c, next) => {
      requireAuth(c);
      requireOrg(c);
      await next();
    }),

  can: (action: Action, subject: Subject, options: CanOptions = {}): Declared => {
    const spec: PermissionSpec = {
      kind: 'ability',
      action,
      subject,
      ...(options.scopeAll ? { scopeAll: true } : {}),
      ...(options.superAdminAnywhere ? { superAdminAnywhere: true } : {}),
      ...(options.apiKey ? { apiKeyScopes: options.apiKey } : {}),
    };
    const declared = declare(spec, async (c, next) => {
      const key = c.get('apiKey');
      if (key) {
        if (!options.apiKey)
          throw new HttpError(401, 'UNAUTHENTICATED', API_KEY_MESSAGES.sessionOnly);
        if (!options.apiKey.some((scope) => key.scopes.includes(scope))) {
          throw forbidden(API_KEY_MESSAGES.scopeMissing(options.apiKey));
        }
        if (!c.get('ability').can(action, subject)) throw forbidden(options.message);
        await next();
        return;
      }
      requireAuth(c);
      const ability = c.get('ability');
      const superAdmin = ability.can('manage', 'SuperAdmin');
      if (options.scopeAll && c.req.query('scope') === 'all') {
        if (!superAdmin) throw forbidden(SCOPE_ALL_MESSAGE);
      } else if (!(options.superAdminAnywhere && superAdmin)) {
        requireOrg(c);
        if (!ability.can(action, subject)) throw forbidden(options.message);
      }
      await next();
    });
    return options.apiKey ? { ...declared, security: [{ apiKey: [] }, {}] } : declared;
  },

  superAdmin: (message?: string): Declared =>
    declare({ kind: 'superAdmin' }, async (c, next) => {
      requireAuth(c);
      if (!c.get('ability').can('manage', 'SuperAdmin')) throw forbidden(message);
      await next();
    }),
};

/** Reads the permission a route declared (undefined when it declared none). */
export function declaredPermission(route: object): PermissionSpec | undefined {
  return (route as Record<string, PermissionSpec | undefined>)[PERMISSION_FIELD];
}

type RouteDefinition = { type: string; route?: { method: string; path: string } };

/**
 * A test for the requests that need no session, built from the routes that declared
 * `permission.public()` in an OpenAPI router mounted at `prefix` (`/api/v1`): the router's
 * default is to ask for a session before anything else runs.
 */
export function publicRequests(
  definitions: readonly RouteDefinition[],
  prefix: string,
): (method: string, path: string) => boolean {
  const patterns = definitions.flatMap(({ type, route }) => {
    if (type !== 'route' || !route || declaredPermission(route)?.kind !== 'public') return [];
    const source = route.path
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    return [{ method: route.method.toUpperCase(), pattern: new RegExp(`^${prefix}${source}$`) }];
  });
  return (method, path) =>
    patterns.some((p) => p.method === method.toUpperCase() && p.pattern.test(path));
}
