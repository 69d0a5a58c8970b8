/**
 * The OpenAI-compatible endpoint (AGENTS.md, "Triggers"): `model: "agent:<slug or id>"` names a
 * published agent with chat on; the last user message becomes the chat input `message` and the
 * earlier ones its `history` (as in the app's chat), the run (trigger `openai`) answers as one
 * `chat.completion` or as streamed `chat.completion.chunk`s, with its tokens as the usage.
 */
import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { agents } from '../../../db/schema/index.ts';
import { HttpError, httpError } from '../../../http/errors.ts';
import type { OrgScope } from '../../../http/records.ts';
import { isUuid } from '../../../../shared/schemas/common.ts';
import { CHAT_MESSAGES } from '../../../../shared/schemas/chat.ts';
import type { RunResult } from '../../../../shared/engine/index.ts';
import { answerText, answeringSteps } from '../chat/chat.service.ts';
import { cancelRun, follow } from '../runs/run-bus.ts';
import { graphFor, startRun, type RunCaller, type RunDeps } from '../runs/runs.service.ts';

export const MODEL_PREFIX = 'agent:';

const contentPart = z.looseObject({ type: z.string(), text: z.string().optional() });
const chatMessage = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.union([z.string(), z.array(contentPart)]).nullish(),
});

/** What is read of a chat completion request; the model's tuning fields are accepted, unused. */
export const chatCompletionRequestSchema = z.looseObject({
  model: z.string().min(1).max(300),
  messages: z.array(chatMessage).min(1).max(500),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

const usageSchema = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
});

export const chatCompletionSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number(),
      message: z.object({ role: z.literal('assistant'), content: z.string() }),
      finish_reason: z.literal('stop'),
      logprobs: z.null(),
    }),
  ),
  usage: usageSchema,
});

export const modelListSchema = z.object({
  object: z.literal('list'),
  data: z.array(
    z.object({
      id: z.string(),
      object: z.literal('model'),
      created: z.number(),
      owned_by: z.string(),
      name: z.string(),
    }),
  ),
});

const notAModel = (model: string) =>
  new HttpError(404, 'model_not_found', `The model "${model}" does not exist`);

/** The organisation's published agents with chat on (only the key's agent for a limited key). */
export async function listAgentModels(db: Database, scope: OrgScope, onlyAgentId: string | null) {
  const rows = await db
    .select({ id: agents.id, slug: agents.slug, name: agents.name, createdAt: agents.createdAt })
    .from(agents)
    .where(
      and(
        eq(agents.organizationId, scope.organizationId),
        isNull(agents.deletedAt),
        isNotNull(agents.publishedVersion),
        eq(agents.chatEnabled, true),
        onlyAgentId ? eq(agents.id, onlyAgentId) : undefined,
      ),
    )
    .orderBy(asc(agents.slug));
  return {
    object: 'list' as const,
    data: rows.map((row) => ({
      id: `${MODEL_PREFIX}${row.slug}`,
      object: 'model' as const,
      created: Math.floor(row.createdAt.getTime() / 1000),
      owned_by: 'organization',
      name: row.name,
    })),
  };
}

/** The agent `model` names (`agent:<slug or id>`) in the organisation, or a 404 model_not_found. */
export async function agentOfModel(
  db: Database,
  scope: OrgScope,
  model: string,
  onlyAgentId: string | null,
): Promise<string> {
  if (!model.startsWith(MODEL_PREFIX)) throw notAModel(model);
  const name = model.slice(MODEL_PREFIX.length);
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(
      and(
        eq(agents.organizationId, scope.organizationId),
        isNull(agents.deletedAt),
        isUuid(name) ? or(eq(agents.id, name), eq(agents.slug, name)) : eq(agents.slug, name),
      ),
    )
    .limit(1);
  if (!row || (onlyAgentId && row.id !== onlyAgentId)) throw notAModel(model);
  return row.id;
}

const textOf = (content: z.infer<typeof chatMessage>['content']): string =>
  typeof content === 'string'
    ? content
    : (content ?? []).map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');

/** The chat input of the messages: the last user message, and the conversation before it. */
export function chatInputOf(messages: ChatCompletionRequest['messages']) {
  const lastUser = messages.findLastIndex((m) => m.role === 'user');
  const message = lastUser >= 0 ? textOf(messages[lastUser]!.content).trim() : '';
  if (!message) {
    throw httpError('VALIDATION_ERROR', 'The messages must end with a user message that has text', {
      messages: ['The messages must end with a user message that has text'],
    });
  }
  const history = messages
    .slice(0, lastUser)
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role, content: textOf(m.content) }));
  return { message, history };
}

const usageOf = (result: RunResult) => ({
  prompt_tokens: result.usage.inputTokens,
  completion_tokens: result.usage.outputTokens,
  total_tokens: result.usage.inputTokens + result.usage.outputTokens,
});

const runFailed = (result: RunResult) =>
  new HttpError(
    422,
    'agent_run_failed',
    result.error?.message ?? `The agent’s run ended ${result.status}`,
  );

/** Starts the agent's run on the request's messages. */
export async function startCompletion(
  deps: RunDeps,
  scope: OrgScope,
  caller: RunCaller,
  agentId: string,
  request: ChatCompletionRequest,
) {
  const input = chatInputOf(request.messages);
  const runnable = await graphFor(deps, scope, agentId, false);
  if (!runnable.chatEnabled) throw httpError('CHAT_OFF', CHAT_MESSAGES.chatOff);
  const started = await startRun(deps, scope, caller, agentId, {
    input,
    draft: false,
    trigger: 'openai',
    runnable,
  });
  return {
    started,
    streamed: answeringSteps(runnable.graph),
    id: `chatcmpl-${started.runId}`,
    created: Math.floor(Date.now() / 1000),
  };
}

type Completion = Awaited<ReturnType<typeof startCompletion>>;

/** The whole answer, once the run has finished. */
export async function completion(started: Completion, model: string) {
  const result = await started.started.done;
  if (result.status !== 'succeeded') throw runFailed(result);
  return {
    id: started.id,
    object: 'chat.completion' as const,
    created: started.created,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant' as const, content: answerText(result.output) },
        finish_reason: 'stop' as const,
        logprobs: null,
      },
    ],
    usage: usageOf(result),
  };
}

/**
 * The answer as `chat.completion.chunk`s (the data of each server-sent event): the model steps'
 * text as it comes, what the reply adds at the end, the finish and, when asked, the usage.
 * The signal (the client leaving) cancels the run.
 */
export async function* completionChunks(
  started: Completion,
  model: string,
  includeUsage: boolean,
  signal: AbortSignal,
): AsyncGenerator<unknown> {
  const { runId } = started.started;
  const onAbort = () => cancelRun(runId, 'The client went away');
  signal.addEventListener('abort', onAbort, { once: true });
  const chunk = (delta: object, finish: 'stop' | null = null) => ({
    id: started.id,
    object: 'chat.completion.chunk',
    created: started.created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  try {
    yield chunk({ role: 'assistant', content: '' });
    let text = '';
    for await (const event of follow(runId, signal) ?? []) {
      if (event.type === 'node.delta' && started.streamed.has(event.nodeId)) {
        text += event.text;
        yield chunk({ content: event.text });
      }
    }
    const result = await started.started.done;
    if (result.status !== 'succeeded') {
      const failure = runFailed(result);
      yield { error: { message: failure.message, type: 'server_error', code: failure.code } };
      return;
    }
    const final = answerText(result.output);
    if (final.startsWith(text) && final.length > text.length) {
      yield chunk({ content: final.slice(text.length) });
    } else if (!text && final) yield chunk({ content: final });
    yield chunk({}, 'stop');
    if (includeUsage) {
      yield { ...chunk({}), choices: [], usage: usageOf(result) };
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
