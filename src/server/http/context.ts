import type { Context, MiddlewareHandler } from 'hono';
import { and, eq } from 'drizzle-orm';
import {
  buildAbility,
  defineRulesFor,
  type AbilityRule,
  type AppAbility,
} from '../../shared/abilities.ts';
import { isUuid } from '../../shared/schemas/common.ts';
import type { AppDeps } from '../deps.ts';
import { member, organization } from '../db/schema/index.ts';
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

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    auth: RequestAuth | null;
    org: OrgContext | null;
    rules: AbilityRule[];
    ability: AppAbility;
  };
};

/**
 * Resolves who is calling and for which organisation, then builds their ability.
 * The organisation comes from X-Organization-Id; a caller who is not a member (and not a
 * super admin) gets 404, as if it did not exist.
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('deps', deps);
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    const auth: RequestAuth | null = session
      ? { user: session.user as SessionUser, sessionId: session.session.id }
      : null;
    c.set('auth', auth);

    const orgId = c.req.header('x-organization-id')?.trim() || null;
    let org: OrgContext | null = null;
    if (auth && orgId) org = await resolveOrganization(deps, auth.user, orgId);
    c.set('org', org);

    const rules = auth
      ? defineRulesFor(
          {
            userId: auth.user.id,
            superAdmin: Boolean(auth.user.superAdmin),
            role: org?.role ?? null,
          },
          (message) => deps.logger.warn({ userId: auth.user.id }, message),
        )
      : [];
    c.set('rules', rules);
    c.set('ability', buildAbility(rules));
    await next();
  };
}

async function resolveOrganization(
  deps: AppDeps,
  user: SessionUser,
  orgId: string,
): Promise<OrgContext> {
  if (!isUuid(orgId)) throw notFound('Organization not found');
  const [row] = await deps.db
    .select({ id: organization.id, role: member.role })
    .from(organization)
    .leftJoin(member, and(eq(member.organizationId, organization.id), eq(member.userId, user.id)))
    .where(eq(organization.id, orgId))
    .limit(1);
  if (!row || (row.role === null && !user.superAdmin)) throw notFound('Organization not found');
  return { id: row.id, role: row.role };
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
