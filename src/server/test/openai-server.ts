/**
 * A local OpenAI-compatible API for tests: real HTTP on 127.0.0.1 and a free port, standing in
 * for a model provider (model providers, the llm step, chat). It answers `GET /v1/models` and
 * `POST /v1/chat/completions` (streamed as server-sent `chat.completion.chunk` events ending with
 * `data: [DONE]`, or as one `chat.completion`), checks the bearer key, and records every request.
 *
 * Each test scripts the replies of the chat requests it makes, in order:
 *
 * ```ts
 * const model = await startOpenAiServer({ apiKey: 'sk-test' });
 * model.reply({ text: 'Hello' }, { toolCalls: [{ name: 'lookup', arguments: { id: 1 } }] });
 * model.reply({ json: { total: 3 } }, { error: { status: 429, message: 'Slow down' } });
 * model.reply({ text: 'late', delayMs: 2000 });
 * // … point Meridian at model.baseUrl (loopback: OUTBOUND_MODEL_NETWORKS=loopback) …
 * expect(model.requests.at(-1)?.headers['x-team']).toBe('blue');
 * expect(model.abortedChatRequests()).toHaveLength(0); // no client left mid-answer
 * await model.close();
 * ```
 *
 * Without a scripted reply, a chat request is answered with the text `OK`. `respond(fn)` answers
 * from the request instead (e.g. echo the last message).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedToolCall = {
  /** Default: `call_<n>`. */
  id?: string;
  name: string;
  /** An object is sent as its JSON text, as providers do. */
  arguments: string | Record<string, unknown>;
};

export type ScriptedUsage = { promptTokens: number; completionTokens: number };

/** One answer to a chat request. */
export type ScriptedReply = (
  | { text: string }
  | { json: unknown }
  | { toolCalls: ScriptedToolCall[]; text?: string }
  | { error: { status: number; message: string; type?: string; code?: string | null } }
) & {
  /** Wait this long before answering (a slow provider; the wait ends when the client leaves). */
  delayMs?: number;
  /** Streamed replies: wait this long between chunks. */
  chunkDelayMs?: number;
  /** The usage reported; default: words of the prompt and of the reply. */
  usage?: ScriptedUsage;
  /** The model named in the answer; default: the requested one. */
  model?: string;
};

export type RecordedRequest = {
  method: string;
  /** The path with its query (`/v1/chat/completions`). */
  path: string;
  /** Lower-case names, as Node gives them. */
  headers: Record<string, string>;
  /** The parsed JSON body (undefined for none or for text that is not JSON). */
  body: unknown;
  /** Chat requests: true once the client closed the connection before the answer ended. */
  aborted?: boolean;
};

export type ChatRequestBody = {
  model?: string;
  messages?: { role: string; content?: unknown }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
};

export interface OpenAiServerOptions {
  /** The key expected as `Authorization: Bearer <key>`; null accepts any request. Default `sk-test`. */
  apiKey?: string | null;
  /** The ids `GET /v1/models` lists. */
  models?: string[];
}

export type OpenAiTestServer = Awaited<ReturnType<typeof startOpenAiServer>>;

export const OPENAI_TEST_KEY = 'sk-test';
export const OPENAI_TEST_MODELS = ['test-small', 'test-large'];

const wordCount = (value: unknown): number => {
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  return text.split(/\s+/).filter(Boolean).length;
};

function openAiError(
  res: http.ServerResponse,
  status: number,
  message: string,
  type = 'invalid_request_error',
  code: string | null = null,
) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, param: null, code } }));
}

/** Waits `ms`, or less when the client leaves (`left` aborts). */
function wait(ms: number, left: AbortSignal): Promise<void> {
  if (!ms || left.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      left.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    left.addEventListener('abort', done, { once: true });
  });
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The local OpenAI-compatible server, listening; `baseUrl` ends with `/v1`. */
export async function startOpenAiServer(options: OpenAiServerOptions = {}) {
  const apiKey = options.apiKey === undefined ? OPENAI_TEST_KEY : options.apiKey;
  let models = options.models ?? OPENAI_TEST_MODELS;
  const queue: ScriptedReply[] = [];
  let responder: ((body: ChatRequestBody) => ScriptedReply) | null = null;
  const requests: RecordedRequest[] = [];
  let completionCount = 0;

  const nextReply = (body: ChatRequestBody): ScriptedReply =>
    queue.shift() ?? responder?.(body) ?? { text: 'OK' };

  async function chat(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: ChatRequestBody,
    recorded: RecordedRequest,
  ): Promise<void> {
    const reply = nextReply(body);
    const left = new AbortController();
    recorded.aborted = false;
    res.once('close', () => {
      if (!res.writableFinished) recorded.aborted = true;
      left.abort();
    });
    await wait(reply.delayMs ?? 0, left.signal);
    if (req.socket.destroyed) return;
    if ('error' in reply) {
      const { status, message, type, code } = reply.error;
      openAiError(res, status, message, type ?? 'api_error', code ?? null);
      return;
    }
    const id = `chatcmpl-${++completionCount}`;
    const created = Math.floor(Date.now() / 1000);
    const model = reply.model ?? body.model ?? models[0] ?? 'test';
    const text = 'json' in reply ? JSON.stringify(reply.json) : (reply.text ?? '');
    const toolCalls =
      'toolCalls' in reply
        ? reply.toolCalls.map((call, index) => ({
            index,
            id: call.id ?? `call_${completionCount}_${index + 1}`,
            type: 'function' as const,
            function: {
              name: call.name,
              arguments:
                typeof call.arguments === 'string'
                  ? call.arguments
                  : JSON.stringify(call.arguments),
            },
          }))
        : [];
    const finishReason = toolCalls.length ? 'tool_calls' : 'stop';
    const usage = reply.usage ?? {
      promptTokens: (body.messages ?? []).reduce((sum, m) => sum + wordCount(m.content), 0),
      completionTokens: wordCount(text) + toolCalls.length,
    };
    const usageBody = {
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      total_tokens: usage.promptTokens + usage.completionTokens,
    };

    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: text || (toolCalls.length ? null : ''),
                ...(toolCalls.length
                  ? { tool_calls: toolCalls.map(({ index: _index, ...call }) => call) }
                  : {}),
              },
              finish_reason: finishReason,
              logprobs: null,
            },
          ],
          usage: usageBody,
        }),
      );
      return;
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    });
    const events: unknown[] = [chunk({ role: 'assistant', content: '' })];
    // The text in pieces of a word and its following space, as providers stream it.
    for (const piece of text.match(/\S+\s*|\s+/g) ?? []) events.push(chunk({ content: piece }));
    for (const call of toolCalls) {
      events.push(
        chunk({
          tool_calls: [
            {
              index: call.index,
              id: call.id,
              type: 'function',
              function: { name: call.function.name, arguments: '' },
            },
          ],
        }),
      );
      events.push(
        chunk({
          tool_calls: [{ index: call.index, function: { arguments: call.function.arguments } }],
        }),
      );
    }
    events.push(chunk({}, finishReason));
    if (body.stream_options?.include_usage) {
      events.push({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [],
        usage: usageBody,
      });
    }
    for (const event of events) {
      if (req.socket.destroyed) return;
      res.write(`data: ${JSON.stringify(event)}\n\n`);
      await wait(reply.chunkDelayMs ?? 0, left.signal);
    }
    res.end('data: [DONE]\n\n');
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const path = req.url ?? '/';
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path, headers, body };
      requests.push(recorded);

      if (apiKey !== null && headers.authorization !== `Bearer ${apiKey}`) {
        openAiError(
          res,
          401,
          headers.authorization ? 'Incorrect API key provided.' : 'You didn’t provide an API key.',
          'invalid_request_error',
          'invalid_api_key',
        );
        return;
      }
      const route = path.split('?')[0];
      if (req.method === 'GET' && route === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            object: 'list',
            data: models.map((id) => ({
              id,
              object: 'model',
              created: 0,
              owned_by: 'meridian-test',
            })),
          }),
        );
        return;
      }
      if (req.method === 'POST' && route === '/v1/chat/completions') {
        if (!body || typeof body !== 'object') {
          openAiError(res, 400, 'The body must be a JSON object.');
          return;
        }
        await chat(req, res, body as ChatRequestBody, recorded);
        return;
      }
      openAiError(
        res,
        404,
        `Unknown request URL: ${req.method} ${route}.`,
        'invalid_request_error',
        'unknown_url',
      );
    })().catch((error: unknown) => {
      if (!res.headersSent) openAiError(res, 500, String(error), 'server_error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    /** `http://127.0.0.1:<port>/v1`, what a provider's base URL is set to. */
    baseUrl: `${origin}/v1`,
    origin,
    apiKey,
    /** Every request received, oldest first. */
    requests,
    /** The chat requests received (their bodies), oldest first. */
    chatRequests: () =>
      requests
        .filter((r) => r.method === 'POST' && r.path.startsWith('/v1/chat/completions'))
        .map((r) => r.body as ChatRequestBody),
    /** The chat requests whose client left before the answer ended, oldest first. */
    abortedChatRequests: () => requests.filter((r) => r.aborted === true),
    /** Queues replies for the next chat requests, in order. */
    reply(...replies: ScriptedReply[]) {
      queue.push(...replies);
    },
    /** Answers chat requests without a queued reply from the request itself. */
    respond(fn: ((body: ChatRequestBody) => ScriptedReply) | null) {
      responder = fn;
    },
    setModels(ids: string[]) {
      models = ids;
    },
    /** Forgets queued replies, the responder and the recorded requests. */
    reset() {
      queue.length = 0;
      responder = null;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
