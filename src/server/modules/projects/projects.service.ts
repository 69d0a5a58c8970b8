import { and, asc, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  auditLogs,
  dataSources,
  projectDataSources,
  projectStats,
  projects,
  user,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { auditTargetName } from '../../audit/target-name.ts';
import { taken } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import { softDeleter } from '../../http/soft-delete.ts';
import type { Page } from '../../../shared/schemas/pagination.ts';
import {
  PROJECT_MESSAGES,
  type ProjectActivityDto,
  type ProjectCreate,
  type ProjectDto,
  type ProjectListQuery,
  type ProjectOverviewDto,
  type ProjectStatus,
  type ProjectUpdate,
} from '../../../shared/schemas/projects.ts';

type ProjectRow = typeof projects.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

const RECENT_ACTIVITY = 10;

const columns = {
  project: projects,
  creatorName: user.name,
};

function toDto(row: ProjectRow, creatorName: string | null): ProjectDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    colour: row.colour,
    icon: row.icon,
    status: row.status,
    createdBy: row.createdBy && creatorName ? { id: row.createdBy, name: creatorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a project. */
const snapshot = (row: ProjectRow) => ({
  name: row.name,
  description: row.description,
  colour: row.colour,
  icon: row.icon,
  status: row.status,
});

const nameTaken = () => taken('PROJECT_NAME_TAKEN', PROJECT_MESSAGES.nameTaken, 'name');

/** Live projects of the organisation. */
const live = (scope: OrgScope) =>
  and(eq(projects.organizationId, scope.organizationId), isNull(projects.deletedAt));

const SORT_COLUMNS = {
  name: projects.name,
  status: projects.status,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
} as const;

/**
 * A page of projects. The total comes from the page when it is the last one, from
 * `project_stats` (kept by triggers) without a search, and from a count through the name's
 * trigram index with one.
 */
export async function listProjects(
  db: Database,
  scope: OrgScope,
  query: ProjectListQuery,
): Promise<Page<ProjectDto>> {
  const where: SQL | undefined = and(
    live(scope),
    query.search ? ilike(projects.name, containsPattern(query.search)) : undefined,
    query.status ? eq(projects.status, query.status) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const offset = (query.page - 1) * query.pageSize;
  const rows = await db
    .select(columns)
    .from(projects)
    .leftJoin(user, eq(user.id, projects.createdBy))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort]), direction(projects.id))
    .limit(query.pageSize + 1)
    .offset(offset);
  const items = rows.slice(0, query.pageSize);
  const lastPage = rows.length <= query.pageSize && (items.length > 0 || offset === 0);
  let total: number;
  if (lastPage) total = offset + items.length;
  else if (query.search) {
    total = (await db.select({ total: count() }).from(projects).where(where))[0]?.total ?? 0;
  } else {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${projectStats.projects}), 0)::int` })
      .from(projectStats)
      .where(
        and(
          eq(projectStats.organizationId, scope.organizationId),
          query.status ? eq(projectStats.status, query.status) : undefined,
        ),
      );
    total = row?.total ?? 0;
  }
  return {
    items: items.map((r) => toDto(r.project, r.creatorName)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function findRow(db: Executor, scope: OrgScope, id: string, forUpdate = false) {
  const query = db
    .select(columns)
    .from(projects)
    .leftJoin(user, eq(user.id, projects.createdBy))
    .where(and(live(scope), eq(projects.id, id)));
  const [row] = await (forUpdate ? query.for('update', { of: projects }) : query);
  return row;
}

/** A live project of the organisation, or null. */
export async function getProject(
  db: Database,
  scope: OrgScope,
  id: string,
): Promise<ProjectDto | null> {
  const row = await findRow(db, scope, id);
  return row ? toDto(row.project, row.creatorName) : null;
}

/** The record as CASL sees it (for record-level checks). */
export async function getProjectRecord(
  db: Database,
  scope: OrgScope,
  id: string,
): Promise<ProjectRow | null> {
  return (await findRow(db, scope, id))?.project ?? null;
}

export async function createProject(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  input: ProjectCreate,
): Promise<ProjectDto> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(projects)
      .values({ ...input, organizationId: scope.organizationId, createdBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!created) throw nameTaken();
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'project.create',
      targetType: 'project',
      targetId: created.id,
      after: snapshot(created),
    });
    return created;
  });
  const [creator] = actor.id
    ? await db.select({ name: user.name }).from(user).where(eq(user.id, actor.id))
    : [];
  return toDto(row, creator?.name ?? null);
}

/**
 * Changes a live project; `action` names the change in the audit log (an update, or an
 * archive/restore). Null when there is no such project.
 */
export async function updateProject(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  changes: ProjectUpdate,
  action = 'project.update',
): Promise<ProjectDto | null> {
  try {
    return await db.transaction(async (tx) => {
      const current = await findRow(tx, scope, id, true);
      if (!current) return null;
      const [updated] = await tx
        .update(projects)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(projects.id, id))
        .returning();
      await recordAudit(tx, actor, {
        organizationId: scope.organizationId,
        action,
        targetType: 'project',
        targetId: id,
        before: snapshot(current.project),
        after: snapshot(updated!),
      });
      return toDto(updated!, current.creatorName);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export function setProjectStatus(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  status: ProjectStatus,
) {
  return updateProject(
    db,
    scope,
    actor,
    id,
    { status },
    status === 'archived' ? 'project.archive' : 'project.restore',
  );
}

/** Marks a live project deleted; false when there is none. */
export const deleteProject = softDeleter({ table: projects, targetType: 'project', snapshot });

/**
 * Counts shown on a project's overview, one per kind of record linked to projects. A module that
 * links its records to projects (data sources, agents…) adds its count here; each counter gets
 * the organisation and the project id and must count live records of that organisation only.
 */
export const PROJECT_COUNTERS: Record<
  string,
  (db: Database, scope: OrgScope, projectId: string) => Promise<number>
> = {
  /** Entries of the audit log about this project. */
  changes: async (db, scope, projectId) => {
    const [row] = await db
      .select({ n: count() })
      .from(auditLogs)
      .where(projectAuditWhere(scope, projectId));
    return row?.n ?? 0;
  },
  /** Data sources assigned to this project (deleted ones excluded). */
  dataSources: async (db, scope, projectId) => {
    const [row] = await db
      .select({ n: count() })
      .from(projectDataSources)
      .innerJoin(dataSources, eq(dataSources.id, projectDataSources.dataSourceId))
      .where(
        and(
          eq(projectDataSources.organizationId, scope.organizationId),
          eq(projectDataSources.projectId, projectId),
          eq(dataSources.organizationId, scope.organizationId),
          isNull(dataSources.deletedAt),
        ),
      );
    return row?.n ?? 0;
  },
};

const projectAuditWhere = (scope: OrgScope, projectId: string) =>
  and(
    eq(auditLogs.organizationId, scope.organizationId),
    eq(auditLogs.targetType, 'project'),
    eq(auditLogs.targetId, projectId),
  );

/** The project, its counts and its latest audit entries. Null when there is no such project. */
export async function projectOverview(
  db: Database,
  scope: OrgScope,
  id: string,
): Promise<ProjectOverviewDto | null> {
  const project = await getProject(db, scope, id);
  if (!project) return null;
  const names = Object.keys(PROJECT_COUNTERS);
  const [values, activity] = await Promise.all([
    Promise.all(names.map((name) => PROJECT_COUNTERS[name]!(db, scope, id))),
    db
      .select({ entry: auditLogs, actorName: user.name, targetName: auditTargetName })
      .from(auditLogs)
      .leftJoin(user, eq(user.id, auditLogs.actorId))
      .where(projectAuditWhere(scope, id))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(RECENT_ACTIVITY),
  ]);
  const counts = Object.fromEntries(names.map((name, i) => [name, values[i]!]));
  const recentActivity: ProjectActivityDto[] = activity.map(({ entry, actorName, targetName }) => ({
    id: entry.id,
    action: entry.action,
    actor: { id: entry.actorId, email: entry.actorEmail, name: actorName ?? entry.actorEmail },
    targetName,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { project, counts, recentActivity };
}
