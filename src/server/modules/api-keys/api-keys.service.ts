/**
 * An organisation's API keys: created with a name, scopes, an optional expiry and an optional
 * agent; the secret is returned once and stored as its SHA-256 hash; revoked, never deleted
 * (the list keeps revoked keys, and the audit log every change). Organisation admins only (the
 * routes check it).
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents, apiKeys, user } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AuditActor } from '../../audit/record.ts';
import { scopedAudit } from '../../http/scoped-audit.ts';
import { httpError, taken } from '../../http/errors.ts';
import { found, type OrgScope } from '../../http/records.ts';
import { newApiKeySecret } from '../../http/api-key-auth.ts';
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  apiKeyCreateSchema,
  type ApiKeyCreated,
  type ApiKeyDto,
  type ApiKeyScope,
  type ApiKeyStatus,
} from '../../../shared/schemas/api-keys.ts';
import type { z } from 'zod';

const auditApiKey = scopedAudit('api_key');

const columns = {
  key: apiKeys,
  agentName: agents.name,
  creatorName: user.name,
};
type Joined = {
  key: typeof apiKeys.$inferSelect;
  agentName: string | null;
  creatorName: string | null;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function statusOf(row: typeof apiKeys.$inferSelect, now = Date.now()): ApiKeyStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

function toDto({ key, agentName, creatorName }: Joined): ApiKeyDto {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes as ApiKeyScope[],
    agent: key.agentId ? { id: key.agentId, name: agentName ?? '' } : null,
    expiresAt: iso(key.expiresAt),
    lastUsedAt: iso(key.lastUsedAt),
    lastUsedIp: key.lastUsedIp,
    createdAt: key.createdAt.toISOString(),
    createdBy: key.createdBy ? { id: key.createdBy, name: creatorName ?? '' } : null,
    revokedAt: iso(key.revokedAt),
    status: statusOf(key),
  };
}

/** What the audit log keeps of a key: never its hash. */
const snapshot = (key: typeof apiKeys.$inferSelect) => ({
  name: key.name,
  prefix: key.prefix,
  scopes: key.scopes,
  agentId: key.agentId,
  expiresAt: iso(key.expiresAt),
  revokedAt: iso(key.revokedAt),
});

const joined = (db: Database) =>
  db
    .select(columns)
    .from(apiKeys)
    .leftJoin(agents, eq(agents.id, apiKeys.agentId))
    .leftJoin(user, eq(user.id, apiKeys.createdBy));

export async function listApiKeys(db: Database, scope: OrgScope): Promise<ApiKeyDto[]> {
  const rows = await joined(db)
    .where(eq(apiKeys.organizationId, scope.organizationId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt))
    .limit(500);
  return rows.map(toDto);
}

async function readKey(db: Database, scope: OrgScope, id: string) {
  const [row] = await joined(db).where(
    and(eq(apiKeys.organizationId, scope.organizationId), eq(apiKeys.id, id)),
  );
  return found(row, API_KEY_MESSAGES.notFound);
}

export async function createApiKey(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  input: z.output<typeof apiKeyCreateSchema>,
): Promise<ApiKeyCreated> {
  if (input.agentId) {
    const [agent] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(
        and(
          eq(agents.id, input.agentId),
          eq(agents.organizationId, scope.organizationId),
          isNull(agents.deletedAt),
        ),
      );
    if (!agent) {
      throw httpError('VALIDATION_ERROR', API_KEY_MESSAGES.agentNotFound, {
        agentId: [API_KEY_MESSAGES.agentNotFound],
      });
    }
  }
  const [active] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, scope.organizationId), isNull(apiKeys.revokedAt)));
  if ((active?.n ?? 0) >= API_KEY_LIMITS.maxKeys) {
    throw httpError('UNPROCESSABLE', `An organisation has at most ${API_KEY_LIMITS.maxKeys} keys`);
  }
  const { secret, prefix, hash } = newApiKeySecret();
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiKeys)
        .values({
          organizationId: scope.organizationId,
          name: input.name,
          prefix,
          hash,
          scopes: input.scopes,
          agentId: input.agentId,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          createdBy: actor.id,
        })
        .returning();
      await auditApiKey(tx, scope, actor, row!.id, 'api_key.create', { after: snapshot(row!) });
      return row!.id;
    });
    return { ...toDto(await readKey(db, scope, id)), secret };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw taken('API_KEY_NAME_TAKEN', API_KEY_MESSAGES.duplicateName, 'name');
    }
    throw error;
  }
}

/** Revokes a key at once (a revoked key stays listed); revoking it again changes nothing. */
export async function revokeApiKey(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
): Promise<ApiKeyDto> {
  const current = await readKey(db, scope, id);
  if (current.key.revokedAt) return toDto(current);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    if (row) {
      await auditApiKey(tx, scope, actor, id, 'api_key.revoke', {
        before: snapshot(current.key),
        after: snapshot(row),
      });
    }
  });
  return toDto(await readKey(db, scope, id));
}
