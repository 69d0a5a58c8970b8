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

type Choices = { providerId?: string; model?: string; dataSourceId?: string };
type Node = AgentGraph['nodes'][number];

const node = (id: string, type: string, x: number, y: number, data: object): Node =>
  ({ id, type, position: { x, y }, data }) as Node;

const chain = (ids: string[]): AgentGraph['edges'] =>
  ids.slice(1).map((target, i) => ({ id: `${ids[i]}-${target}`, source: ids[i]!, target }));

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

/** Chat: the model turns the question into read-only queries on the source and answers. */
function askDatabase(providerId: string, model: string, dataSourceId: string): AgentGraph {
  return {
    schemaVersion: 1,
    nodes: [
      node('start', 'start', 0, 0, { label: 'Question', mode: 'chat', inputs: [] }),
      node('answer', 'llm', 280, 0, {
        label: 'Answer from the data',
        providerId,
        model,
        system:
          'You answer questions about the data of {{ org.name }}. Use the query tool to read ' +
          'the rows you need (read-only SQL), then answer briefly from them. Say so when the ' +
          'data does not hold the answer.',
        prompt: '{{ input.message }}',
        temperature: 0,
        maxTokens: 800,
        tools: { dataSourceIds: dataSourceId ? [dataSourceId] : [], http: [] },
        maxToolRounds: 4,
      }),
      node('reply', 'output', 560, 0, {
        label: 'Reply',
        mode: 'text',
        text: '{{ nodes.answer.text }}',
      }),
    ],
    edges: chain(['start', 'answer', 'reply']),
  };
}

/** Reads the newest customers, summarises them and mails the summary to the caller's address. */
function summariseCustomers(providerId: string, model: string, dataSourceId: string): AgentGraph {
  return {
    schemaVersion: 1,
    nodes: [
      node('start', 'start', 0, 0, {
        label: 'Options',
        mode: 'fields',
        inputs: [
          { name: 'days', type: 'number', required: false, description: 'How many days back' },
          { name: 'email', type: 'string', required: true, description: 'Who gets the summary' },
        ],
      }),
      node('new_customers', 'datasource_query', 260, 0, {
        label: 'New customers',
        dataSourceId,
        sql:
          'select name, email, status, created_at from customers ' +
          'where created_at >= now() - make_interval(days => :days) order by created_at desc limit 100',
        params: { days: '{{ input.days | default: 7 }}' },
      }),
      node('summary', 'llm', 520, 0, {
        label: 'Summary',
        providerId,
        model,
        system: 'You write short, friendly summaries for a sales team.',
        prompt:
          'Summarise these {{ nodes.new_customers.rowCount }} new customers in a few lines:\n' +
          '{{ nodes.new_customers.rows | json }}',
        temperature: 0.3,
        maxTokens: 600,
        tools: { dataSourceIds: [], http: [] },
        maxToolRounds: 0,
      }),
      node('mail', 'send_email', 780, 0, {
        label: 'Send the summary',
        to: ['{{ input.email }}'],
        subject: 'New customers: {{ nodes.new_customers.rowCount }}',
        body: '{{ nodes.summary.text }}',
      }),
      node('done', 'output', 1040, 0, {
        label: 'Result',
        mode: 'json',
        json: {
          sent: '{{ nodes.mail.messageId }}',
          customers: '{{ nodes.new_customers.rowCount }}',
        },
      }),
    ],
    edges: chain(['start', 'new_customers', 'summary', 'mail', 'done']),
  };
}

/** Receives a JSON body, fetches more about it over HTTP, reshapes it and replies. */
function webhookEnrich(): AgentGraph {
  return {
    schemaVersion: 1,
    nodes: [
      node('start', 'start', 0, 0, {
        label: 'Webhook body',
        mode: 'fields',
        inputs: [{ name: 'url', type: 'string', required: true, description: 'What to look up' }],
      }),
      node('lookup', 'http_request', 260, 0, {
        label: 'Look it up',
        method: 'GET',
        url: '{{ input.url }}',
        headers: [],
        body: '',
        timeoutMs: 10000,
      }),
      node('shape', 'transform', 520, 0, {
        label: 'Keep what matters',
        expression: '{ "status": nodes.lookup.status, "body": nodes.lookup.body }',
      }),
      node('reply', 'output', 780, 0, {
        label: 'Reply',
        mode: 'json',
        json: { result: '{{ nodes.shape | json }}' },
      }),
    ],
    edges: chain(['start', 'lookup', 'shape', 'reply']),
  };
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
