/**
 * Model providers of an organisation: the list, create, change, (soft) delete, the one-token
 * test and model discovery. Every member reads them (names, base URL, models, header names and
 * whether a key is stored); the key and the header values (model-providers-secrets.ts) are only
 * ever sent to the base URL they were stored for: changing the base URL needs them entered
 * again (400 SECRET_REQUIRED_FOR_NEW_DESTINATION). Requests go through the outbound policy
 * (model-providers-client.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/client.ts';
import { modelProviders } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AuditActor } from '../../audit/record.ts';
import { scopedAudit } from '../../http/scoped-audit.ts';
import { httpError, taken } from '../../http/errors.ts';
import { found, type OrgScope } from '../../http/records.ts';
import {
  MODEL_PROVIDER_ERROR_CODES,
  MODEL_PROVIDER_MESSAGES,
  type ModelDiscovery,
  type ModelDiscoveryResult,
  type ModelProviderCreate,
  type ModelProviderDto,
  type ModelProviderTestResult,
  type ModelProviderUpdate,
  type ProviderHeaderInput,
} from '../../../shared/schemas/model-providers.ts';
import { hasApiKey, seal, unseal, type ProviderSecret } from './model-providers-secrets.ts';
import { listModels, testChat, type ProviderTarget } from './model-providers-client.ts';

export type ModelProviderRow = typeof modelProviders.$inferSelect;
/** What calling a provider needs of its row. */
export type ProviderForRun = Pick<
  ModelProviderRow,
  'id' | 'baseUrl' | 'secret' | 'defaultModel' | 'models'
>;
export type ModelProviderDeps = Pick<AppDeps, 'db' | 'config'>;

export const auditModelProvider = scopedAudit('model_provider');

const live = (scope: OrgScope) =>
  and(eq(modelProviders.organizationId, scope.organizationId), isNull(modelProviders.deletedAt));

function toDto(deps: ModelProviderDeps, row: ModelProviderRow): ModelProviderDto {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ModelProviderDto['kind'],
    baseUrl: row.baseUrl,
    models: row.models,
    defaultModel: row.defaultModel,
    headerNames: row.headerNames,
    hasApiKey: hasApiKey(deps, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a provider: never the key or header values. */
function snapshot(deps: ModelProviderDeps, row: ModelProviderRow) {
  return {
    name: row.name,
    kind: row.kind,
    baseUrl: row.baseUrl,
    models: row.models,
    defaultModel: row.defaultModel,
    headerNames: row.headerNames,
    hasApiKey: hasApiKey(deps, row),
  };
}

export async function listModelProviders(
  deps: ModelProviderDeps,
  scope: OrgScope,
): Promise<ModelProviderDto[]> {
  const rows = await deps.db
    .select()
    .from(modelProviders)
    .where(live(scope))
    .orderBy(asc(sql`lower(${modelProviders.name})`), asc(modelProviders.id));
  return rows.map((row) => toDto(deps, row));
}

/** A live provider of the organisation, or null. */
export async function getModelProviderRecord(
  db: Pick<Database, 'select'>,
  scope: OrgScope,
  id: string,
): Promise<ModelProviderRow | null> {
  const [row] = await db
    .select()
    .from(modelProviders)
    .where(and(live(scope), eq(modelProviders.id, id)));
  return row ?? null;
}

/** A live provider of the organisation, or 404 (another organisation's too). */
export async function findModelProvider(
  db: Pick<Database, 'select'>,
  scope: OrgScope,
  id: string,
): Promise<ModelProviderRow> {
  return found(await getModelProviderRecord(db, scope, id), MODEL_PROVIDER_MESSAGES.notFound);
}

export async function getModelProvider(
  deps: ModelProviderDeps,
  scope: OrgScope,
  id: string,
): Promise<ModelProviderDto> {
  return toDto(deps, await findModelProvider(deps.db, scope, id));
}

/**
 * Where and how to call a provider of the organisation, with its key in clear: for the server's
 * own callers (the llm step, chat). 404 for another organisation's or a deleted provider.
 */
export async function providerTarget(
  deps: ModelProviderDeps,
  scope: OrgScope,
  id: string,
  /** The provider as a run read it with its agent (one read less before the model request). */
  preloaded?: ProviderForRun,
): Promise<ProviderTarget & { row: ProviderForRun }> {
  const row = preloaded ?? (await findModelProvider(deps.db, scope, id));
  const secret = unseal(deps, row);
  return { row, baseUrl: row.baseUrl, apiKey: secret.apiKey, headers: secret.headers };
}

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw taken(
        MODEL_PROVIDER_ERROR_CODES.nameTaken,
        MODEL_PROVIDER_MESSAGES.duplicateName,
        'name',
      );
    }
    throw error;
  }
}

const fieldError = (field: string, message: string) =>
  httpError('VALIDATION_ERROR', message, { [field]: [message] });

const forDestination = (field: string, message: string) =>
  httpError(MODEL_PROVIDER_ERROR_CODES.secretForDestination, message, { [field]: [message] });

/**
 * The header values to store from the rows given: a value replaces, an empty one keeps the
 * stored value of that name (case-insensitive) unless the provider `moved` to another base URL.
 */
function mergeHeaders(
  rows: ProviderHeaderInput[],
  stored: Record<string, string>,
  moved: boolean,
): Record<string, string> {
  const storedByName = new Map(
    Object.entries(stored).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const headers: Record<string, string> = {};
  rows.forEach((row, index) => {
    if (row.value) {
      headers[row.name] = row.value;
      return;
    }
    const kept = storedByName.get(row.name.toLowerCase());
    if (kept === undefined) {
      throw fieldError(`headers.${index}.value`, MODEL_PROVIDER_MESSAGES.headerValueRequired);
    }
    if (moved)
      throw forDestination(`headers.${index}.value`, MODEL_PROVIDER_MESSAGES.headerForDestination);
    headers[row.name] = kept;
  });
  return headers;
}

export async function createModelProvider(
  deps: ModelProviderDeps,
  scope: OrgScope,
  actor: AuditActor,
  input: ModelProviderCreate,
): Promise<ModelProviderDto> {
  const id = randomUUID();
  const headers = mergeHeaders(input.headers, {}, false);
  const created = await uniqueName(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(modelProviders)
        .values({
          id,
          organizationId: scope.organizationId,
          name: input.name,
          kind: input.kind,
          baseUrl: input.baseUrl,
          secret: seal(deps, id, { apiKey: input.apiKey || null, headers }),
          headerNames: Object.keys(headers),
          models: input.models,
          defaultModel: input.defaultModel,
          createdBy: actor.id,
        })
        .returning();
      await auditModelProvider(tx, scope, actor, id, 'model_provider.create', {
        after: snapshot(deps, row!),
      });
      return row!;
    }),
  );
  return toDto(deps, created);
}

export async function updateModelProvider(
  deps: ModelProviderDeps,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  input: ModelProviderUpdate,
): Promise<ModelProviderDto> {
  const updated = await uniqueName(() =>
    deps.db.transaction(async (tx) => {
      const before = await findModelProvider(tx, scope, id);
      const stored = unsealOrEmpty(deps, before, input);
      const moved = input.baseUrl !== undefined && input.baseUrl !== before.baseUrl;
      const set: Partial<typeof modelProviders.$inferInsert> = {};
      if (input.name !== undefined) set.name = input.name;
      if (input.baseUrl !== undefined) set.baseUrl = input.baseUrl;
      if (input.models !== undefined) set.models = input.models;
      if (input.defaultModel !== undefined) set.defaultModel = input.defaultModel;
      // A default model must stay one of the models.
      const models = set.models ?? before.models;
      const defaultModel = set.defaultModel !== undefined ? set.defaultModel : before.defaultModel;
      if (defaultModel && !models.some((m) => m.id === defaultModel)) {
        if (input.defaultModel !== undefined) {
          throw fieldError('defaultModel', MODEL_PROVIDER_MESSAGES.defaultModel);
        }
        set.defaultModel = null;
      }

      const keyGiven = typeof input.apiKey === 'string' && input.apiKey !== '';
      let apiKey = stored.apiKey;
      if (input.apiKey === null) apiKey = null;
      else if (keyGiven) apiKey = input.apiKey as string;
      else if (moved && stored.apiKey) {
        throw forDestination('apiKey', MODEL_PROVIDER_MESSAGES.keyForDestination);
      }
      let headers = stored.headers;
      if (input.headers !== undefined) headers = mergeHeaders(input.headers, stored.headers, moved);
      else if (moved && Object.keys(stored.headers).length > 0) {
        throw forDestination('headers', MODEL_PROVIDER_MESSAGES.headerForDestination);
      }
      const secretChanged = keyGiven || input.apiKey === null || input.headers !== undefined;
      if (secretChanged) {
        set.secret = seal(deps, id, { apiKey, headers });
        set.headerNames = Object.keys(headers);
      }
      if (Object.keys(set).length === 0) return before;
      const [after] = await tx
        .update(modelProviders)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(modelProviders.id, id))
        .returning();
      await auditModelProvider(tx, scope, actor, id, 'model_provider.update', {
        before: snapshot(deps, before),
        after: {
          ...snapshot(deps, after!),
          ...(keyGiven || input.apiKey === null ? { apiKeyChanged: true } : {}),
        },
      });
      return after!;
    }),
  );
  return toDto(deps, updated);
}

/**
 * The stored secret; when it cannot be read (APP_SECRET changed), a change that gives a new key
 * and every header value again may still replace it.
 */
function unsealOrEmpty(
  deps: ModelProviderDeps,
  row: ModelProviderRow,
  input: ModelProviderUpdate,
): ProviderSecret {
  try {
    return unseal(deps, row);
  } catch (error) {
    const replacesAll =
      input.apiKey !== undefined &&
      (input.headers !== undefined
        ? input.headers.every((h) => h.value)
        : row.headerNames.length === 0);
    if (replacesAll) return { apiKey: null, headers: {} };
    throw error;
  }
}

export async function deleteModelProvider(
  deps: ModelProviderDeps,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await findModelProvider(tx, scope, id);
    await tx.update(modelProviders).set({ deletedAt: new Date() }).where(eq(modelProviders.id, id));
    await auditModelProvider(tx, scope, actor, id, 'model_provider.delete', {
      before: snapshot(deps, before),
    });
  });
}

/** Sends a one-token chat request to the provider and reports what happened. */
export async function testModelProvider(
  deps: ModelProviderDeps,
  scope: OrgScope,
  id: string,
  model: string | undefined,
): Promise<ModelProviderTestResult> {
  const target = await providerTarget(deps, scope, id);
  const chosen = model ?? target.row.defaultModel ?? target.row.models[0]?.id;
  if (!chosen) throw fieldError('model', MODEL_PROVIDER_MESSAGES.noModel);
  const result = await testChat(deps.config.outbound, target, chosen);
  return result.ok
    ? {
        ok: true,
        cause: null,
        message: result.value,
        status: result.status,
        model: chosen,
        durationMs: result.durationMs,
      }
    : {
        ok: false,
        cause: result.cause,
        message: result.message,
        status: result.status,
        model: chosen,
        durationMs: result.durationMs,
      };
}

/**
 * The models at `/models` of a base URL and key, or of a saved provider (its stored key and
 * header values, which go only to its own base URL: another one needs them given).
 */
export async function discoverModels(
  deps: ModelProviderDeps,
  scope: OrgScope,
  input: ModelDiscovery,
): Promise<ModelDiscoveryResult> {
  let target: ProviderTarget;
  if (input.providerId) {
    const saved = await providerTarget(deps, scope, input.providerId);
    const baseUrl = input.baseUrl ?? saved.baseUrl;
    const moved = baseUrl !== saved.baseUrl;
    const apiKey = input.apiKey || (moved && saved.apiKey ? null : saved.apiKey);
    if (moved && saved.apiKey && !input.apiKey) {
      throw forDestination('apiKey', MODEL_PROVIDER_MESSAGES.keyForDestination);
    }
    const headers =
      input.headers !== undefined
        ? mergeHeaders(input.headers, saved.headers, moved)
        : moved
          ? {}
          : saved.headers;
    target = { baseUrl, apiKey, headers };
  } else {
    target = {
      baseUrl: input.baseUrl!,
      apiKey: input.apiKey || null,
      headers: mergeHeaders(input.headers ?? [], {}, false),
    };
  }
  const result = await listModels(deps.config.outbound, target);
  return result.ok
    ? { ok: true, cause: null, message: '', status: result.status, models: result.value }
    : {
        ok: false,
        cause: result.cause,
        message: result.message,
        status: result.status,
        models: [],
      };
}
