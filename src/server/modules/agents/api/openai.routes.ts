/**
 * /api/v1/openai: the OpenAI-compatible endpoint (openai.service.ts), for API keys (and members
 * with a session). Errors here take OpenAI's shape (`openAiErrorResponse`, used by app.ts for
 * every error on this path, including those of authentication).
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { createRouter, defineRoute, jsonContent } from '../../../http/openapi.ts';
import type { HttpError } from '../../../http/errors.ts';
import { permission } from '../../../http/permission.ts';
import { orgScope } from '../../../http/records.ts';
import { runCallerOf } from './run-api.ts';
import {
  agentOfModel,
  chatCompletionRequestSchema,
  chatCompletionSchema,
  completion,
  completionChunks,
  listAgentModels,
  modelListSchema,
  startCompletion,
} from './openai.service.ts';

/** Where errors are told in OpenAI's shape. */
export const OPENAI_PATH_PREFIX = '/api/v1/openai/';

const TYPES: Partial<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'invalid_request_error',
  409: 'invalid_request_error',
  413: 'invalid_request_error',
  422: 'invalid_request_error',
  429: 'rate_limit_error',
};

/**
 * `{ error: { message, type, param, code } }` as OpenAI answers; `code` is our error code
 * (src/shared/error-codes.ts) or this endpoint's own (model_not_found, agent_run_failed).
 */
export function openAiErrorResponse(c: Context, error: HttpError) {
  return c.json(
    {
      error: {
        message: error.message,
        type: TYPES[error.status] ?? 'server_error',
        param: null,
        code: error.code,
      },
    },
    error.status as ContentfulStatusCode,
  );
}

const TAGS = ['OpenAI-compatible'];
const openAiError = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    param: z.null(),
    code: z.string(),
  }),
});

const models = defineRoute({
  method: 'get',
  path: '/openai/models',
  ...permission.can('read', 'Agent', { apiKey: ['agents:read', 'agents:run'] }),
  tags: TAGS,
  summary:
    'The organisation’s published agents with chat on, as models `agent:<slug>` (only its agent for a key limited to one)',
  responses: {
    200: { description: 'The models', content: jsonContent(modelListSchema) },
    401: { description: 'No valid API key', content: jsonContent(openAiError) },
  },
  errorSchema: openAiError,
});

const completions = defineRoute({
  method: 'post',
  path: '/openai/chat/completions',
  ...permission.can('read', 'Agent', { apiKey: ['agents:run'] }),
  tags: TAGS,
  summary:
    'Chat with an agent as with an OpenAI model: `model: "agent:<slug or id>"`, streamed (`stream: true`, server-sent `chat.completion.chunk`s ending with `data: [DONE]`) or not',
  description:
    'The last user message is the agent’s chat input `message`, the user and assistant messages before it its `history`. The run’s tokens are the usage (streamed: with `stream_options.include_usage`). Errors are in OpenAI’s shape `{ error: { message, type, param, code } }`.',
  request: { body: { content: jsonContent(chatCompletionRequestSchema), required: true } },
  responses: {
    200: {
      description: 'The answer, or its chunks',
      content: {
        ...jsonContent(chatCompletionSchema),
        'text/event-stream': { schema: z.string() },
      },
    },
    401: { description: 'No valid API key', content: jsonContent(openAiError) },
    404: { description: 'No such model (agent)', content: jsonContent(openAiError) },
  },
  errors: [409, 422, 429],
  errorSchema: openAiError,
});

export const openAiRoutes = createRouter()
  .openapi(models, async (c) =>
    c.json(
      await listAgentModels(c.get('deps').db, orgScope(c), c.get('apiKey')?.agentId ?? null),
      200,
    ),
  )
  .openapi(completions, async (c) => {
    const body = c.req.valid('json');
    const { db, config, mailer, logger } = c.get('deps');
    const scope = orgScope(c);
    const agentId = await agentOfModel(db, scope, body.model, c.get('apiKey')?.agentId ?? null);
    const started = await startCompletion(
      { db, config, mailer, logger },
      scope,
      runCallerOf(c),
      agentId,
      body,
    );
    if (!body.stream) return c.json(await completion(started, body.model), 200);
    return streamSSE(c, async (stream) => {
      const closed = new AbortController();
      stream.onAbort(() => closed.abort());
      const chunks = completionChunks(
        started,
        body.model,
        Boolean(body.stream_options?.include_usage),
        closed.signal,
      );
      for await (const chunk of chunks) await stream.writeSSE({ data: JSON.stringify(chunk) });
      await stream.writeSSE({ data: '[DONE]' });
    }) as never;
  });
