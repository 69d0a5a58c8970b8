/**
 * The secret of a data source (a database password, a bearer token, an authentication header's
 * value): encrypted with the app secret (src/server/secret.ts) bound to the data source id,
 * never returned (`hasSecret`), never written to the audit log or to logs, and only ever sent to
 * the destination it was stored for (host and port, or base URL): testing or saving a changed
 * destination needs the secret entered again (400 SECRET_REQUIRED_FOR_NEW_DESTINATION).
 */
import type { AppDeps } from '../../deps.ts';
import type { dataSources } from '../../db/schema/index.ts';
import { httpError } from '../../http/errors.ts';
import { decryptSecret, encryptSecret, resolveAppSecret } from '../../secret.ts';
import {
  DATA_SOURCE_ERROR_CODES,
  DATA_SOURCE_MESSAGES,
  type DataSourceType,
  type HttpConfig,
} from '../../../shared/schemas/data-sources.ts';

type Row = typeof dataSources.$inferSelect;
export type SecretDeps = Pick<AppDeps, 'config'>;

const SECRET_PURPOSE = 'data-source-secret';
const appSecrets = new WeakMap<AppDeps['config'], string>();

/** APP_SECRET, or the one generated into DATA_DIR (read once per configuration). */
function appSecretOf(deps: SecretDeps): string {
  let secret = appSecrets.get(deps.config);
  if (!secret) {
    secret = resolveAppSecret(deps.config.appSecret, deps.config.dataDir);
    appSecrets.set(deps.config, secret);
  }
  return secret;
}

const secretContext = (id: string) => `data-source:${id}`;

/** The secret as stored for the data source `id` (null for none). */
export function seal(deps: SecretDeps, id: string, secret: string | null | undefined) {
  return secret
    ? encryptSecret(appSecretOf(deps), SECRET_PURPOSE, secretContext(id), secret)
    : null;
}

/** The stored secret in clear; 422 SECRET_UNREADABLE when APP_SECRET changed since. */
export function unseal(deps: SecretDeps, row: Pick<Row, 'id' | 'secret'>): string | null {
  if (!row.secret) return null;
  try {
    return decryptSecret(appSecretOf(deps), SECRET_PURPOSE, secretContext(row.id), row.secret);
  } catch {
    throw httpError(
      DATA_SOURCE_ERROR_CODES.secretUnreadable,
      DATA_SOURCE_MESSAGES.secretUnreadable,
    );
  }
}

/** Where a source's secret goes: host and port, or the base URL. */
export function destinationOf(type: DataSourceType, config: unknown): string {
  if (type === 'http') return (config as HttpConfig).baseUrl.trim();
  if (type === 'file') return '';
  const { host, port } = config as { host: string; port: number };
  return `${host.trim().toLowerCase()}:${port}`;
}

/** The database and user of a SQL source (a change clears an accepted privileged role). */
export function identityOf(config: unknown): string {
  const { database, user: role } = (config ?? {}) as { database?: string; user?: string };
  return `${database ?? ''}\u0000${role ?? ''}`;
}

export const secretForDestination = () =>
  httpError(
    DATA_SOURCE_ERROR_CODES.secretForDestination,
    DATA_SOURCE_MESSAGES.secretForDestination,
    {
      secret: [DATA_SOURCE_MESSAGES.secretForDestination],
    },
  );

/**
 * The secret to use with `config`: the one given (a string, or null for none), else the stored
 * one, but only for the stored destination.
 */
export function secretFor(
  deps: SecretDeps,
  row: Pick<Row, 'id' | 'type' | 'config' | 'secret'>,
  config: unknown,
  given: string | null | undefined,
): string | null {
  if (given !== undefined) return given;
  const moved = destinationOf(row.type, config) !== destinationOf(row.type, row.config);
  if (moved && row.secret) throw secretForDestination();
  return unseal(deps, row);
}
