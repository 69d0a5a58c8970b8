/**
 * The llm step: a model of one of the organisation's providers through its OpenAI-compatible API
 * (AI SDK `streamText` with `@ai-sdk/openai-compatible`), every request through the outbound
 * policy for models (`modelFetch`). System and user prompts are templates; text streams out as
 * `node.delta` events; the run's signal cancels the request.
 *
 * - JSON output (`jsonSchema`): the model is told the schema and its answer is parsed (a
 *   ```json fence is accepted); an answer that is not JSON fails the step.
 * - Tools: each chosen data source is a tool `query_<slug of its name>` running a read-only
 *   request through the query console's path (its rows capped for the model); each HTTP tool
 *   calls its URL through the outbound policy for `http`. At most `maxToolRounds` rounds of
 *   tool calls, then the model answers. A failing tool tells the model its error.
 * - Usage: tokens in and out of every round, and the cost from the model's prices per million
 *   tokens (left out when the provider has no price for the model).
 * - A provider error fails the step with the provider's own message.
 */
import { createHash } from 'node:crypto';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, jsonSchema, stepCountIs, streamText, tool, type ToolSet } from 'ai';
import type { NodeOfType } from '../../../shared/schemas/agent-graph.ts';
import { renderTemplate, templateContext } from '../../../shared/engine/templates.ts';
import type { Executor, Usage } from '../../../shared/engine/types.ts';
import type { TemplateContext } from '../../../shared/engine/templates.ts';
import { providerTarget } from '../../modules/model-providers/model-providers.service.ts';
import {
  modelFetch,
  providerMessage,
  type ProviderTarget,
} from '../../modules/model-providers/model-providers-client.ts';
import type { OutboundPolicy } from '../../net/outbound.ts';
import { findDataSource } from '../../modules/data-sources/data-sources.service.ts';
import { runSourceQuery } from './datasource-query.ts';
import { parseHttpUrl, sendHttp } from './http-request.ts';
import { EXECUTOR_LIMITS, type ServerExecutorEnv } from './context.ts';

export type LlmToolCall = { name: string; input: unknown; output?: unknown; error?: string };

/** `query_<slug>`: lower-case letters, digits and `_`, at most 64 characters in all. */
export function toolSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
  return slug || 'source';
}

/** A tool result as the model gets it: rows capped, the JSON text within a size. */
function forModel(value: unknown): unknown {
  const text = JSON.stringify(value) ?? 'null';
  if (text.length <= EXECUTOR_LIMITS.toolResultMaxChars) return value;
  return {
    truncated: true,
    text: `${text.slice(0, EXECUTOR_LIMITS.toolResultMaxChars)}…`,
  };
}

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : String(error ?? 'The tool failed');

async function dataSourceTools(
  env: ServerExecutorEnv,
  ids: string[],
  tools: ToolSet,
): Promise<void> {
  for (const id of ids) {
    const source = await findDataSource(env.deps.db, env.scope, id);
    let name = `query_${toolSlug(source.name)}`;
    for (let n = 2; name in tools; n++) name = `query_${toolSlug(source.name)}_${n}`;
    const run = async (input: Record<string, unknown>) => {
      try {
        const result = await runSourceQuery(env, source.id, input);
        return forModel({
          columns: result.columns.map((c) => c.name),
          rows: result.rows.slice(0, EXECUTOR_LIMITS.toolRowCap),
          rowCount: result.rowCount,
          truncated: result.truncated || result.rows.length > EXECUTOR_LIMITS.toolRowCap,
        });
      } catch (error) {
        return { error: errorMessage(error) };
      }
    };
    const about = source.description ? ` ${source.description}` : '';
    if (source.type === 'postgres' || source.type === 'mysql') {
      const dialect = source.type === 'postgres' ? 'PostgreSQL' : 'MySQL';
      tools[name] = tool({
        description: `Runs one read-only ${dialect} SELECT on the data source "${source.name}".${about}`,
        inputSchema: jsonSchema<{ sql: string }>({
          type: 'object',
          properties: { sql: { type: 'string', description: `One ${dialect} SELECT statement` } },
          required: ['sql'],
          additionalProperties: false,
        }),
        execute: ({ sql }) => run({ sql }),
      });
    } else if (source.type === 'http') {
      tools[name] = tool({
        description: `GETs a path of the HTTP API "${source.name}".${about}`,
        inputSchema: jsonSchema<{ path: string }>({
          type: 'object',
          properties: { path: { type: 'string', description: 'A path starting with /' } },
          required: ['path'],
          additionalProperties: false,
        }),
        execute: ({ path }) => {
          const [pathPart = '', search = ''] = path.split(/\?(.*)/s, 2);
          return run({ path: pathPart, query: Object.fromEntries(new URLSearchParams(search)) });
        },
      });
    } else {
      tools[name] = tool({
        description: `Reads rows of the file "${source.name}", optionally filtered.${about}`,
        inputSchema: jsonSchema<{ filters?: { column: string; op: string; value?: string }[] }>({
          type: 'object',
          properties: {
            filters: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  column: { type: 'string' },
                  op: {
                    type: 'string',
                    enum: ['eq', 'neq', 'contains', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty'],
                  },
                  value: { type: 'string' },
                },
                required: ['column', 'op'],
              },
            },
          },
          additionalProperties: false,
        }),
        execute: ({ filters }) => run({ filters: filters ?? [] }),
      });
    }
  }
}

async function httpTools(
  env: ServerExecutorEnv,
  node: NodeOfType<'llm'>,
  context: TemplateContext,
  tools: ToolSet,
): Promise<void> {
  for (const http of node.data.tools.http) {
    const urlText = await renderTemplate(http.url, context);
    tools[http.name] = tool({
      description: http.description || `Calls ${http.method} ${urlText}`,
      inputSchema: jsonSchema<{ query?: Record<string, string>; body?: unknown }>({
        type: 'object',
        properties: {
          query: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'Query parameters',
          },
          ...(http.method === 'POST' ? { body: { description: 'The JSON body' } } : {}),
        },
        additionalProperties: false,
      }),
      execute: async ({ query, body }, { abortSignal }) => {
        try {
          const url = parseHttpUrl(urlText);
          for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
          const answer = await sendHttp(
            env,
            {
              method: http.method,
              url,
              headers: http.method === 'POST' ? { 'content-type': 'application/json' } : {},
              body: http.method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
              timeoutMs: EXECUTOR_LIMITS.httpTimeoutMs,
              maxBytes: EXECUTOR_LIMITS.toolResultMaxChars * 4,
            },
            abortSignal ?? new AbortController().signal,
          );
          return forModel({ status: answer.status, body: answer.body });
        } catch (error) {
          return { error: errorMessage(error) };
        }
      },
    });
  }
}

/** The answer's JSON: the whole text, or the inside of a ```json fence. */
export function parseJsonAnswer(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed);
  try {
    return JSON.parse(fenced ? fenced[1]! : trimmed);
  } catch {
    throw new Error('The model’s answer is not valid JSON');
  }
}

/** The provider's message for a failed call. */
function providerFailure(error: unknown): Error {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ?? 0;
    const message = error.responseBody
      ? providerMessage(status, error.responseBody)
      : error.message;
    return new Error(status ? `The model provider answered ${status}: ${message}` : message);
  }
  if (error instanceof Error) return error;
  return new Error(String(error));
}

type ChatModel = ReturnType<ReturnType<typeof createOpenAICompatible>>;

/** Model clients per outbound policy, by provider address, credentials and model. */
const chatModels = new WeakMap<OutboundPolicy, Map<string, ChatModel>>();
const CHAT_MODELS_KEPT = 200;

/**
 * The AI SDK's client for a provider's model, made once and kept: a new client compiles its
 * response schemas again on its first answer, which a chat's first token would wait for. The
 * credentials are in the key only as a hash, so a changed key or header makes a new client.
 */
function chatModel(policy: OutboundPolicy, target: ProviderTarget, modelId: string): ChatModel {
  let models = chatModels.get(policy);
  if (!models) chatModels.set(policy, (models = new Map()));
  const credentials = createHash('sha256')
    .update(JSON.stringify([target.apiKey, target.headers]))
    .digest('base64url');
  const key = JSON.stringify([target.baseUrl, credentials, modelId]);
  let model = models.get(key);
  if (!model) {
    if (models.size >= CHAT_MODELS_KEPT) models.delete(models.keys().next().value!);
    model = createOpenAICompatible({
      name: 'meridian',
      baseURL: target.baseUrl,
      ...(target.apiKey ? { apiKey: target.apiKey } : {}),
      headers: target.headers,
      fetch: modelFetch(policy),
      includeUsage: true,
    })(modelId);
    models.set(key, model);
  }
  return model;
}

const perMillion = (tokens: number, price: number | null | undefined) =>
  price === null || price === undefined ? null : (tokens * price) / 1_000_000;

export function llmExecutor(env: ServerExecutorEnv): Executor<NodeOfType<'llm'>> {
  return async (node, ctx, io) => {
    const data = node.data;
    if (!data.providerId) throw new Error('Choose a model provider');
    const target = await providerTarget(
      env.deps,
      env.scope,
      data.providerId,
      env.providers?.get(data.providerId),
    );
    const modelId = data.model || target.row.defaultModel || target.row.models[0]?.id;
    if (!modelId) throw new Error('Choose a model');
    const context = templateContext(ctx);
    let system = await renderTemplate(data.system, context);
    const prompt = await renderTemplate(data.prompt, context);
    if (data.jsonSchema) {
      system = [
        system,
        `Answer with JSON only (no other text) that follows this JSON schema:\n${JSON.stringify(data.jsonSchema)}`,
      ]
        .filter(Boolean)
        .join('\n\n');
    }

    const tools: ToolSet = {};
    if (data.maxToolRounds > 0) {
      await dataSourceTools(env, data.tools.dataSourceIds, tools);
      await httpTools(env, node, context, tools);
    }
    const hasTools = Object.keys(tools).length > 0;
    const result = streamText({
      model: chatModel(env.deps.config.outbound, target, modelId),
      ...(system ? { system } : {}),
      prompt: prompt || ' ',
      ...(data.temperature !== undefined ? { temperature: data.temperature } : {}),
      ...(data.maxTokens !== undefined ? { maxOutputTokens: data.maxTokens } : {}),
      ...(hasTools ? { tools, stopWhen: stepCountIs(data.maxToolRounds + 1) } : {}),
      abortSignal: io.signal,
      // The engine retries a step as its settings say.
      maxRetries: 0,
      // Errors come through the stream below and fail the step (not the SDK's console log).
      onError: () => undefined,
    });

    let text = '';
    const toolCalls: LlmToolCall[] = [];
    const byId = new Map<string, LlmToolCall>();
    let failure: unknown = null;
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'start-step':
          // Only the last round's text is the answer.
          text = '';
          break;
        case 'text-delta':
          text += part.text;
          if (part.text) io.emitDelta(part.text);
          break;
        case 'tool-call': {
          const call: LlmToolCall = { name: part.toolName, input: part.input };
          byId.set(part.toolCallId, call);
          toolCalls.push(call);
          break;
        }
        case 'tool-result': {
          const call = byId.get(part.toolCallId);
          if (call) call.output = part.output;
          break;
        }
        case 'tool-error': {
          const call = byId.get(part.toolCallId);
          if (call) call.error = errorMessage(part.error);
          break;
        }
        case 'error':
          failure ??= part.error;
          break;
        default:
          break;
      }
    }
    if (io.signal.aborted) throw io.signal.reason ?? new Error('The step was cancelled');
    if (failure) throw providerFailure(failure);

    const total = await result.totalUsage;
    const inputTokens = total.inputTokens ?? 0;
    const outputTokens = total.outputTokens ?? 0;
    const prices = target.row.models.find((m) => m.id === modelId);
    const inputCost = perMillion(inputTokens, prices?.inputPrice);
    const outputCost = perMillion(outputTokens, prices?.outputPrice);
    const usage: Usage = { inputTokens, outputTokens };
    if (inputCost !== null || outputCost !== null) {
      usage.cost = (inputCost ?? 0) + (outputCost ?? 0);
    }
    const output: Record<string, unknown> = { text, toolCalls, usage };
    if (data.jsonSchema) output.json = parseJsonAnswer(text);
    return { output, usage };
  };
}
