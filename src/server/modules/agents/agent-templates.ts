/**
 * The graphs a new agent starts from: blank, or one of the three templates that work as soon
 * as the organisation has a model provider (and, for the two that read data, a data source).
 * A template takes the chosen provider, model and data source, or the organisation's first.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dataSources, modelProviders } from '../../db/schema/index.ts';
import type { OrgScope } from '../../http/records.ts';
import { emptyGraph, type AgentGraph } from '../../../shared/schemas/agent-graph.ts';
import type { AgentTemplate } from '../../../shared/schemas/agents.ts';
import {
  askDatabase,
  summariseCustomers,
  webhookEnrich,
} from '../../../shared/schemas/agent-templates.ts';

type Choices = { providerId?: string; model?: string; dataSourceId?: string };

/** The chosen provider and model, or the organisation's first provider and its default model. */
async function modelChoice(db: Database, scope: OrgScope, choices: Choices) {
  const [provider] = await db
    .select({
      id: modelProviders.id,
      defaultModel: modelProviders.defaultModel,
      models: modelProviders.models,
    })
    .from(modelProviders)
    .where(
      and(
        eq(modelProviders.organizationId, scope.organizationId),
        isNull(modelProviders.deletedAt),
        choices.providerId ? eq(modelProviders.id, choices.providerId) : undefined,
      ),
    )
    .orderBy(asc(modelProviders.createdAt))
    .limit(1);
  return {
    providerId: provider?.id ?? '',
    model: choices.model ?? provider?.defaultModel ?? provider?.models[0]?.id ?? '',
  };
}

async function dataSourceChoice(db: Database, scope: OrgScope, choices: Choices) {
  const [source] = await db
    .select({ id: dataSources.id })
    .from(dataSources)
    .where(
      and(
        eq(dataSources.organizationId, scope.organizationId),
        isNull(dataSources.deletedAt),
        choices.dataSourceId ? eq(dataSources.id, choices.dataSourceId) : undefined,
      ),
    )
    .orderBy(asc(dataSources.createdAt))
    .limit(1);
  return source?.id ?? '';
}

export async function templateGraph(
  db: Database,
  scope: OrgScope,
  template: AgentTemplate,
  choices: Choices,
): Promise<AgentGraph> {
  if (template === 'blank') return emptyGraph();
  if (template === 'webhook-enrich') return webhookEnrich();
  const { providerId, model } = await modelChoice(db, scope, choices);
  const dataSourceId = await dataSourceChoice(db, scope, choices);
  return template === 'ask-database'
    ? askDatabase(providerId, model, dataSourceId)
    : summariseCustomers(providerId, model, dataSourceId);
}
