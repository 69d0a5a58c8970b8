import type { Context, MiddlewareHandler } from 'hono';
import type { AbilityRule, AppAbility } from '../../shared/abilities.ts';
import { isUuid } from '../../shared/schemas/common.ts';
import type { AppDeps } from '../deps.ts';
import {
  abilityFor,
  currentMemberships,
  currentSession,
  organizationExists,
} from '../auth/session-lookup.ts';
import { httpError, notFound, unauthenticated } from './errors.ts';
import { clientIp } from './client-ip.ts';
import type { AuditActor } from '../audit/record.ts';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  username?: string | null;
  superAdmin?: boolean | null;
  createdAt: Date;
};

export type RequestAuth = { user: SessionUser; sessionId: string };
export type OrgContext = { id: string; role: string | null };
/** An organisation API key a request authenticated with (src/server/http/api-key-auth.ts). */
export type ApiKeyCaller = {
  id: string;
  organizationId: string;
  scopes: readonly string[];
  /** The one agent the key may reach, or null for every agent of its organisation. */
  agentId: string | null;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    auth: RequestAuth | null;
    /** Set instead of `auth` when the request came with an organisation API key. */
    apiKey?: ApiKeyCaller | null;
    org: OrgContext | null;
    rules: AbilityRule[];
    ability: AppAbility;
  };
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves who is calling and for which organisation, then builds their ability.
 * The organisation comes from X-Organization-Id; a caller who is not a member (and not a
 * super admin) gets 404, as if it did not exist. Session, memberships and abilities come from
 * the session cache (src/server/auth/session-cache.ts) once warm: no database round trip.
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('deps', deps);
    const session = await currentSession(deps, c.req.raw.headers);
    const auth: RequestAuth | null = session
      ? { user: session.user as unknown as SessionUser, sessionId: session.session.id }
      : null;
    c.set('auth', auth);

    const orgId = c.req.header('x-organization-id')?.trim() || null;
    let org: OrgContext | null = null;
    if (auth && orgId) org = await resolveOrganization(deps, auth.user, orgId);
    c.set('org', org);

    const { rules, ability } = abilityFor(
      deps,
      auth
        ? {
            userId: auth.user.id,
            superAdmin: Boolean(auth.user.superAdmin),
            role: org?.role ?? null,
          }
        : null,
    );
    c.set('rules', rules);
    c.set('ability', ability);
    try {
      await next();
    } finally {
      // A write's own change messages are in before its response leaves (PostgreSQL).
      if (!READ_METHODS.has(c.req.method)) await deps.sessionCache.settle();
    }
  };
}

async function resolveOrganization(
  deps: AppDeps,
  user: SessionUser,
  orgId: string,
): Promise<OrgContext> {
  if (!isUuid(orgId)) throw notFound('Organization not found');
  const membership = (await currentMemberships(deps, user.id)).find((org) => org.id === orgId);
  if (membership) return { id: membership.id, role: membership.role };
  if (user.superAdmin && (await organizationExists(deps, orgId))) return { id: orgId, role: null };
  throw notFound('Organization not found');
}

export function requireAuth(c: Context<AppEnv>): RequestAuth {
  const auth = c.get('auth');
  if (!auth) throw unauthenticated();
  return auth;
}

export function requireOrg(c: Context<AppEnv>): OrgContext {
  const org = c.get('org');
  if (!org) {
    throw httpError(
      'ORGANIZATION_REQUIRED',
      'Select an organization first (X-Organization-Id header)',
    );
  }
  return org;
}

/** Who is acting, for the audit log: the signed-in user and their address. */
export function auditActor(c: Context<AppEnv>): AuditActor {
  const auth = c.get('auth');
  return {
    id: auth?.user.id ?? null,
    email: auth?.user.email ?? null,
    ip: clientIp(c, c.get('deps').trustProxy) ?? null,
  };
}
