/** Versions of an agent: publish the draft, list, read, restore; the published graph. */
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents, agentVersions, user } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { httpError, notFound } from '../../http/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import type { AgentGraph } from '../../../shared/schemas/agent-graph.ts';
import {
  AGENT_MESSAGES as M,
  type AgentGraphProblem,
  type AgentVersionDto,
  type AgentVersionSummary,
} from '../../../shared/schemas/agents.ts';
import { findRow, graphProblems, type AgentRow, type Executor } from './agents.service.ts';

/** Adds a version with the graph and makes it the published one, audited as `action`. */
async function addVersion(
  tx: Executor,
  scope: OrgScope,
  actor: AuditActor,
  agent: AgentRow,
  graph: AgentGraph,
  note: string,
  action: string,
  extra: Record<string, unknown> = {},
) {
  const [last] = await tx
    .select({ n: max(agentVersions.number) })
    .from(agentVersions)
    .where(eq(agentVersions.agentId, agent.id));
  const number = (last?.n ?? 0) + 1;
  await tx.insert(agentVersions).values({
    organizationId: scope.organizationId,
    agentId: agent.id,
    number,
    note,
    graph,
    createdBy: actor.id,
  });
  await tx
    .update(agents)
    .set({ publishedVersion: number, updatedBy: actor.id, updatedAt: sql`now()` })
    .where(eq(agents.id, agent.id));
  await recordAudit(tx, actor, {
    organizationId: scope.organizationId,
    action,
    targetType: 'agent',
    targetId: agent.id,
    after: { name: agent.name, version: number, note, ...extra },
  });
  return number;
}

function invalidGraph(problems: AgentGraphProblem[]) {
  const fields: Record<string, string[]> = {};
  for (const problem of problems) {
    const key = [problem.nodeId ?? 'graph', problem.field].filter(Boolean).join('.');
    (fields[key] ??= []).push(problem.message);
  }
  return httpError('AGENT_GRAPH_INVALID', M.graphInvalid, fields);
}

/** Publishes the draft as a new version; 422 naming each problem when it has any. */
export async function publishAgent(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  note: string,
): Promise<AgentVersionSummary | null> {
  const number = await db.transaction(async (tx) => {
    const current = await findRow(tx, scope, id, true);
    if (!current) return null;
    const graph = current.agent.draft as AgentGraph;
    const problems = await graphProblems(tx as Database, scope, graph);
    if (problems.length > 0) throw invalidGraph(problems);
    return addVersion(tx, scope, actor, current.agent, graph, note, 'agent.publish');
  });
  if (number === null) return null;
  return (await listVersions(db, scope, id))!.find((v) => v.number === number)!;
}

export async function listVersions(
  db: Database,
  scope: OrgScope,
  id: string,
): Promise<AgentVersionSummary[] | null> {
  const agent = await findRow(db, scope, id);
  if (!agent) return null;
  const rows = await db
    .select({ version: agentVersions, authorName: user.name })
    .from(agentVersions)
    .leftJoin(user, eq(user.id, agentVersions.createdBy))
    .where(
      and(eq(agentVersions.agentId, id), eq(agentVersions.organizationId, scope.organizationId)),
    )
    .orderBy(desc(agentVersions.number));
  return rows.map(({ version, authorName }) => ({
    number: version.number,
    note: version.note,
    createdBy: version.createdBy && authorName ? { id: version.createdBy, name: authorName } : null,
    createdAt: version.createdAt.toISOString(),
    published: version.number === agent.agent.publishedVersion,
  }));
}

export async function getVersion(
  db: Database,
  scope: OrgScope,
  id: string,
  number: number,
): Promise<AgentVersionDto | null> {
  const versions = await listVersions(db, scope, id);
  const summary = versions?.find((v) => v.number === number);
  if (!summary) return null;
  const [row] = await db
    .select({ graph: agentVersions.graph })
    .from(agentVersions)
    .where(and(eq(agentVersions.agentId, id), eq(agentVersions.number, number)));
  return { ...summary, graph: row!.graph as AgentGraph };
}

/** The graph that serves chat, API, webhook and schedules: the published version's. */
export async function publishedGraph(db: Database, scope: OrgScope, id: string) {
  const row = await findRow(db, scope, id);
  if (!row) throw notFound(M.notFound);
  if (row.agent.publishedVersion === null) throw httpError('AGENT_NOT_PUBLISHED', M.notPublished);
  const [version] = await db
    .select({ graph: agentVersions.graph })
    .from(agentVersions)
    .where(
      and(eq(agentVersions.agentId, id), eq(agentVersions.number, row.agent.publishedVersion)),
    );
  return {
    agent: row.agent,
    version: row.agent.publishedVersion,
    graph: version!.graph as AgentGraph,
  };
}

/**
 * Restores an old version: it is published again under a new number and becomes the draft
 * (the revision moves on, so an editor with the old draft open gets a conflict, not a loss).
 */
export async function restoreVersion(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  number: number,
): Promise<AgentVersionSummary | null> {
  const restored = await db.transaction(async (tx) => {
    const current = await findRow(tx, scope, id, true);
    if (!current) return null;
    const [old] = await tx
      .select({ graph: agentVersions.graph })
      .from(agentVersions)
      .where(and(eq(agentVersions.agentId, id), eq(agentVersions.number, number)));
    if (!old) throw notFound(M.versionNotFound);
    await tx
      .update(agents)
      .set({ draft: old.graph, revision: sql`${agents.revision} + 1` })
      .where(eq(agents.id, id));
    const note = `Restored version ${number}`;
    return addVersion(
      tx,
      scope,
      actor,
      current.agent,
      old.graph as AgentGraph,
      note,
      'agent.restore',
      {
        restored: number,
      },
    );
  });
  if (restored === null) return null;
  return (await listVersions(db, scope, id))!.find((v) => v.number === restored)!;
}
