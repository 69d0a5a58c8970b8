import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents, projects, user } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { httpError, notFound } from '../../http/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import { softDeleter } from '../../http/soft-delete.ts';
import { slugify } from '../../auth/organizations.ts';
import type { Page } from '../../../shared/schemas/pagination.ts';
import type { AgentGraph } from '../../../shared/schemas/agent-graph.ts';
import { validateGraph } from '../../../shared/engine/validate.ts';
import {
  AGENT_MESSAGES as M,
  type AgentCreate,
  type AgentDto,
  type AgentGraphProblem,
  type AgentListQuery,
  type AgentSummary,
  type AgentUpdate,
} from '../../../shared/schemas/agents.ts';
import { referenceProblems } from './agent-references.ts';
import { disableSchedulesOfAgent } from './schedules/agent-deleted.ts';

export type AgentRow = typeof agents.$inferSelect;
export type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

const columns = {
  agent: agents,
  creatorName: user.name,
  projectName: projects.name,
};

type Joined = { agent: AgentRow; creatorName: string | null; projectName: string | null };

function toSummary({ agent: row, creatorName, projectName }: Joined): AgentSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    colour: row.colour,
    icon: row.icon,
    project: row.projectId && projectName ? { id: row.projectId, name: projectName } : null,
    status: row.publishedVersion === null ? 'draft' : 'published',
    publishedVersion: row.publishedVersion,
    revision: row.revision,
    chatEnabled: row.chatEnabled,
    maxConcurrentRuns: row.maxConcurrentRuns,
    createdBy: row.createdBy && creatorName ? { id: row.createdBy, name: creatorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an agent (never its graph: it may be large). */
export const snapshot = (row: AgentRow) => ({
  name: row.name,
  description: row.description,
  projectId: row.projectId,
  colour: row.colour,
  icon: row.icon,
  chatEnabled: row.chatEnabled,
  maxConcurrentRuns: row.maxConcurrentRuns,
});

const live = (scope: OrgScope) =>
  and(eq(agents.organizationId, scope.organizationId), isNull(agents.deletedAt));

const SORT_COLUMNS = {
  name: agents.name,
  createdAt: agents.createdAt,
  updatedAt: agents.updatedAt,
} as const;

function joined(db: Executor) {
  return db
    .select(columns)
    .from(agents)
    .leftJoin(user, eq(user.id, agents.createdBy))
    .leftJoin(projects, and(eq(projects.id, agents.projectId), isNull(projects.deletedAt)));
}

export async function listAgents(
  db: Database,
  scope: OrgScope,
  query: AgentListQuery,
): Promise<Page<AgentSummary>> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where: SQL | undefined = and(
    live(scope),
    pattern ? or(ilike(agents.name, pattern), ilike(agents.description, pattern)) : undefined,
    query.projectId ? eq(agents.projectId, query.projectId) : undefined,
    query.status === 'draft' ? isNull(agents.publishedVersion) : undefined,
    query.status === 'published' ? isNotNull(agents.publishedVersion) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(agents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(agents).where(where),
  ]);
  return {
    items: rows.map(toSummary),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function findRow(db: Executor, scope: OrgScope, id: string, forUpdate = false) {
  const query = joined(db).where(and(live(scope), eq(agents.id, id)));
  const [row] = await (forUpdate ? query.for('update', { of: agents }) : query);
  return row;
}

/** The record as CASL sees it (for record-level checks). */
export async function getAgentRecord(db: Database, scope: OrgScope, id: string) {
  return (await findRow(db, scope, id))?.agent ?? null;
}

/** Every problem of a graph: its shape and rules, then what it names in the organisation. */
export async function graphProblems(
  db: Database,
  scope: OrgScope,
  graph: AgentGraph,
): Promise<AgentGraphProblem[]> {
  const problems = validateGraph(graph);
  return [...problems, ...(await referenceProblems(db, scope, graph))];
}

async function toDto(db: Database, scope: OrgScope, row: Joined): Promise<AgentDto> {
  const draft = row.agent.draft as AgentGraph;
  return { ...toSummary(row), draft, problems: await graphProblems(db, scope, draft) };
}

export async function getAgent(db: Database, scope: OrgScope, id: string) {
  const row = await findRow(db, scope, id);
  return row ? toDto(db, scope, row) : null;
}

async function assertProject(db: Executor, scope: OrgScope, projectId: string | null | undefined) {
  if (!projectId) return;
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.id, projectId),
        eq(projects.organizationId, scope.organizationId),
        isNull(projects.deletedAt),
      ),
    );
  if (!project) {
    throw httpError('VALIDATION_ERROR', M.projectNotFound, { projectId: [M.projectNotFound] });
  }
}

/** Inserts an agent under the first free slug of its name; returns the row. */
async function insertAgent(
  tx: Executor,
  scope: OrgScope,
  actor: AuditActor,
  values: Omit<typeof agents.$inferInsert, 'organizationId' | 'slug'>,
  action: string,
): Promise<AgentRow> {
  const base = slugify(values.name).slice(0, 40) || 'agent';
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [created] = await tx
      .insert(agents)
      .values({ ...values, organizationId: scope.organizationId, slug, createdBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!created) continue;
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action,
      targetType: 'agent',
      targetId: created.id,
      after: snapshot(created),
    });
    return created;
  }
  throw httpError('CONFLICT', 'No free slug for this name');
}

export async function createAgent(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  input: Omit<AgentCreate, 'template' | 'providerId' | 'model' | 'dataSourceId'>,
  graph: AgentGraph,
  action = 'agent.create',
): Promise<AgentDto> {
  await assertProject(db, scope, input.projectId);
  const created = await db.transaction((tx) =>
    insertAgent(
      tx,
      scope,
      actor,
      {
        name: input.name,
        description: input.description,
        projectId: input.projectId,
        colour: input.colour,
        icon: input.icon,
        draft: graph,
      },
      action,
    ),
  );
  return (await getAgent(db, scope, created.id))!;
}

export async function updateAgent(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  changes: AgentUpdate,
): Promise<AgentDto | null> {
  await assertProject(db, scope, changes.projectId);
  const done = await db.transaction(async (tx) => {
    const current = await findRow(tx, scope, id, true);
    if (!current) return false;
    const [updated] = await tx
      .update(agents)
      .set({ ...changes, updatedBy: actor.id, updatedAt: sql`now()` })
      .where(eq(agents.id, id))
      .returning();
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'agent.update',
      targetType: 'agent',
      targetId: id,
      before: snapshot(current.agent),
      after: snapshot(updated!),
    });
    return true;
  });
  return done ? getAgent(db, scope, id) : null;
}

/**
 * Saves the draft when the caller started from the current revision (409 otherwise: someone
 * else saved meanwhile). Draft saves are autosaves, many a minute: they are not audited;
 * publishing is.
 */
export async function saveDraft(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  revision: number,
  graph: AgentGraph,
) {
  const [saved] = await db
    .update(agents)
    .set({
      draft: graph,
      revision: sql`${agents.revision} + 1`,
      updatedBy: actor.id,
      updatedAt: sql`now()`,
    })
    .where(and(live(scope), eq(agents.id, id), eq(agents.revision, revision)))
    .returning({ revision: agents.revision, updatedAt: agents.updatedAt });
  if (!saved) {
    const exists = await findRow(db, scope, id);
    if (!exists) throw notFound(M.notFound);
    throw httpError('AGENT_REVISION_CONFLICT', M.revisionConflict);
  }
  return {
    revision: saved.revision,
    updatedAt: saved.updatedAt.toISOString(),
    problems: await graphProblems(db, scope, graph),
  };
}

/** A copy of the agent's card and draft, as a new unpublished agent. */
export async function duplicateAgent(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  copyName: (name: string) => string,
): Promise<AgentDto | null> {
  const row = await findRow(db, scope, id);
  if (!row) return null;
  const { agent } = row;
  return createAgent(
    db,
    scope,
    actor,
    {
      name: copyName(agent.name),
      description: agent.description,
      projectId: agent.projectId,
      colour: agent.colour as AgentCreate['colour'],
      icon: agent.icon as AgentCreate['icon'],
    },
    agent.draft as AgentGraph,
  );
}

/** Marks a live agent deleted; false when there is none. */
const softDeleteAgent = softDeleter({ table: agents, targetType: 'agent', snapshot });

/** Soft-deletes an agent; its schedules stop, and their authors are told. */
export async function deleteAgent(db: Database, scope: OrgScope, actor: AuditActor, id: string) {
  const deleted = await softDeleteAgent(db, scope, actor, id);
  if (deleted) await disableSchedulesOfAgent(db, scope.organizationId, id);
  return deleted;
}
