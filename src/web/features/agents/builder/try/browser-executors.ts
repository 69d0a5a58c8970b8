/**
 * The executors of a run in the visitor's browser (try-builder): the pure ones of the shared
 * engine, `llm` through the OpenAI-compatible endpoint the visitor typed (or the instance's
 * demo provider, through the server), and a clear refusal for the steps that need the server.
 */
import { pureExecutors } from '../../../../../shared/engine/executors/index';
import { renderTemplate, templateContext } from '../../../../../shared/engine/templates';
import type { Executor, Executors } from '../../../../../shared/engine/types';
import type { NodeOfType } from '../../../../../shared/schemas/agent-graph';

/** Where the visitor's model calls go: their own endpoint and key, or the demo provider. */
export type VisitorModel =
  { kind: 'own'; baseUrl: string; apiKey: string; model: string } | { kind: 'demo' };

export const DEMO_CHAT_URL = '/api/v1/try-builder/chat/completions';

/**
 * A refused model call: its HTTP status and the message of its body; for the demo model (our
 * API: `{ error: { code, message } }`) also its code and how long to wait (Retry-After, s).
 * An own endpoint's `code` is not ours (OpenAI's, say): it is never read.
 */
export interface ModelFailure {
  status: number;
  message: string;
  code?: string;
  retryAfter?: number;
}

export interface BrowserExecutorTexts {
  needsServer: string;
  noModel: string;
  modelFailed: (failure: ModelFailure) => string;
}

interface ChatChunk {
  choices?: { delta?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

/** Reads an OpenAI chat completions stream (server-sent events), handing each text piece on. */
async function readStream(
  body: ReadableStream<Uint8Array>,
  onText: (text: string) => void,
): Promise<{ inputTokens: number; outputTokens: number }> {
  const usage = { inputTokens: 0, outputTokens: 0 };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return usage;
      const chunk = JSON.parse(data) as ChatChunk;
      if (chunk.error) throw new Error(chunk.error.message ?? 'The model answered with an error');
      const text = chunk.choices?.[0]?.delta?.content;
      if (text) onText(text);
      if (chunk.usage) {
        usage.inputTokens = chunk.usage.prompt_tokens ?? 0;
        usage.outputTokens = chunk.usage.completion_tokens ?? 0;
      }
    }
  }
  return usage;
}

function llmExecutor(
  model: VisitorModel | null,
  texts: BrowserExecutorTexts,
  demoUrl: string,
): Executor<NodeOfType<'llm'>> {
  return async (node, ctx, io) => {
    if (!model) throw new Error(texts.noModel);
    const data = node.data;
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
    const messages = [
      ...(system ? [{ role: 'system', content: system }] : []),
      { role: 'user', content: prompt || ' ' },
    ];
    const own = model.kind === 'own';
    const response = await fetch(
      own ? `${model.baseUrl.replace(/\/+$/, '')}/chat/completions` : demoUrl,
      {
        method: 'POST',
        signal: io.signal,
        // The visitor's key goes to their endpoint only; the demo provider's never reaches here.
        credentials: own ? 'omit' : 'same-origin',
        headers: {
          'Content-Type': 'application/json',
          ...(own && model.apiKey ? { Authorization: `Bearer ${model.apiKey}` } : {}),
        },
        body: JSON.stringify({
          // A model named on the step wins over the builder's.
          ...(own ? { model: node.data.model || model.model } : {}),
          messages,
          stream: true,
          stream_options: { include_usage: true },
          ...(data.temperature !== undefined ? { temperature: data.temperature } : {}),
          ...(data.maxTokens !== undefined ? { max_tokens: data.maxTokens } : {}),
        }),
      },
    );
    if (!response.ok || !response.body) {
      throw new Error(texts.modelFailed(await failureOf(response, !own)));
    }
    let text = '';
    const usage = await readStream(response.body, (piece) => {
      text += piece;
      io.emitDelta(piece);
    });
    let json: unknown = null;
    if (data.jsonSchema) {
      try {
        json = JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ''));
      } catch {
        throw new Error('The model did not answer with JSON');
      }
    }
    return { output: { text, json, toolCalls: [], usage }, usage };
  };
}

/** What a refusal says: the message of an error body (ours or OpenAI's), else its start. */
async function failureOf(response: Response, ours: boolean): Promise<ModelFailure> {
  const text = await response.text().catch(() => '');
  const failure: ModelFailure = { status: response.status, message: text.slice(0, 300) };
  try {
    const body = JSON.parse(text) as {
      message?: unknown;
      error?: { message?: unknown; code?: unknown };
    };
    const message = body.error?.message ?? body.message;
    if (typeof message === 'string') failure.message = message.slice(0, 300);
    if (ours && typeof body.error?.code === 'string') failure.code = body.error.code;
  } catch {
    // not JSON: the text itself
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  if (ours && Number.isFinite(retryAfter) && retryAfter > 0) failure.retryAfter = retryAfter;
  return failure;
}

const needsServer =
  (texts: BrowserExecutorTexts): Executor =>
  async () => {
    throw new Error(texts.needsServer);
  };

/** `demoUrl`: where the demo model answers (this origin's, unless a test serves it elsewhere). */
export function browserExecutors(
  model: VisitorModel | null,
  texts: BrowserExecutorTexts,
  demoUrl = DEMO_CHAT_URL,
): Executors {
  return {
    ...pureExecutors,
    llm: llmExecutor(model, texts, demoUrl),
    datasource_query: needsServer(texts),
    http_request: needsServer(texts),
    send_email: needsServer(texts),
  };
}
