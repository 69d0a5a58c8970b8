/**
 * The code examples of the Triggers tab: calling an agent through the run API, the
 * OpenAI-compatible endpoint and its webhook. Pure (tested without a browser); the API key is
 * always a placeholder read from the environment, never a real one.
 */
import type { AgentGraph } from '../../../../../shared/schemas/agent-graph';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_PREFIX,
} from '../../../../../shared/schemas/webhooks';

export const API_KEY_ENV = 'MERIDIAN_API_KEY';
export const SNIPPET_KINDS = ['curl', 'javascript', 'python', 'openaiPython', 'openaiJs'] as const;
export type SnippetKind = (typeof SNIPPET_KINDS)[number];

/** Example values per input type. */
const EXAMPLES: Record<string, unknown> = { string: 'text', number: 1, boolean: true, json: {} };

/** An example input for the agent's start step: its fields, or a chat message. */
export function exampleInput(graph: AgentGraph): Record<string, unknown> {
  const start = graph.nodes.find((node) => node.type === 'start');
  const data = (start?.data ?? {}) as {
    mode?: string;
    inputs?: { name: string; type: string }[];
  };
  if (data.mode === 'chat' || !data.inputs) return { message: 'Hello', history: [] };
  return Object.fromEntries(data.inputs.map((input) => [input.name, EXAMPLES[input.type] ?? '']));
}

/** Whether the agent answers chat messages (the OpenAI-compatible endpoint sends those). */
export const isChatAgent = (graph: AgentGraph) =>
  graph.nodes.some(
    (node) => node.type === 'start' && (node.data as { mode?: string }).mode === 'chat',
  );

interface SnippetContext {
  origin: string;
  agentId: string;
  slug: string;
  input: Record<string, unknown>;
}

const indent = (text: string, by: string) => text.split('\n').join(`\n${by}`);
/** A value as Python source (JSON, with Python's literals). */
const python = (value: unknown) =>
  JSON.stringify(value, null, 4)
    .replace(/\btrue\b/g, 'True')
    .replace(/\bfalse\b/g, 'False')
    .replace(/\bnull\b/g, 'None');

/** The run API (`POST /api/v1/agents/{id}/runs`) in one language, or the OpenAI client. */
export function apiSnippet(kind: SnippetKind, ctx: SnippetContext): string {
  const runs = `${ctx.origin}/api/v1/agents/${ctx.agentId}/runs`;
  const body = { input: ctx.input };
  const openaiBase = `${ctx.origin}/api/v1/openai`;
  const model = `agent:${ctx.slug}`;
  switch (kind) {
    case 'curl':
      return [
        `curl -X POST '${runs}' \\`,
        `  -H "Authorization: Bearer $${API_KEY_ENV}" \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -d '${JSON.stringify(body).replace(/'/g, `'\\''`)}'`,
      ].join('\n');
    case 'javascript':
      return [
        `const response = await fetch('${runs}', {`,
        `  method: 'POST',`,
        `  headers: {`,
        `    Authorization: \`Bearer \${process.env.${API_KEY_ENV}}\`,`,
        `    'Content-Type': 'application/json',`,
        `  },`,
        `  body: JSON.stringify(${indent(JSON.stringify(body, null, 2), '  ')}),`,
        `});`,
        `const run = await response.json();`,
        `console.log(run.status, run.output);`,
      ].join('\n');
    case 'python':
      return [
        `import os`,
        `import requests`,
        ``,
        `response = requests.post(`,
        `    "${runs}",`,
        `    headers={"Authorization": f"Bearer {os.environ['${API_KEY_ENV}']}"},`,
        `    json=${indent(python(body), '    ')},`,
        `    timeout=60,`,
        `)`,
        `run = response.json()`,
        `print(run["status"], run["output"])`,
      ].join('\n');
    case 'openaiPython':
      return [
        `import os`,
        `from openai import OpenAI`,
        ``,
        `client = OpenAI(base_url="${openaiBase}", api_key=os.environ["${API_KEY_ENV}"])`,
        `completion = client.chat.completions.create(`,
        `    model="${model}",`,
        `    messages=[{"role": "user", "content": "Hello"}],`,
        `)`,
        `print(completion.choices[0].message.content)`,
      ].join('\n');
    case 'openaiJs':
      return [
        `import OpenAI from 'openai';`,
        ``,
        `const client = new OpenAI({`,
        `  baseURL: '${openaiBase}',`,
        `  apiKey: process.env.${API_KEY_ENV},`,
        `});`,
        `const completion = await client.chat.completions.create({`,
        `  model: '${model}',`,
        `  messages: [{ role: 'user', content: 'Hello' }],`,
        `});`,
        `console.log(completion.choices[0].message.content);`,
      ].join('\n');
  }
}

/** A curl call of the webhook, signed when the webhook has a signing secret. */
export function webhookCurl(url: string, input: Record<string, unknown>, signed: boolean): string {
  const body = JSON.stringify(input).replace(/'/g, `'\\''`);
  if (!signed) {
    return [
      `curl -X POST '${url}' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d '${body}'`,
    ].join('\n');
  }
  return [
    `BODY='${body}'`,
    `SIGNATURE=$(printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" | sed 's/^.* //')`,
    `curl -X POST '${url}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H "${WEBHOOK_SIGNATURE_HEADER}: ${WEBHOOK_SIGNATURE_PREFIX}$SIGNATURE" \\`,
    `  -d "$BODY"`,
  ].join('\n');
}
