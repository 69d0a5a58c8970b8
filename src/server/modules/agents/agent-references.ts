/**
 * What an agent's graph names in its organisation: model providers and data sources, by id.
 * The checks of a graph that need the database (AGENTS.md: "unknown providers or data sources"),
 * and the id ↔ name mapping of export and import.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dataSources, modelProviders } from '../../db/schema/index.ts';
import type { OrgScope } from '../../http/records.ts';
import type { AgentGraph } from '../../../shared/schemas/agent-graph.ts';
import type { AgentGraphProblem } from '../../../shared/schemas/agents.ts';

type NodeData = Record<string, unknown>;

/** The provider id a node uses, if any. */
export function providerOf(data: NodeData): string | null {
  return typeof data.providerId === 'string' && data.providerId ? data.providerId : null;
}

/** The data source ids a node uses: its own source and those it offers the model as tools. */
export function dataSourcesOf(data: NodeData): string[] {
  const ids: string[] = [];
  if (typeof data.dataSourceId === 'string' && data.dataSourceId) ids.push(data.dataSourceId);
  const tools = data.tools as { dataSourceIds?: unknown } | undefined;
  if (tools && Array.isArray(tools.dataSourceIds)) {
    for (const id of tools.dataSourceIds) if (typeof id === 'string' && id) ids.push(id);
  }
  return ids;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Names of the organisation's live providers and data sources among `ids`. */
export async function referenceNames(db: Database, scope: OrgScope, graph: AgentGraph) {
  const providerIds = new Set<string>();
  const sourceIds = new Set<string>();
  for (const node of graph.nodes) {
    const data = node.data as NodeData;
    const provider = providerOf(data);
    if (provider && UUID.test(provider)) providerIds.add(provider);
    for (const id of dataSourcesOf(data)) if (UUID.test(id)) sourceIds.add(id);
  }
  const [providers, sources] = await Promise.all([
    providerIds.size === 0
      ? []
      : db
          .select({ id: modelProviders.id, name: modelProviders.name })
          .from(modelProviders)
          .where(
            and(
              eq(modelProviders.organizationId, scope.organizationId),
              isNull(modelProviders.deletedAt),
              inArray(modelProviders.id, [...providerIds]),
            ),
          ),
    sourceIds.size === 0
      ? []
      : db
          .select({ id: dataSources.id, name: dataSources.name })
          .from(dataSources)
          .where(
            and(
              eq(dataSources.organizationId, scope.organizationId),
              isNull(dataSources.deletedAt),
              inArray(dataSources.id, [...sourceIds]),
            ),
          ),
  ]);
  return {
    providers: new Map(providers.map((p) => [p.id, p.name])),
    dataSources: new Map(sources.map((s) => [s.id, s.name])),
  };
}

/** A problem for each provider or data source the graph names that the organisation lacks. */
export async function referenceProblems(
  db: Database,
  scope: OrgScope,
  graph: AgentGraph,
): Promise<AgentGraphProblem[]> {
  const known = await referenceNames(db, scope, graph);
  const problems: AgentGraphProblem[] = [];
  for (const node of graph.nodes) {
    const data = node.data as NodeData;
    const provider = providerOf(data);
    if (provider && !known.providers.has(provider)) {
      problems.push({
        nodeId: node.id,
        field: 'providerId',
        code: 'unknown_provider',
        message: 'This model provider does not exist in the organisation',
      });
    }
    for (const id of dataSourcesOf(data)) {
      if (known.dataSources.has(id)) continue;
      problems.push({
        nodeId: node.id,
        field:
          typeof data.dataSourceId === 'string' && data.dataSourceId === id
            ? 'dataSourceId'
            : 'tools.dataSourceIds',
        code: 'unknown_data_source',
        message: 'This data source does not exist in the organisation',
      });
    }
  }
  return problems;
}
