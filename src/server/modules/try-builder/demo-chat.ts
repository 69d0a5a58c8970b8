/**
 * Forwards a visitor's chat-completions request to the instance's demo model (DEMO_MODEL_*):
 * the model forced to DEMO_MODEL, `max_tokens` capped, the key added here, the request through
 * the outbound policy for models (OUTBOUND_MODEL_NETWORKS), redirects not followed (the key
 * would go along). The provider's answer goes back unchanged: its server-sent events as they
 * arrive, or its JSON. A visitor who leaves cancels the provider's request (`signal`).
 *
 * Every failure is a 502 DEMO_MODEL_FAILED whose message names what went wrong but never the
 * key, the provider's address or, for a refused key, the provider's message (some echo the key).
 */
import type { DemoModelConfig } from '../../config.ts';
import type { Logger } from '../../http/logger.ts';
import { HttpError, httpError } from '../../http/errors.ts';
import type { OutboundPolicy } from '../../net/outbound.ts';
import { outboundFetch } from '../../net/outbound-http.ts';
import {
  TRY_BUILDER_LIMITS,
  TRY_BUILDER_MESSAGES as M,
  type DemoChatRequest,
} from '../../../shared/schemas/try-builder.ts';

/** `<base URL>/chat/completions`, keeping the base URL's own path (`…/v1`). */
function chatUrl(baseUrl: string): URL {
  return new URL('chat/completions', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}

/** The body sent to the provider: the visitor's, with the demo model and the token cap. */
export function providerBody(body: DemoChatRequest, demo: DemoModelConfig) {
  const { model: _ignored, max_tokens, ...rest } = body;
  return {
    ...rest,
    model: demo.model,
    stream: body.stream ?? false,
    max_tokens: Math.min(max_tokens ?? demo.maxTokens, demo.maxTokens),
  };
}

const failed = (message: string) => httpError('DEMO_MODEL_FAILED', message);

function withoutKey(text: string, apiKey: string | undefined): string {
  return apiKey ? text.split(apiKey).join('[redacted]') : text;
}

/** The provider's own error message (OpenAI's `{ error: { message } }`), short and key-free. */
function providerDetail(text: string, apiKey: string | undefined): string {
  let message: string;
  try {
    const parsed = JSON.parse(text) as {
      error?: { message?: unknown } | string;
      message?: unknown;
    };
    const candidate = typeof parsed.error === 'object' ? parsed.error?.message : parsed.error;
    message = typeof candidate === 'string' ? candidate : String(parsed.message ?? '');
  } catch {
    message = text;
  }
  return withoutKey(message.replace(/\s+/g, ' ').trim(), apiKey).slice(0, 300);
}

async function readCapped(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > TRY_BUILDER_LIMITS.responseMaxBytes) {
      await reader.cancel();
      throw failed(M.tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export async function forwardDemoChat(options: {
  demo: DemoModelConfig;
  policy: OutboundPolicy;
  body: DemoChatRequest;
  /** The visitor's request signal: aborted when they leave. */
  signal: AbortSignal;
  logger: Logger;
}): Promise<Response> {
  const { demo, policy, body, signal, logger } = options;
  const url = chatUrl(demo.baseUrl);
  const payload = providerBody(body, demo);
  // The answer's headers must come in time; once they have, the stream lasts as long as it does.
  const headersTimeout = new AbortController();
  const timer = setTimeout(
    () => headersTimeout.abort(new DOMException('timeout', 'TimeoutError')),
    TRY_BUILDER_LIMITS.headersTimeoutMs,
  );
  let response: Response;
  try {
    response = await outboundFetch(policy, 'model', url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: payload.stream ? 'text/event-stream' : 'application/json',
        ...(demo.apiKey ? { authorization: `Bearer ${demo.apiKey}` } : {}),
      },
      body: JSON.stringify(payload),
      redirect: 'manual',
      signal: AbortSignal.any([signal, headersTimeout.signal]),
    });
  } catch (error) {
    // The visitor left: nobody reads this answer, and nothing went wrong worth a log line.
    if (signal.aborted) throw failed(M.unreachable);
    const code = errorCode(error);
    const timedOut = headersTimeout.signal.aborted;
    logger.warn(
      { code, err: withoutKey(String((error as Error)?.message ?? error), demo.apiKey) },
      'the demo model could not be reached',
    );
    throw failed(timedOut ? M.timeout : M.unreachable);
  } finally {
    clearTimeout(timer);
  }

  const status = response.status;
  if (status >= 300 && status < 400) {
    await response.body?.cancel();
    logger.warn({ status }, 'the demo model answered with a redirect');
    throw failed(M.redirect);
  }
  if (status < 200 || status >= 300) {
    const text = await readCapped(response).catch(() => '');
    const detail = providerDetail(text, demo.apiKey);
    logger.warn({ status, detail }, 'the demo model answered with an error');
    throw failed(status === 401 || status === 403 ? M.refused : M.providerError(status, detail));
  }

  const contentType =
    response.headers.get('content-type') ??
    (payload.stream ? 'text/event-stream' : 'application/json');
  if (!payload.stream || !contentType.startsWith('text/event-stream')) {
    const text = await readCapped(response).catch((error: unknown) => {
      if (error instanceof HttpError) throw error;
      throw failed(M.unreachable);
    });
    return new Response(text, { status: 200, headers: { 'content-type': contentType } });
  }
  // The provider's events, passed on as they arrive (cancelling this body cancels its request).
  return new Response(response.body, {
    status: 200,
    headers: {
      'content-type': contentType,
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    },
  });
}
