/**
 * Data sources of an organisation: the list, one record, create, change and (soft) delete. The
 * other concerns sit next to it: secrets (data-sources-secrets.ts), connection tests, schema and
 * query console (data-sources-connections.ts), file uploads (data-sources-files.ts) and project
 * assignments (data-sources-projects.ts). Services are called `(deps, scope, actor?, id?, input?)`.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/client.ts';
import { dataSources, projectDataSources, projects, user } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AuditActor } from '../../audit/record.ts';
import { scopedAudit } from '../../http/scoped-audit.ts';
import { httpError, taken, validationError } from '../../http/errors.ts';
import { found, type OrgScope } from '../../http/records.ts';
import type { Page } from '../../../shared/schemas/pagination.ts';
import {
  configSchemaFor,
  DATA_SOURCE_ERROR_CODES,
  DATA_SOURCE_MESSAGES,
  type ConfiguredDataSourceType,
  type DataSourceCreate,
  type DataSourceDetailDto,
  type DataSourceDto,
  type DataSourceListQuery,
  type DataSourceType,
  type FileConfig,
  type HttpConfig,
} from '../../../shared/schemas/data-sources.ts';
import { destinationOf, identityOf, seal, secretForDestination } from './data-sources-secrets.ts';
import { readPage } from '../../http/paging.ts';

export type DataSourceRow = typeof dataSources.$inferSelect;
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;
export type DataSourceDeps = Pick<AppDeps, 'db' | 'config'>;

/** Records a change of one data source (see scopedAudit). */
export const auditDataSource = scopedAudit('data_source');

/** Live data sources of the organisation. */
const live = (scope: OrgScope) =>
  and(eq(dataSources.organizationId, scope.organizationId), isNull(dataSources.deletedAt));

const projectCountSql = sql<number>`(select count(*)::int from ${projectDataSources}
  join ${projects} on ${projects.id} = ${projectDataSources.projectId} and ${projects.deletedAt} is null
  where ${projectDataSources.dataSourceId} = ${dataSources.id})`;

const listColumns = {
  source: dataSources,
  creatorName: user.name,
  projectCount: projectCountSql,
};

function toDto(
  row: DataSourceRow,
  creatorName: string | null,
  projectCount: number,
): DataSourceDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    config: row.config as Record<string, unknown>,
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
  scope: OrgScope,
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
  const { rows, ...page } = await readPage(
    query,
    (range) =>
      db
        .select(listColumns)
        .from(dataSources)
        .leftJoin(user, eq(user.id, dataSources.createdBy))
        .where(where)
        .orderBy(direction(SORTS[query.sort]), asc(dataSources.id))
        .limit(range.limit)
        .offset(range.offset),
    db.select({ total: count() }).from(dataSources).where(where),
  );
  return {
    items: rows.map((r) => toDto(r.source, r.creatorName, r.projectCount)),
    ...page,
  };
}

/** A live data source of the organisation, or null (for `authorizeRecord`). */
export async function getDataSourceRecord(
  db: Executor,
  scope: OrgScope,
  id: string,
): Promise<DataSourceRow | null> {
  const [row] = await db
    .select()
    .from(dataSources)
    .where(and(live(scope), eq(dataSources.id, id)));
  return row ?? null;
}

/** A live data source of the organisation, or 404. */
export async function findDataSource(
  db: Executor,
  scope: OrgScope,
  id: string,
): Promise<DataSourceRow> {
  return found(await getDataSourceRecord(db, scope, id), DATA_SOURCE_MESSAGES.notFound);
}

export async function getDataSource(
  db: Database,
  scope: OrgScope,
  id: string,
): Promise<DataSourceDetailDto> {
  const [row] = await db
    .select(listColumns)
    .from(dataSources)
    .leftJoin(user, eq(user.id, dataSources.createdBy))
    .where(and(live(scope), eq(dataSources.id, id)));
  const record = found(row, DATA_SOURCE_MESSAGES.notFound);
  const assigned = await db
    .select({ id: projects.id, name: projects.name })
    .from(projectDataSources)
    .innerJoin(projects, eq(projects.id, projectDataSources.projectId))
    .where(and(eq(projectDataSources.dataSourceId, id), isNull(projects.deletedAt)))
    .orderBy(asc(sql`lower(${projects.name})`));
  return { ...toDto(record.source, record.creatorName, record.projectCount), projects: assigned };
}

// ---------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------

/** What the audit log keeps of a data source: no secret, only whether there is one. */
export function snapshot(
  row: Pick<DataSourceRow, 'name' | 'description' | 'type' | 'config' | 'secret'>,
) {
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

/** `work`, with a taken name as 409 DATA_SOURCE_NAME_TAKEN on the name field. */
export async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw taken(DATA_SOURCE_ERROR_CODES.nameTaken, DATA_SOURCE_MESSAGES.duplicateName, 'name');
    }
    throw error;
  }
}

/** Settings of a type, checked, with errors under `config.…`. */
export function parseConfig(type: ConfiguredDataSourceType, config: unknown) {
  const parsed = z.object({ config: configSchemaFor(type) }).safeParse({ config });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.config;
}

const invalid = (message: string, field?: string, fieldMessage = message) =>
  httpError('VALIDATION_ERROR', message, field ? { [field]: [fieldMessage] } : undefined);

/** An HTTP source that authenticates needs a secret. */
function checkHttpSecret(type: DataSourceType, config: unknown, secret: string | null) {
  if (type === 'http' && (config as HttpConfig).authType !== 'none' && !secret) {
    throw invalid(DATA_SOURCE_MESSAGES.secretRequired, 'secret');
  }
}

export async function createDataSource(
  deps: DataSourceDeps,
  scope: OrgScope,
  actor: AuditActor,
  input: DataSourceCreate,
): Promise<DataSourceDetailDto> {
  const id = randomUUID();
  await uniqueName(() =>
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
      await auditDataSource(tx, scope, actor, id, 'data_source.create', {
        after: snapshot(created!),
      });
    }),
  );
  return getDataSource(deps.db, scope, id);
}

export type DataSourceChange = {
  name?: string | undefined;
  description?: string | undefined;
  config?: Record<string, unknown> | undefined;
  secret?: string | null | undefined;
};

export async function updateDataSource(
  deps: DataSourceDeps,
  scope: OrgScope,
  actor: AuditActor,
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
          throw invalid(
            DATA_SOURCE_MESSAGES.notAFile,
            'config',
            'The settings of a file data source come from its file; upload a new one',
          );
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
        if (before.type === 'file')
          throw invalid('A file data source has no credentials', 'secret');
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
      await auditDataSource(tx, scope, actor, id, 'data_source.update', {
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
  scope: OrgScope,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findDataSource(tx, scope, id);
    await tx.update(dataSources).set({ deletedAt: new Date() }).where(eq(dataSources.id, id));
    await auditDataSource(tx, scope, actor, id, 'data_source.delete', {
      before: snapshot(before),
    });
  });
}
