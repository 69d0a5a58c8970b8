/**
 * An agent's webhook settings: the token in its URL and the optional HMAC signing secret, both
 * encrypted at rest with the app secret (src/server/secret.ts) under their own purposes and
 * bound to the agent's id. Each change is audited without either value.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Database } from '../../../db/client.ts';
import { agents } from '../../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../../audit/record.ts';
import { notFound } from '../../../http/errors.ts';
import type { OrgScope } from '../../../http/records.ts';
import { decryptSecret, encryptSecret, resolveAppSecret } from '../../../secret.ts';
import { AGENT_MESSAGES } from '../../../../shared/schemas/agents.ts';
import { webhookUrl, type WebhookSettings } from '../../../../shared/schemas/webhooks.ts';

export type WebhookDeps = Pick<AppDeps, 'db' | 'config'>;

const TOKEN_PURPOSE = 'agent-webhook-token';
const SECRET_PURPOSE = 'agent-webhook-signing-secret';
const TOKEN_PREFIX = 'whk_';
const SECRET_PREFIX = 'whsec_';

const appSecrets = new WeakMap<AppDeps['config'], string>();
function appSecretOf(deps: Pick<AppDeps, 'config'>): string {
  let secret = appSecrets.get(deps.config);
  if (!secret) {
    secret = resolveAppSecret(deps.config.appSecret, deps.config.dataDir);
    appSecrets.set(deps.config, secret);
  }
  return secret;
}

const seal = (deps: Pick<AppDeps, 'config'>, purpose: string, agentId: string, value: string) =>
  encryptSecret(appSecretOf(deps), purpose, `agent:${agentId}`, value);

/** The stored value in clear; null when none is stored or it no longer decrypts (APP_SECRET changed). */
function unseal(
  deps: Pick<AppDeps, 'config'>,
  purpose: string,
  agentId: string,
  stored: string | null,
): string | null {
  if (!stored) return null;
  try {
    return decryptSecret(appSecretOf(deps), purpose, `agent:${agentId}`, stored);
  } catch {
    return null;
  }
}

export const newToken = () => TOKEN_PREFIX + randomBytes(32).toString('base64url');
const newSigningSecret = () => SECRET_PREFIX + randomBytes(32).toString('base64url');

type WebhookColumns = {
  id: string;
  webhookToken: string | null;
  webhookSigningSecret: string | null;
};

/** What the settings say to a caller who may (or may not) manage them. */
export function settingsOf(
  deps: Pick<AppDeps, 'config'>,
  row: WebhookColumns,
  canManage: boolean,
): WebhookSettings {
  const token = unseal(deps, TOKEN_PURPOSE, row.id, row.webhookToken);
  const enabled = row.webhookToken !== null;
  return {
    enabled,
    url: enabled && canManage && token ? webhookUrl(deps.config.appUrl, row.id, token) : null,
    maskedUrl: enabled ? webhookUrl(deps.config.appUrl, row.id) : null,
    hasSigningSecret: row.webhookSigningSecret !== null,
    canManage,
  };
}

const live = (scope: OrgScope, id: string) =>
  and(eq(agents.organizationId, scope.organizationId), eq(agents.id, id), isNull(agents.deletedAt));

const columns = {
  id: agents.id,
  webhookToken: agents.webhookToken,
  webhookSigningSecret: agents.webhookSigningSecret,
};

export async function readWebhook(db: Database, scope: OrgScope, id: string) {
  const [row] = await db.select(columns).from(agents).where(live(scope, id));
  if (!row) throw notFound(AGENT_MESSAGES.notFound);
  return row;
}

/** What the audit log keeps of the settings: whether each is set, never the values. */
const auditView = (row: WebhookColumns) => ({
  webhook: row.webhookToken !== null,
  signingSecret: row.webhookSigningSecret !== null,
});

type Change = 'enable' | 'regenerate' | 'disable' | 'secret_set' | 'secret_clear';

/** One audited change of an agent's webhook columns, in one transaction with a row lock. */
async function change(
  deps: WebhookDeps,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  action: Change,
  next: (row: WebhookColumns) => Partial<Omit<WebhookColumns, 'id'>> | null,
): Promise<WebhookColumns> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select(columns).from(agents).where(live(scope, id)).for('update');
    if (!row) throw notFound(AGENT_MESSAGES.notFound);
    const values = next(row);
    if (!values) return row;
    const [updated] = await tx
      .update(agents)
      .set(values)
      .where(eq(agents.id, id))
      .returning(columns);
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: `agent.webhook_${action}`,
      targetType: 'agent',
      targetId: id,
      before: auditView(row),
      after: auditView(updated!),
    });
    return updated!;
  });
}

/** Turns the webhook on with a new token; nothing changes when it is on already. */
export const enableWebhook = (deps: WebhookDeps, scope: OrgScope, actor: AuditActor, id: string) =>
  change(deps, scope, actor, id, 'enable', (row) =>
    row.webhookToken ? null : { webhookToken: seal(deps, TOKEN_PURPOSE, id, newToken()) },
  );

/** A new token: the old URL stops working at once. */
export const regenerateWebhook = (
  deps: WebhookDeps,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
) =>
  change(deps, scope, actor, id, 'regenerate', () => ({
    webhookToken: seal(deps, TOKEN_PURPOSE, id, newToken()),
  }));

/** Turns the webhook off: the token and the signing secret are forgotten. */
export const disableWebhook = (deps: WebhookDeps, scope: OrgScope, actor: AuditActor, id: string) =>
  change(deps, scope, actor, id, 'disable', (row) =>
    row.webhookToken || row.webhookSigningSecret
      ? { webhookToken: null, webhookSigningSecret: null }
      : null,
  );

/** Sets the signing secret (the given one, or a generated one) and returns it this once. */
export async function setSigningSecret(
  deps: WebhookDeps,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  chosen: string | undefined,
): Promise<{ secret: string; row: WebhookColumns }> {
  const secret = chosen ?? newSigningSecret();
  const row = await change(deps, scope, actor, id, 'secret_set', () => ({
    webhookSigningSecret: seal(deps, SECRET_PURPOSE, id, secret),
  }));
  return { secret, row };
}

export const clearSigningSecret = (
  deps: WebhookDeps,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
) =>
  change(deps, scope, actor, id, 'secret_clear', (row) =>
    row.webhookSigningSecret ? { webhookSigningSecret: null } : null,
  );

/** Compared against when there is no token to compare with, so that both paths take as long. */
const NO_TOKEN = newToken();

/**
 * The same token, compared in constant time. Tokens all have one length (a prefix and 32 random
 * bytes), so a wrong length, answered at once, tells a caller nothing they did not know.
 */
function sameToken(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The agent a webhook call is for, when `token` is its current token (compared in constant
 * time); null for an unknown agent, a webhook that is off or a wrong token alike. The signing
 * secret comes back in clear for the signature check (null when none is set).
 */
export function hookTarget(
  deps: WebhookDeps,
  /** The agent the address names (null when there is none). */
  row: {
    id: string;
    organizationId: string;
    webhookToken: string | null;
    webhookSigningSecret: string | null;
  } | null,
  token: string,
): { organizationId: string; signingSecret: string | null } | null {
  const stored = row ? unseal(deps, TOKEN_PURPOSE, row.id, row.webhookToken) : null;
  const same = sameToken(stored ?? NO_TOKEN, token);
  if (!row || !stored || !same) return null;
  const signingSecret = row.webhookSigningSecret
    ? unseal(deps, SECRET_PURPOSE, row.id, row.webhookSigningSecret)
    : null;
  // A secret that no longer decrypts still asks for a signature, which then cannot match.
  if (row.webhookSigningSecret && signingSecret === null) {
    return { organizationId: row.organizationId, signingSecret: randomBytes(32).toString('hex') };
  }
  return { organizationId: row.organizationId, signingSecret };
}
