import { eq } from 'drizzle-orm';
import { parse as parseCookies } from 'hono/utils/cookie';
import { buildAbility, defineRulesFor } from '../../shared/abilities.ts';
import type { Membership } from '../../shared/schemas/organization.ts';
import type { AppDeps } from '../deps.ts';
import { organization } from '../db/schema/index.ts';
import type { Auth } from './auth.ts';
import { membershipsOf } from './organizations.ts';
import type { CachedAbility, CachedSession } from './session-cache.ts';

type SessionSettings = {
  sessionCookie: string;
  dontRememberCookie: string;
  expiresInMs: number;
  updateAgeMs: number;
};

const settingsOf = new WeakMap<Auth, Promise<SessionSettings>>();

function sessionSettings(auth: Auth): Promise<SessionSettings> {
  let settings = settingsOf.get(auth);
  if (!settings) {
    settings = auth.$context.then((ctx) => ({
      sessionCookie: ctx.authCookies.sessionToken.name,
      dontRememberCookie: ctx.authCookies.dontRememberToken.name,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    settingsOf.set(auth, settings);
  }
  return settings;
}

export type SessionAndUser = Pick<CachedSession, 'session' | 'user'>;

/**
 * The session behind the request's session cookie, as Better Auth's getSession answers it.
 * Better Auth checks the cookie's signature and reads the database the first time; the
 * answer is then kept per exact cookie value (a forged signature is another value, so it
 * goes to Better Auth). From the time getSession would extend the session (updateAge) or
 * once it has expired, the request goes to Better Auth again, which extends or ends it.
 */
export async function currentSession(
  deps: AppDeps,
  headers: Headers,
): Promise<SessionAndUser | null> {
  const settings = await sessionSettings(deps.auth);
  const cookies = parseCookies(headers.get('cookie') ?? '');
  const token = cookies[settings.sessionCookie];
  if (!token) return null;
  const dontRemember = cookies[settings.dontRememberCookie];
  // Better Auth does not extend a "don't remember me" session, so it has no refresh time.
  const key = dontRemember ? `${token}\n${dontRemember}` : token;
  const cache = deps.sessionCache;
  const now = Date.now();

  const hit = cache.active ? cache.sessions.get(key) : undefined;
  if (hit && hit.expiresAt > now && (dontRemember || now < hit.refreshAt)) {
    return hit;
  }
  const generation = cache.generation;
  const found = (await deps.auth.api.getSession({ headers })) as SessionAndUser | null;
  if (!found) {
    cache.sessions.delete(key);
    return null;
  }
  const expiresAt = new Date(found.session.expiresAt).getTime();
  const refreshAt = expiresAt - settings.expiresInMs + settings.updateAgeMs;
  if (cache.fresh(generation)) {
    cache.sessions.set(key, {
      sessionId: found.session.id,
      userId: found.user.id,
      session: found.session,
      user: found.user,
      expiresAt,
      refreshAt,
    });
  }
  return found;
}

/** The user's organisations with their role, oldest membership first. */
export function currentMemberships(deps: AppDeps, userId: string): Promise<Membership[]> {
  const cache = deps.sessionCache;
  return cache.through(cache.memberships, userId, () => membershipsOf(deps.db, userId));
}

/** Whether the organisation exists (a super admin may open any). */
export async function organizationExists(deps: AppDeps, orgId: string): Promise<boolean> {
  const cache = deps.sessionCache;
  const exists = await cache.through(
    cache.organizations,
    orgId,
    async () => {
      const [row] = await deps.db
        .select({ id: organization.id })
        .from(organization)
        .where(eq(organization.id, orgId))
        .limit(1);
      return row ? (true as const) : undefined;
    },
    (found) => found === true,
  );
  return exists === true;
}

const ANONYMOUS: CachedAbility = { rules: [], ability: buildAbility([]) };

/** The caller's rules and ability; built once per user, super-admin flag and role. */
export function abilityFor(
  deps: AppDeps,
  input: { userId: string; superAdmin: boolean; role: string | null } | null,
): CachedAbility {
  if (!input) return ANONYMOUS;
  const cache = deps.sessionCache;
  const key = `${input.userId}:${input.superAdmin ? 1 : 0}:${input.role ?? ''}`;
  const hit = cache.active ? cache.abilities.get(key) : undefined;
  if (hit) return hit;
  const rules = defineRulesFor(input, (message) =>
    deps.logger.warn({ userId: input.userId }, message),
  );
  const built = { rules, ability: buildAbility(rules) };
  if (cache.active) cache.abilities.set(key, built);
  return built;
}
