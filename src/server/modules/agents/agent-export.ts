/**
 * Export and import of an agent as a JSON document (AGENTS.md, "The agent"): the document names
 * the providers and data sources a node used by their names, never by the organisation's ids,
 * and holds no secret (secrets are never in a graph). Import maps the names back to the
 * importing organisation's records; a name it lacks leaves the field empty for the builder to
 * point out.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dataSources, modelProviders } from '../../db/schema/index.ts';
import type { AuditActor } from '../../audit/record.ts';
import { httpError } from '../../http/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import type { AgentGraph } from '../../../shared/schemas/agent-graph.ts';
import {
  AGENT_EXPORT_KIND,
  AGENT_MESSAGES as M,
  agentExportSchema,
  type AgentDto,
  type AgentExport,
} from '../../../shared/schemas/agents.ts';
import { createAgent, getAgentRecord } from './agents.service.ts';
import { providerOf, referenceNames } from './agent-references.ts';

type NodeData = Record<string, unknown>;

/** The graph with each node's provider and data sources replaced through `map` ('' if none). */
function mapReferences(
  graph: AgentGraph,
  provider: (nodeId: string, id: string) => string,
  source: (nodeId: string, id: string) => string,
): AgentGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      const data = { ...(node.data as NodeData) };
      const providerId = providerOf(data);
      if (providerId) data.providerId = provider(node.id, providerId);
      if (typeof data.dataSourceId === 'string' && data.dataSourceId) {
        data.dataSourceId = source(node.id, data.dataSourceId);
      }
      const tools = data.tools as { dataSourceIds?: string[] } | undefined;
      if (tools && Array.isArray(tools.dataSourceIds)) {
        data.tools = {
          ...tools,
          dataSourceIds: tools.dataSourceIds.map((id) => source(node.id, id)).filter(Boolean),
        };
      }
      return { ...node, data } as AgentGraph['nodes'][number];
    }),
  };
}

export async function exportAgent(
  db: Database,
  scope: OrgScope,
  id: string,
): Promise<AgentExport | null> {
  const row = await getAgentRecord(db, scope, id);
  if (!row) return null;
  const draft = row.draft as AgentGraph;
  const names = await referenceNames(db, scope, draft);
  const references: AgentExport['references'] = {};
  const graph = mapReferences(
    draft,
    (nodeId, providerId) => {
      const name = names.providers.get(providerId);
      if (name) (references[nodeId] ??= {}).provider = name;
      return '';
    },
    (nodeId, sourceId) => {
      const name = names.dataSources.get(sourceId);
      if (name) ((references[nodeId] ??= {}).dataSources ??= []).push(name);
      return '';
    },
  );
  return {
    kind: AGENT_EXPORT_KIND,
    schemaVersion: 1,
    agent: {
      name: row.name,
      description: row.description,
      colour: row.colour as AgentExport['agent']['colour'],
      icon: row.icon as AgentExport['agent']['icon'],
    },
    graph,
    references,
  };
}

async function idsByName(db: Database, scope: OrgScope) {
  const [providers, sources] = await Promise.all([
    db
      .select({ id: modelProviders.id, name: modelProviders.name })
      .from(modelProviders)
      .where(
        and(
          eq(modelProviders.organizationId, scope.organizationId),
          isNull(modelProviders.deletedAt),
        ),
      ),
    db
      .select({ id: dataSources.id, name: dataSources.name })
      .from(dataSources)
      .where(
        and(eq(dataSources.organizationId, scope.organizationId), isNull(dataSources.deletedAt)),
      ),
  ]);
  const byName = (rows: { id: string; name: string }[]) =>
    new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  return { providers: byName(providers), dataSources: byName(sources) };
}

export async function importAgent(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  document: unknown,
  projectId: string | null,
): Promise<AgentDto> {
  const parsed = agentExportSchema.safeParse(document);
  if (!parsed.success) throw httpError('AGENT_IMPORT_INVALID', M.importInvalid);
  const { agent, graph, references } = parsed.data;
  const ids = await idsByName(db, scope);
  const sourceCursor = new Map<string, number>();
  const mapped = mapReferences(
    // Every reference of the document was blanked on export: fill from `references`.
    withPlaceholders(graph, references),
    (nodeId) => ids.providers.get(references[nodeId]?.provider?.toLowerCase() ?? '') ?? '',
    (nodeId) => {
      const index = sourceCursor.get(nodeId) ?? 0;
      sourceCursor.set(nodeId, index + 1);
      const name = references[nodeId]?.dataSources?.[index];
      return ids.dataSources.get(name?.toLowerCase() ?? '') ?? '';
    },
  );
  return createAgent(db, scope, actor, { ...agent, projectId }, mapped, 'agent.import');
}

/**
 * The exported graph's blanked reference fields, marked so that mapReferences visits them in
 * the order of `references` (a provider, then the node's own source, then its tool sources).
 */
function withPlaceholders(graph: AgentGraph, references: AgentExport['references']): AgentGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      const ref = references[node.id];
      if (!ref) return node;
      const data = { ...(node.data as NodeData) };
      if (ref.provider && 'providerId' in data) data.providerId = '?';
      const names = ref.dataSources ?? [];
      let next = 0;
      if ('dataSourceId' in data && next < names.length) {
        data.dataSourceId = '?';
        next += 1;
      }
      const tools = data.tools as { dataSourceIds?: string[] } | undefined;
      if (tools && next < names.length) {
        data.tools = { ...tools, dataSourceIds: names.slice(next).map(() => '?') };
      }
      return { ...node, data } as AgentGraph['nodes'][number];
    }),
  };
}
