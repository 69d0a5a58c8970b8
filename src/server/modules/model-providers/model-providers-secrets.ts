/**
 * The secret of a model provider: its API key and the values of its extra headers, as one JSON
 * document `{ apiKey, headers: { name: value } }` encrypted with the app secret
 * (src/server/secret.ts) under its own purpose and bound to the provider id. Never returned
 * (`hasApiKey`, `headerNames`), never written to the audit log or to logs.
 */
import type { AppDeps } from '../../deps.ts';
import { httpError } from '../../http/errors.ts';
import { decryptSecret, encryptSecret, resolveAppSecret } from '../../secret.ts';
import {
  MODEL_PROVIDER_ERROR_CODES,
  MODEL_PROVIDER_MESSAGES,
} from '../../../shared/schemas/model-providers.ts';

export type SecretDeps = Pick<AppDeps, 'config'>;

/** What the secret holds: the key (null for none) and each extra header's value by name. */
export type ProviderSecret = { apiKey: string | null; headers: Record<string, string> };

export const EMPTY_SECRET: ProviderSecret = { apiKey: null, headers: {} };

const SECRET_PURPOSE = 'model-provider-secret';
const appSecrets = new WeakMap<AppDeps['config'], string>();

function appSecretOf(deps: SecretDeps): string {
  let secret = appSecrets.get(deps.config);
  if (!secret) {
    secret = resolveAppSecret(deps.config.appSecret, deps.config.dataDir);
    appSecrets.set(deps.config, secret);
  }
  return secret;
}

const secretContext = (id: string) => `model-provider:${id}`;

/** The secret as stored for the provider `id` (null when there is nothing to keep). */
export function seal(deps: SecretDeps, id: string, secret: ProviderSecret): string | null {
  if (!secret.apiKey && Object.keys(secret.headers).length === 0) return null;
  return encryptSecret(
    appSecretOf(deps),
    SECRET_PURPOSE,
    secretContext(id),
    JSON.stringify({ apiKey: secret.apiKey || null, headers: secret.headers }),
  );
}

/** The stored secret in clear; 422 SECRET_UNREADABLE when APP_SECRET changed since. */
export function unseal(
  deps: SecretDeps,
  row: { id: string; secret: string | null },
): ProviderSecret {
  if (!row.secret) return { apiKey: null, headers: {} };
  try {
    const parsed = JSON.parse(
      decryptSecret(appSecretOf(deps), SECRET_PURPOSE, secretContext(row.id), row.secret),
    ) as Partial<ProviderSecret>;
    return { apiKey: parsed.apiKey || null, headers: parsed.headers ?? {} };
  } catch {
    throw httpError(
      MODEL_PROVIDER_ERROR_CODES.secretUnreadable,
      MODEL_PROVIDER_MESSAGES.secretUnreadable,
      {
        apiKey: [MODEL_PROVIDER_MESSAGES.secretUnreadable],
      },
    );
  }
}

/** Whether a key is stored (true when the secret cannot be read: something is stored). */
export function hasApiKey(deps: SecretDeps, row: { id: string; secret: string | null }): boolean {
  if (!row.secret) return false;
  try {
    return Boolean(unseal(deps, row).apiKey);
  } catch {
    return true;
  }
}
