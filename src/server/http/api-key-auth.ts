/**
 * Organisation API keys on /api/v1 (AGENTS.md, "Triggers"). A request with
 * `Authorization: Bearer mk_…` is the key's, not a user's: the key is found by the SHA-256 hash
 * of its secret (401 when unknown, revoked or expired), the request acts in the key's
 * organisation (no X-Organization-Id), with an ability that reads agents, and counts against
 * the organisation's per-key rate limit (`agent_settings.api_key_rate_limit` requests a minute;
 * 429 with Retry-After, counted in the `rate_limits` table so that every process shares it).
 *
 * Which routes take a key, and with which scope, each route declares
 * (`permission.can(…, { apiKey: [...] })`, src/server/http/permission.ts); a key restricted to
 * one agent sees no other (`requireAgentOfKey`, 404).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { buildAbility, type AbilityRule } from '../../shared/abilities.ts';
import { API_KEY_LIMITS, API_KEY_MESSAGES } from '../../shared/schemas/api-keys.ts';
import type { Database } from '../db/client.ts';
import { agentSettings, apiKeys, rateLimit } from '../db/schema/index.ts';
import { clientIp } from './client-ip.ts';
import type { AppEnv } from './context.ts';
import { HttpError, notFound } from './errors.ts';

const BEARER = /^bearer\s+(\S+)\s*$/i;
const WINDOW_MS = 60_000;
const DEFAULT_RATE_LIMIT = 600;
/** What an API key may do once its scope let it through a route: read (and so run) agents. */
const KEY_RULES: AbilityRule[] = [{ action: 'read', subject: 'Agent' }];
const keyAbility = buildAbility(KEY_RULES);

export const hashApiKeySecret = (secret: string) =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new secret, its visible prefix and the hash that is stored. */
export function newApiKeySecret() {
  const secret =
    API_KEY_LIMITS.secretPrefix + randomBytes(API_KEY_LIMITS.secretBytes).toString('base64url');
  return {
    secret,
    prefix: secret.slice(0, API_KEY_LIMITS.visiblePrefixLength),
    hash: hashApiKeySecret(secret),
  };
}

/** The key's secret in the Authorization header, or null when the request has none. */
export function apiKeySecretOf(header: string | undefined): string | null {
  const secret = header?.match(BEARER)?.[1];
  return secret?.startsWith(API_KEY_LIMITS.secretPrefix) ? secret : null;
}

export const invalidApiKey = () =>
  new HttpError(401, 'UNAUTHENTICATED', API_KEY_MESSAGES.invalidKey);

/**
 * Counts one request of the key in its minute (a fixed window starting at its first request);
 * refused requests count too, capped. One statement, so concurrent requests all count.
 */
export async function consumeApiKeyRequest(
  db: Database,
  keyId: string,
  max: number,
  now = Date.now(),
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const expired = sql`${rateLimit.lastRequest} <= ${now - WINDOW_MS}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ key: `api-key:${keyId}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else least(${rateLimit.count} + 1, ${max + 1}) end`,
        lastRequest: sql`case when ${expired} then ${now}::bigint else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest });
  if (!row || row.count <= max) return { allowed: true };
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((Number(row.lastRequest) + WINDOW_MS - now) / 1000),
  );
  return { allowed: false, retryAfterSeconds };
}

/**
 * Mount after `requestContext` on /api/v1: a request with an API key becomes the key's (its
 * session, if any, is ignored); other requests pass untouched.
 */
export function apiKeyContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = apiKeySecretOf(c.req.header('authorization'));
    if (!secret) return next();
    const deps = c.get('deps');
    const [key] = await deps.db
      .select({
        id: apiKeys.id,
        organizationId: apiKeys.organizationId,
        scopes: apiKeys.scopes,
        agentId: apiKeys.agentId,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
        lastUsedAt: apiKeys.lastUsedAt,
        rateLimit: agentSettings.apiKeyRateLimit,
      })
      .from(apiKeys)
      .leftJoin(agentSettings, eq(agentSettings.organizationId, apiKeys.organizationId))
      .where(eq(apiKeys.hash, hashApiKeySecret(secret)));
    const now = Date.now();
    if (!key || key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= now)) {
      throw invalidApiKey();
    }
    const counted = await consumeApiKeyRequest(
      deps.db,
      key.id,
      key.rateLimit ?? DEFAULT_RATE_LIMIT,
      now,
    );
    if (!counted.allowed) {
      c.header('Retry-After', String(counted.retryAfterSeconds));
      throw new HttpError(429, 'RATE_LIMITED', API_KEY_MESSAGES.rateLimited);
    }
    if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= API_KEY_LIMITS.lastUsedEveryMs) {
      await deps.db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(now), lastUsedIp: clientIp(c, deps.trustProxy) ?? null })
        .where(
          and(
            eq(apiKeys.id, key.id),
            or(
              isNull(apiKeys.lastUsedAt),
              lt(apiKeys.lastUsedAt, new Date(now - API_KEY_LIMITS.lastUsedEveryMs)),
            ),
          ),
        );
    }
    c.set('auth', null);
    c.set('apiKey', {
      id: key.id,
      organizationId: key.organizationId,
      scopes: key.scopes,
      agentId: key.agentId,
    });
    c.set('org', { id: key.organizationId, role: null });
    c.set('rules', KEY_RULES);
    c.set('ability', keyAbility);
    await next();
  };
}

/** A key restricted to one agent finds no other: 404 as for an agent that does not exist. */
export function requireAgentOfKey(c: Context<AppEnv>, agentId: string, message?: string) {
  const key = c.get('apiKey');
  if (key?.agentId && key.agentId !== agentId) throw notFound(message);
}
