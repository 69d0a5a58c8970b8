/**
 * Data sources of an organisation: CRUD (soft delete), encrypted secrets, connection tests,
 * schema, query console, file uploads and project assignments.
 *
 * Errors (documented decision): a connector never makes a 500.
 * - The external system cannot be reached or refuses our credentials: 502 CONNECTION_FAILED,
 *   the message says why and `fields.cause[0]` names the cause (NAME_NOT_FOUND,
 *   CONNECTION_REFUSED, AUTHENTICATION_FAILED, TLS, TIMEOUT, DATABASE_NOT_FOUND, UNREACHABLE,
 *   HTTP_ERROR, UNKNOWN). 502 because we act as a gateway to a system that failed, not because
 *   the request was wrong; 'Test connection' itself answers 200 with `ok: false` and the cause.
 * - The system refused the statement (SQL error, a write in the read-only transaction): 422
 *   QUERY_FAILED with the system's message; a statement over its time limit: 422 QUERY_TIMEOUT.
 * - The request is wrong for the source (unknown file column, bad filter value): 400.
 * - An unreadable upload: 422 INVALID_FILE, with `fields` listing the bad rows
 *   (`line 12` / `item 3` to messages).
 *
 * Secrets are encrypted with the app secret (src/server/secret.ts) bound to the data source id,
 * never returned (`hasSecret`), never written to the audit log or to logs, and only ever sent to
 * the destination they were stored for (host and port, or base URL): testing or saving a changed
 * destination needs the secret entered again (400 SECRET_REQUIRED_FOR_NEW_DESTINATION).
 * A statement outside the allow-list is a 400 STATEMENT_NOT_ALLOWED; a PostgreSQL role that may
 * reach the server's files or programs a 403 PRIVILEGED_ROLE for everyone but organisation admins
 * until an admin accepts it; an answer too large to read a 422 RESULT_TOO_LARGE.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/client.ts';
import { dataSources, projectDataSources, projects, user } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { HttpError, notFound, validationError } from '../../http/errors.ts';
import { decryptSecret, encryptSecret, resolveAppSecret } from '../../secret.ts';
import type { Page } from '../../../shared/schemas/pagination.ts';
import {
  configSchemaFor,
  DATA_SOURCE_ERROR_CODES,
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
  type ConfiguredDataSourceType,
  type ConnectionTestResult,
  type DataSourceConfig,
  type DataSourceCreate,
  type DataSourceListQuery,
  type DataSourceSchemaResult,
  type DataSourceType,
  type FileConfig,
  type FileFormat,
  type HttpConfig,
  type QueryResult,
  type UploadReport,
} from '../../../shared/schemas/data-sources.ts';
import { connectorFor, ConnectorError, type AnyConnector } from './connectors/index.ts';
import { storeFileRows } from './connectors/file.ts';
import { FileParseError, parseFileInWorker } from './connectors/file-parse.ts';

export type DataSourceScope = { organizationId: string };

export type DataSourceDto = {
  id: string;
  name: string;
  description: string;
  type: DataSourceType;
  config: DataSourceConfig;
  hasSecret: boolean;
  /** PostgreSQL: an admin accepted that the role may reach the server's files or programs. */
  privilegedRoleAccepted: boolean;
  projectCount: number;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
};
export type DataSourceDetailDto = DataSourceDto & { projects: { id: string; name: string }[] };

type Row = typeof dataSources.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

const UNIQUE_VIOLATION = '23505';
const SECRET_PURPOSE = 'data-source-secret';

// ---------------------------------------------------------------------------
// Secrets
// ---------------------------------------------------------------------------

const appSecrets = new WeakMap<AppDeps['config'], string>();

/** APP_SECRET, or the one generated into DATA_DIR (read once per configuration). */
function appSecretOf(deps: Pick<AppDeps, 'config'>): string {
  let secret = appSecrets.get(deps.config);
  if (!secret) {
    secret = resolveAppSecret(deps.config.appSecret, deps.config.dataDir);
    appSecrets.set(deps.config, secret);
  }
  return secret;
}

const secretContext = (id: string) => `data-source:${id}`;

function seal(deps: Pick<AppDeps, 'config'>, id: string, secret: string | null | undefined) {
  return secret
    ? encryptSecret(appSecretOf(deps), SECRET_PURPOSE, secretContext(id), secret)
    : null;
}

function unseal(deps: Pick<AppDeps, 'config'>, row: Pick<Row, 'id' | 'secret'>): string | null {
  if (!row.secret) return null;
  try {
    return decryptSecret(appSecretOf(deps), SECRET_PURPOSE, secretContext(row.id), row.secret);
  } catch {
    // APP_SECRET changed since the secret was saved.
    throw new HttpError(
      422,
      'SECRET_UNREADABLE',
      'The stored credentials cannot be decrypted (the app secret changed). Enter them again.',
    );
  }
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/** Live data sources of the organisation. */
const live = (scope: DataSourceScope) =>
  and(eq(dataSources.organizationId, scope.organizationId), isNull(dataSources.deletedAt));

const projectCountSql = sql<number>`(select count(*)::int from ${projectDataSources}
  join ${projects} on ${projects.id} = ${projectDataSources.projectId} and ${projects.deletedAt} is null
  where ${projectDataSources.dataSourceId} = ${dataSources.id})`;

const listColumns = {
  source: dataSources,
  creatorName: user.name,
  projectCount: projectCountSql,
};

function toDto(row: Row, creatorName: string | null, projectCount: number): DataSourceDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    config: row.config as DataSourceConfig,
    hasSecret: Boolean(row.secret),
    privilegedRoleAccepted: row.privilegedRoleAcceptedAt !== null,
    projectCount: Number(projectCount),
    createdBy: row.createdBy && creatorName ? { id: row.createdBy, name: creatorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const SORTS = {
  name: sql`lower(${dataSources.name})`,
  type: dataSources.type,
  createdAt: dataSources.createdAt,
  updatedAt: dataSources.updatedAt,
} as const;

export async function listDataSources(
  db: Database,
  scope: DataSourceScope,
  query: DataSourceListQuery,
): Promise<Page<DataSourceDto>> {
  const conditions: (SQL | undefined)[] = [live(scope)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      sql`(${ilike(dataSources.name, pattern)} or ${ilike(dataSources.description, pattern)})`,
    );
  }
  if (query.type) conditions.push(eq(dataSources.type, query.type));
  if (query.projectId) {
    conditions.push(
      inArray(
        dataSources.id,
        db
          .select({ id: projectDataSources.dataSourceId })
          .from(projectDataSources)
          .where(eq(projectDataSources.projectId, query.projectId)),
      ),
    );
  }
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [totals]] = await Promise.all([
    db
      .select(listColumns)
      .from(dataSources)
      .leftJoin(user, eq(user.id, dataSources.createdBy))
      .where(where)
      .orderBy(direction(SORTS[query.sort]), asc(dataSources.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(dataSources).where(where),
  ]);
  return {
    items: rows.map((r) => toDto(r.source, r.creatorName, r.projectCount)),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A live data source of the organisation, or 404. */
export async function findDataSource(
  db: Executor,
  scope: DataSourceScope,
  id: string,
): Promise<Row> {
  const [row] = await db
    .select()
    .from(dataSources)
    .where(and(live(scope), eq(dataSources.id, id)));
  if (!row) throw notFound(DATA_SOURCE_MESSAGES.notFound);
  return row;
}

export async function getDataSource(
  db: Database,
  scope: DataSourceScope,
  id: string,
): Promise<DataSourceDetailDto> {
  const [found] = await db
    .select(listColumns)
    .from(dataSources)
    .leftJoin(user, eq(user.id, dataSources.createdBy))
    .where(and(live(scope), eq(dataSources.id, id)));
  if (!found) throw notFound(DATA_SOURCE_MESSAGES.notFound);
  const assigned = await db
    .select({ id: projects.id, name: projects.name })
    .from(projectDataSources)
    .innerJoin(projects, eq(projects.id, projectDataSources.projectId))
    .where(and(eq(projectDataSources.dataSourceId, id), isNull(projects.deletedAt)))
    .orderBy(asc(sql`lower(${projects.name})`));
  return { ...toDto(found.source, found.creatorName, found.projectCount), projects: assigned };
}

// ---------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------

/** What the audit log keeps of a data source: no secret, only whether there is one. */
function snapshot(row: Pick<Row, 'name' | 'description' | 'type' | 'config' | 'secret'>) {
  const config =
    row.type === 'file'
      ? (({ columns, ...rest }: FileConfig) => ({ ...rest, columns: columns.length }))(
          row.config as FileConfig,
        )
      : row.config;
  return {
    name: row.name,
    description: row.description,
    type: row.type,
    config,
    hasSecret: Boolean(row.secret),
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

const nameTaken = () =>
  new HttpError(409, 'CONFLICT', DATA_SOURCE_MESSAGES.duplicateName, {
    name: [DATA_SOURCE_MESSAGES.duplicateName],
  });

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Settings of a type, checked, with errors under `config.…`. */
function parseConfig(type: ConfiguredDataSourceType, config: unknown) {
  const parsed = z.object({ config: configSchemaFor(type) }).safeParse({ config });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.config;
}

/** An HTTP source that authenticates needs a secret. */
function checkHttpSecret(type: DataSourceType, config: unknown, secret: string | null) {
  if (type === 'http' && (config as HttpConfig).authType !== 'none' && !secret) {
    throw new HttpError(400, 'VALIDATION_ERROR', DATA_SOURCE_MESSAGES.secretRequired, {
      secret: [DATA_SOURCE_MESSAGES.secretRequired],
    });
  }
}

export async function createDataSource(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: AuditActor,
  scope: DataSourceScope,
  input: DataSourceCreate,
): Promise<DataSourceDetailDto> {
  const id = randomUUID();
  const row = await uniqueName(() =>
    deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(dataSources)
        .values({
          id,
          organizationId: scope.organizationId,
          name: input.name,
          description: input.description,
          type: input.type,
          config: input.config,
          secret: seal(deps, id, input.secret),
          createdBy: actor.id,
        })
        .returning();
      await recordAudit(tx, actor, {
        organizationId: scope.organizationId,
        action: 'data_source.create',
        targetType: 'data_source',
        targetId: id,
        after: snapshot(created!),
      });
      return created!;
    }),
  );
  return getDataSource(deps.db, scope, row.id);
}

export type DataSourceChange = {
  name?: string;
  description?: string;
  config?: Record<string, unknown>;
  secret?: string | null;
};

export async function updateDataSource(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: AuditActor,
  scope: DataSourceScope,
  id: string,
  input: DataSourceChange,
): Promise<DataSourceDetailDto> {
  await uniqueName(() =>
    deps.db.transaction(async (tx) => {
      const before = await findDataSource(tx, scope, id);
      const set: Partial<typeof dataSources.$inferInsert> = {};
      if (input.name !== undefined) set.name = input.name;
      if (input.description !== undefined) set.description = input.description;
      if (input.config !== undefined) {
        if (before.type === 'file') {
          throw new HttpError(400, 'VALIDATION_ERROR', DATA_SOURCE_MESSAGES.notAFile, {
            config: ['The settings of a file data source come from its file; upload a new one'],
          });
        }
        set.config = parseConfig(before.type, input.config);
        const moved =
          destinationOf(before.type, set.config) !== destinationOf(before.type, before.config);
        if (moved && before.secret && input.secret === undefined) throw secretForDestination();
        if (moved || identityOf(before.config) !== identityOf(set.config)) {
          set.privilegedRoleAcceptedAt = null;
          set.privilegedRoleAcceptedBy = null;
        }
      }
      if (input.secret !== undefined) {
        if (before.type === 'file') {
          throw new HttpError(400, 'VALIDATION_ERROR', 'A file data source has no credentials', {
            secret: ['A file data source has no credentials'],
          });
        }
        set.secret = seal(deps, id, input.secret);
      }
      const secretAfter = set.secret !== undefined ? set.secret : before.secret;
      checkHttpSecret(before.type, set.config ?? before.config, secretAfter);
      if (Object.keys(set).length === 0) return;
      const [after] = await tx
        .update(dataSources)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(dataSources.id, id))
        .returning();
      await recordAudit(tx, actor, {
        organizationId: scope.organizationId,
        action: 'data_source.update',
        targetType: 'data_source',
        targetId: id,
        before: snapshot(before),
        after: {
          ...snapshot(after!),
          ...(input.secret !== undefined ? { secretChanged: true } : {}),
        },
      });
    }),
  );
  return getDataSource(deps.db, scope, id);
}

export async function deleteDataSource(
  db: Database,
  actor: AuditActor,
  scope: DataSourceScope,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findDataSource(tx, scope, id);
    await tx.update(dataSources).set({ deletedAt: new Date() }).where(eq(dataSources.id, id));
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'data_source.delete',
      targetType: 'data_source',
      targetId: id,
      before: snapshot(before),
    });
  });
}

// ---------------------------------------------------------------------------
// Connections
// ---------------------------------------------------------------------------

/** Where a source's secret goes: host and port, or the base URL. */
function destinationOf(type: DataSourceType, config: unknown): string {
  if (type === 'http') return (config as HttpConfig).baseUrl.trim();
  if (type === 'file') return '';
  const { host, port } = config as { host: string; port: number };
  return `${host.trim().toLowerCase()}:${port}`;
}

/** The database and user of a SQL source (a change clears an accepted privileged role). */
function identityOf(config: unknown): string {
  const { database, user: role } = (config ?? {}) as { database?: string; user?: string };
  return `${database ?? ''}\u0000${role ?? ''}`;
}

const secretForDestination = () =>
  new HttpError(
    400,
    DATA_SOURCE_ERROR_CODES.secretForDestination,
    DATA_SOURCE_MESSAGES.secretForDestination,
    { secret: [DATA_SOURCE_MESSAGES.secretForDestination] },
  );

/** Maps a connector failure to the API error (see the module comment). */
export function connectorHttpError(error: unknown): unknown {
  if (!(error instanceof ConnectorError)) return error;
  switch (error.kind) {
    case 'connection':
      return new HttpError(502, DATA_SOURCE_ERROR_CODES.connectionFailed, error.message, {
        cause: [error.failure ?? 'UNKNOWN'],
      });
    case 'timeout':
      return new HttpError(422, DATA_SOURCE_ERROR_CODES.queryTimeout, error.message);
    case 'invalid':
      return new HttpError(400, 'VALIDATION_ERROR', error.message);
    case 'query':
      return new HttpError(422, DATA_SOURCE_ERROR_CODES.queryFailed, error.message);
    case 'refused':
      return new HttpError(400, DATA_SOURCE_ERROR_CODES.statementNotAllowed, error.message, {
        sql: [error.message],
      });
    case 'privileged':
      return new HttpError(403, DATA_SOURCE_ERROR_CODES.privilegedRole, error.message);
    case 'tooLarge':
      return new HttpError(422, DATA_SOURCE_ERROR_CODES.resultTooLarge, error.message);
  }
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw connectorHttpError(error);
  }
}

type ConnectorDeps = Pick<AppDeps, 'db' | 'config'>;

function connectorOf(deps: ConnectorDeps, row: Row): AnyConnector {
  return connectorFor(
    deps.db,
    { id: row.id, type: row.type, config: row.config, secret: unseal(deps, row) },
    deps.config.outbound,
  );
}

/** 'Test connection' of settings not saved yet. */
export function testSettings(
  deps: ConnectorDeps,
  settings: { type: ConfiguredDataSourceType; config: unknown; secret?: string | undefined },
): Promise<ConnectionTestResult> {
  return connectorFor(
    deps.db,
    {
      id: randomUUID(),
      type: settings.type,
      config: settings.config,
      secret: settings.secret ?? null,
    },
    deps.config.outbound,
  ).testConnection();
}

/**
 * 'Test connection' of a saved source, optionally with edited settings: the stored secret is
 * used only for the stored destination. Audited, with the destination tested.
 */
export async function testDataSource(
  deps: ConnectorDeps,
  actor: AuditActor,
  scope: DataSourceScope,
  id: string,
  overrides: { config?: Record<string, unknown>; secret?: string | null } = {},
): Promise<ConnectionTestResult> {
  const row = await findDataSource(deps.db, scope, id);
  let result: ConnectionTestResult;
  let config: unknown = row.config;
  if (row.type === 'file' || (overrides.config === undefined && overrides.secret === undefined)) {
    result = await connectorOf(deps, row).testConnection();
  } else {
    if (overrides.config) config = parseConfig(row.type, overrides.config);
    const moved = destinationOf(row.type, config) !== destinationOf(row.type, row.config);
    if (moved && row.secret && overrides.secret === undefined) throw secretForDestination();
    const secret = overrides.secret !== undefined ? overrides.secret : unseal(deps, row);
    result = await connectorFor(
      deps.db,
      { id, type: row.type, config, secret },
      deps.config.outbound,
    ).testConnection();
  }
  await recordAudit(deps.db, actor, {
    organizationId: scope.organizationId,
    action: 'data_source.test',
    targetType: 'data_source',
    targetId: id,
    after: {
      dataSource: row.name,
      destination: destinationOf(row.type, config) || null,
      edited: overrides.config !== undefined || overrides.secret !== undefined,
      ok: result.ok,
      cause: result.cause,
    },
  });
  return result;
}

/** An organisation admin accepts that a PostgreSQL source's role is privileged (audited). */
export async function acceptPrivilegedRole(
  db: Database,
  actor: AuditActor,
  scope: DataSourceScope,
  id: string,
): Promise<DataSourceDetailDto> {
  await db.transaction(async (tx) => {
    const row = await findDataSource(tx, scope, id);
    if (row.type !== 'postgres') {
      throw new HttpError(400, 'VALIDATION_ERROR', 'Only PostgreSQL sources have roles to accept');
    }
    await tx
      .update(dataSources)
      .set({ privilegedRoleAcceptedAt: new Date(), privilegedRoleAcceptedBy: actor.id })
      .where(eq(dataSources.id, id));
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'data_source.privileged_role.accept',
      targetType: 'data_source',
      targetId: id,
      after: { dataSource: row.name },
    });
  });
  return getDataSource(db, scope, id);
}

export async function dataSourceSchema(
  deps: Pick<AppDeps, 'db' | 'config'>,
  scope: DataSourceScope,
  id: string,
): Promise<DataSourceSchemaResult> {
  const row = await findDataSource(deps.db, scope, id);
  return mapped(() => connectorOf(deps, row).listSchema());
}

/** Runs the console's request; `exporting` raises the row cap to the export's. */
export async function queryDataSource(
  deps: Pick<AppDeps, 'db' | 'config'>,
  scope: DataSourceScope,
  id: string,
  input: Record<string, unknown>,
  options: { exporting?: boolean; organizationAdmin?: boolean } = {},
): Promise<{ name: string; result: QueryResult }> {
  const row = await findDataSource(deps.db, scope, id);
  const rowCap = options.exporting ? DATA_SOURCE_LIMITS.exportRowCap : DATA_SOURCE_LIMITS.rowCap;
  const connector = connectorOf(deps, row);
  const result = await mapped(() =>
    connector.runQuery(input, {
      rowCap,
      exportAll: Boolean(options.exporting),
      allowPrivilegedRole:
        Boolean(options.organizationAdmin) || row.privilegedRoleAcceptedAt !== null,
    }),
  );
  return { name: row.name, result };
}

// ---------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------

/** csv or json, from the file name (or, without a known extension, its type). */
export function fileFormatOf(name: string, type: string): FileFormat | null {
  const extension = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension === 'csv' || extension === 'tsv' || extension === 'txt') return 'csv';
  if (extension === 'json') return 'json';
  if (/json/.test(type)) return 'json';
  if (/csv|tab-separated/.test(type)) return 'csv';
  return null;
}

const invalidFile = (message: string, fields?: Record<string, string[]>) =>
  new HttpError(422, DATA_SOURCE_ERROR_CODES.invalidFile, message, fields);

/** Reads an upload; 422 INVALID_FILE with a report when rows are bad and not to be skipped. */
export async function readUpload(
  file: { name: string; type: string; bytes: Uint8Array },
  skipInvalidRows: boolean,
) {
  const format = fileFormatOf(file.name, file.type);
  if (!format) {
    throw new HttpError(400, 'VALIDATION_ERROR', DATA_SOURCE_MESSAGES.fileFormat, {
      file: [DATA_SOURCE_MESSAGES.fileFormat],
    });
  }
  let parsed;
  try {
    parsed = await parseFileInWorker(format, file.bytes);
  } catch (error) {
    if (error instanceof FileParseError)
      throw invalidFile(error.message, { file: [error.message] });
    throw error;
  }
  const fields = Object.fromEntries(parsed.errors.map((e) => [e.location, [e.message]]));
  if (parsed.rows.length === 0) {
    throw invalidFile(
      parsed.errorCount
        ? `No row of the file can be read (${parsed.errorCount} invalid)`
        : 'The file has no rows',
      parsed.errorCount ? fields : { file: ['The file has no rows'] },
    );
  }
  if (parsed.errorCount > 0 && !skipInvalidRows) {
    const first = parsed.errors[0]!;
    throw invalidFile(
      `${parsed.errorCount} of ${parsed.rows.length + parsed.errorCount} rows cannot be read (${first.location}: ${first.message}). Fix the file, or import the valid rows only.`,
      fields,
    );
  }
  return { format, parsed };
}

/** Creates a file data source from an upload, or replaces the file of an existing one. */
export async function uploadFile(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: AuditActor,
  scope: DataSourceScope,
  upload: {
    file: { name: string; type: string; bytes: Uint8Array };
    name?: string;
    description?: string;
    dataSourceId?: string;
    skipInvalidRows: boolean;
  },
): Promise<{ dataSource: DataSourceDetailDto; report: UploadReport }> {
  const { format, parsed } = await readUpload(upload.file, upload.skipInvalidRows);
  const config: FileConfig = {
    format,
    fileName: upload.file.name.slice(0, 255),
    size: upload.file.bytes.byteLength,
    rowCount: parsed.rows.length,
    skippedRows: parsed.errorCount,
    columns: parsed.columns,
    uploadedAt: new Date().toISOString(),
  };
  const id = upload.dataSourceId ?? randomUUID();
  await uniqueName(() =>
    deps.db.transaction(async (tx) => {
      if (upload.dataSourceId) {
        const before = await findDataSource(tx, scope, upload.dataSourceId);
        if (before.type !== 'file') {
          throw new HttpError(400, 'VALIDATION_ERROR', DATA_SOURCE_MESSAGES.notAFile);
        }
        const [after] = await tx
          .update(dataSources)
          .set({
            config,
            ...(upload.name ? { name: upload.name } : {}),
            ...(upload.description !== undefined ? { description: upload.description } : {}),
            updatedAt: new Date(),
          })
          .where(eq(dataSources.id, id))
          .returning();
        await storeFileRows(tx, id, parsed.rows);
        await recordAudit(tx, actor, {
          organizationId: scope.organizationId,
          action: 'data_source.file.replace',
          targetType: 'data_source',
          targetId: id,
          before: snapshot(before),
          after: snapshot(after!),
        });
        return;
      }
      if (!upload.name) {
        throw new HttpError(400, 'VALIDATION_ERROR', DATA_SOURCE_MESSAGES.required, {
          name: [DATA_SOURCE_MESSAGES.required],
        });
      }
      const [created] = await tx
        .insert(dataSources)
        .values({
          id,
          organizationId: scope.organizationId,
          name: upload.name,
          description: upload.description ?? '',
          type: 'file',
          config,
          createdBy: actor.id,
        })
        .returning();
      await storeFileRows(tx, id, parsed.rows);
      await recordAudit(tx, actor, {
        organizationId: scope.organizationId,
        action: 'data_source.create',
        targetType: 'data_source',
        targetId: id,
        after: snapshot(created!),
      });
    }),
  );
  return {
    dataSource: await getDataSource(deps.db, scope, id),
    report: { rowCount: parsed.rows.length, skippedRows: parsed.errorCount, errors: parsed.errors },
  };
}

// ---------------------------------------------------------------------------
// Projects
// ---------------------------------------------------------------------------

async function findProject(db: Executor, scope: DataSourceScope, projectId: string) {
  const [project] = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(
      and(
        eq(projects.id, projectId),
        eq(projects.organizationId, scope.organizationId),
        isNull(projects.deletedAt),
      ),
    );
  if (!project) throw notFound(DATA_SOURCE_MESSAGES.projectNotFound);
  return project;
}

/** A live project of the organisation, or 404 (for the project's list of data sources). */
export async function requireProject(db: Database, scope: DataSourceScope, projectId: string) {
  await findProject(db, scope, projectId);
}

export async function assignProject(
  db: Database,
  actor: AuditActor,
  scope: DataSourceScope,
  id: string,
  projectId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const source = await findDataSource(tx, scope, id);
    const project = await findProject(tx, scope, projectId);
    const [added] = await tx
      .insert(projectDataSources)
      .values({
        projectId,
        dataSourceId: id,
        organizationId: scope.organizationId,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning({ projectId: projectDataSources.projectId });
    if (!added) return;
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'data_source.project.assign',
      targetType: 'data_source',
      targetId: id,
      after: { dataSource: source.name, projectId, project: project.name },
    });
  });
}

export async function unassignProject(
  db: Database,
  actor: AuditActor,
  scope: DataSourceScope,
  id: string,
  projectId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const source = await findDataSource(tx, scope, id);
    const project = await findProject(tx, scope, projectId);
    const [removed] = await tx
      .delete(projectDataSources)
      .where(
        and(eq(projectDataSources.projectId, projectId), eq(projectDataSources.dataSourceId, id)),
      )
      .returning({ projectId: projectDataSources.projectId });
    if (!removed) return;
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'data_source.project.unassign',
      targetType: 'data_source',
      targetId: id,
      before: { dataSource: source.name, projectId, project: project.name },
    });
  });
}
