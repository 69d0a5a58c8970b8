/**
 * The graphs of the built-in templates (issue 15 §2), the same for the server (a new agent of
 * an organisation, with its provider, model and data source) and the try-builder (where they
 * start empty and the visitor fills them in).
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import type { AgentGraph } from './agent-graph.ts';

type Node = AgentGraph['nodes'][number];

const node = (id: string, type: string, x: number, y: number, data: object): Node =>
  ({ id, type, position: { x, y }, data }) as Node;

const chain = (ids: string[]): AgentGraph['edges'] =>
  ids.slice(1).map((target, i) => ({ id: `${ids[i]}-${target}`, source: ids[i]!, target }));

/** Chat: the model turns the question into read-only queries on the source and answers. */
export function askDatabase(providerId: string, model: string, dataSourceId: string): AgentGraph {
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
export function summariseCustomers(
  providerId: string,
  model: string,
  dataSourceId: string,
): AgentGraph {
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
export function webhookEnrich(): AgentGraph {
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
        json: { result: '{{ nodes.shape }}' },
      }),
    ],
    edges: chain(['start', 'lookup', 'shape', 'reply']),
  };
}
