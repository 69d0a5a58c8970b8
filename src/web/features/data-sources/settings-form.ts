/**
 * The connection form of PostgreSQL, MySQL/MariaDB and HTTP data sources as plain data: its
 * state, the request bodies made from it (create, change, 'Test connection') and its
 * validation with the shared schemas. No React here, so that it can be tested on its own.
 */
import type { z } from 'zod';
import {
  configSchemaFor,
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
  dataSourceCreateSchema,
  dataSourceDescriptionSchema,
  dataSourceNameSchema,
  type ConfiguredDataSourceType,
  type DatabaseTlsMode,
  type HttpAuthType,
  DATABASE_TLS_MODES,
  DEFAULT_DATABASE_TLS_MODE,
} from '../../../shared/schemas/data-sources';

/** What happens to the stored secret when the form is saved. */
export type SecretMode = 'keep' | 'replace' | 'remove';

export interface HeaderRow {
  name: string;
  value: string;
}

export interface ConnectionForm {
  name: string;
  description: string;
  // PostgreSQL and MySQL
  host: string;
  port: string;
  database: string;
  user: string;
  ssl: DatabaseTlsMode;
  // HTTP
  baseUrl: string;
  authType: HttpAuthType;
  authHeader: string;
  headers: HeaderRow[];
  testPath: string;
  /** The password, token or header value typed in the form. */
  secret: string;
  /** New sources: always 'replace' (the typed secret, if any, is sent). */
  secretMode: SecretMode;
}

export const DEFAULT_PORTS = { postgres: 5432, mysql: 3306 } as const;

export function emptyConnectionForm(type: ConfiguredDataSourceType): ConnectionForm {
  return {
    name: '',
    description: '',
    host: '',
    port: type === 'http' ? '' : String(DEFAULT_PORTS[type]),
    database: '',
    user: '',
    ssl: DEFAULT_DATABASE_TLS_MODE,
    baseUrl: '',
    authType: 'none',
    authHeader: '',
    headers: [],
    testPath: '',
    secret: '',
    secretMode: 'replace',
  };
}

const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;

/** The form of a saved source (its secret is kept unless the user replaces or removes it). */
export function connectionFormFromSource(source: {
  type: ConfiguredDataSourceType;
  name: string;
  description: string;
  config: Record<string, unknown>;
  hasSecret: boolean;
}): ConnectionForm {
  const config = source.config;
  const base = emptyConnectionForm(source.type);
  const headers = Array.isArray(config.headers)
    ? config.headers.flatMap((header: unknown) =>
        header && typeof header === 'object'
          ? [
              {
                name: str((header as Record<string, unknown>).name),
                value: str((header as Record<string, unknown>).value),
              },
            ]
          : [],
      )
    : [];
  return {
    ...base,
    name: source.name,
    description: source.description,
    host: str(config.host),
    port: str(config.port, base.port),
    database: str(config.database),
    user: str(config.user),
    ssl: DATABASE_TLS_MODES.find((m) => m === config.ssl) ?? DEFAULT_DATABASE_TLS_MODE,
    baseUrl: str(config.baseUrl),
    authType: (['none', 'bearer', 'header'] as const).find((a) => a === config.authType) ?? 'none',
    authHeader: str(config.authHeader),
    headers,
    testPath: str(config.testPath),
    secretMode: source.hasSecret ? 'keep' : 'replace',
  };
}

/** The settings object of the type (what `config` holds in the API). */
export function configOf(type: ConfiguredDataSourceType, form: ConnectionForm) {
  if (type === 'http') {
    return {
      baseUrl: form.baseUrl.trim(),
      authType: form.authType,
      ...(form.authType === 'header' && form.authHeader.trim()
        ? { authHeader: form.authHeader.trim() }
        : {}),
      headers: form.headers
        .filter((header) => header.name.trim() || header.value.trim())
        .map((header) => ({ name: header.name.trim(), value: header.value })),
      testPath: form.testPath.trim(),
    };
  }
  return {
    host: form.host.trim(),
    port: form.port.trim() === '' ? DEFAULT_PORTS[type] : Number(form.port.trim()),
    database: form.database.trim(),
    user: form.user.trim(),
    ssl: form.ssl,
  };
}

/** A field error to show: a locale key is translated, a server's text is shown as it is. */
export const isLocaleKey = (value: string) => value.startsWith('dataSources.');

/** Whether the type uses a secret at all with these settings. */
export function usesSecret(type: ConfiguredDataSourceType, form: ConnectionForm): boolean {
  return type !== 'http' || form.authType !== 'none';
}

/** `secret` for a request: undefined keeps the stored one, null removes it. */
export function secretOf(
  type: ConfiguredDataSourceType,
  form: ConnectionForm,
): string | null | undefined {
  if (form.secretMode === 'keep') return undefined;
  if (form.secretMode === 'remove') return null;
  return usesSecret(type, form) && form.secret !== '' ? form.secret : undefined;
}

/** POST /data-sources (and POST /data-sources/test) body. */
export function createBody(type: ConfiguredDataSourceType, form: ConnectionForm) {
  const secret = usesSecret(type, form) && form.secret !== '' ? form.secret : undefined;
  return {
    type,
    name: form.name.trim(),
    description: form.description.trim(),
    config: configOf(type, form),
    ...(secret !== undefined ? { secret } : {}),
  };
}

/** PATCH /data-sources/{id} body (and the body of testing edited settings). */
export function updateBody(type: ConfiguredDataSourceType, form: ConnectionForm) {
  const secret = secretOf(type, form);
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    config: configOf(type, form),
    ...(secret !== undefined ? { secret } : {}),
  };
}

/** Field errors: form field path (`name`, `config.host`, `config.headers.0.name`, `secret`) to a message. */
export type FieldErrors = Record<string, string>;

/** The DATA_SOURCE_MESSAGES key of a server or schema message, if it is one of them. */
export function messageKey(message: string): keyof typeof DATA_SOURCE_MESSAGES | undefined {
  return (Object.keys(DATA_SOURCE_MESSAGES) as (keyof typeof DATA_SOURCE_MESSAGES)[]).find(
    (key) => DATA_SOURCE_MESSAGES[key] === message,
  );
}

/** One locale key per field error: the shared message when known, else one per field. */
export function errorKeyFor(path: string, message: string): string {
  const known = messageKey(message);
  if (known) return `dataSources.validation.${known}`;
  if (path === 'config.port') return 'dataSources.validation.port';
  if (path === 'name' || path === 'description' || path === 'secret')
    return 'dataSources.validation.tooLong';
  return 'dataSources.validation.invalid';
}

function collect(issues: z.core.$ZodIssue[], prefix: string[], into: FieldErrors) {
  for (const issue of issues) {
    const path = [...prefix, ...issue.path.map(String)].join('.');
    into[path] ??= errorKeyFor(path, issue.message);
  }
}

/**
 * Validates the form with the shared schemas; answers locale keys per field (empty: valid).
 * `mode` 'create' also needs a name; 'test' only the settings.
 */
export function validateConnectionForm(
  type: ConfiguredDataSourceType,
  form: ConnectionForm,
  mode: 'create' | 'update' | 'test',
): FieldErrors {
  const errors: FieldErrors = {};
  if (mode !== 'test') {
    const name = dataSourceNameSchema.safeParse(form.name);
    if (!name.success) collect(name.error.issues, ['name'], errors);
    const description = dataSourceDescriptionSchema.safeParse(form.description);
    if (!description.success) collect(description.error.issues, ['description'], errors);
  }
  const config = configSchemaFor(type).safeParse(configOf(type, form));
  if (!config.success) collect(config.error.issues, ['config'], errors);
  if (
    type === 'http' &&
    form.authType !== 'none' &&
    form.secretMode === 'replace' &&
    form.secret === ''
  ) {
    errors.secret ??= 'dataSources.validation.secretRequired';
  }
  if (form.secret.length > DATA_SOURCE_LIMITS.secretMaxLength) {
    errors.secret ??= 'dataSources.validation.tooLong';
  }
  if (mode === 'create') {
    // The whole body once more, for what the parts above do not see.
    const body = dataSourceCreateSchema.safeParse(createBody(type, form));
    if (!body.success) collect(body.error.issues, [], errors);
  }
  return errors;
}

/** Field errors of a 400 or 409 answer (`fields` keyed like the body): locale keys or texts. */
export function serverFieldErrors(fields: Record<string, string[]> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(fields ?? {})) {
    const message = messages[0];
    if (!message) continue;
    // A message of the shared schemas is translated; any other is shown as the server wrote it.
    errors[path] = messageKey(message) ? errorKeyFor(path, message) : message;
  }
  return errors;
}
