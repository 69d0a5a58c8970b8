/**
 * Requests to a model provider's OpenAI-compatible API, always through the outbound policy
 * (purpose `model`, OUTBOUND_MODEL_NETWORKS): listing `/models` and the one-token test. Redirects
 * are not followed (the key would go along, and the target would escape the address check).
 * Failures come back as a cause and the provider's own message, never as a thrown error.
 */
import type { OutboundPolicy } from '../../net/outbound.ts';
import { outboundFetch } from '../../net/outbound-http.ts';
import {
  MODEL_PROVIDER_LIMITS,
  type ModelProviderFailureCause,
} from '../../../shared/schemas/model-providers.ts';

/** Where and how to reach a provider (the key and header values in clear: server only). */
export type ProviderTarget = {
  baseUrl: string;
  apiKey: string | null;
  headers: Record<string, string>;
};

export type ProviderCallResult<T> =
  | { ok: true; value: T; status: number; durationMs: number }
  | {
      ok: false;
      cause: ModelProviderFailureCause;
      message: string;
      status: number | null;
      durationMs: number;
    };

/** `<base URL>/<path>`, keeping the base URL's own path (`…/v1` + `models`). */
export function providerUrl(baseUrl: string, path: string): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(path.replace(/^\//, ''), base);
}

/** The headers of every request: the extra headers, then the key as a bearer token. */
export function providerHeaders(target: ProviderTarget): Record<string, string> {
  return {
    ...target.headers,
    ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
  };
}

/**
 * A `fetch` for SDK clients (the AI SDK's `createOpenAICompatible({ fetch })`) that goes through
 * the outbound policy for models and does not follow redirects.
 */
export function modelFetch(policy: OutboundPolicy): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return outboundFetch(policy, 'model', url, { ...init, redirect: 'manual' });
  };
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MODEL_PROVIDER_LIMITS.responseMaxBytes) {
      await reader.cancel();
      throw new Error('The provider’s answer is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The provider's own error message (OpenAI's `{ error: { message } }` and common variants). */
export function providerMessage(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as {
      error?: { message?: unknown } | string;
      message?: unknown;
      detail?: unknown;
    };
    const candidates = [
      typeof body.error === 'object' ? body.error?.message : body.error,
      body.message,
      body.detail,
    ];
    const found = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
    if (found) return found.slice(0, 500);
  } catch {
    // Not JSON: the text itself.
  }
  const plain = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  return plain ? `HTTP ${status}: ${plain}` : `The provider answered HTTP ${status}`;
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 5) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** A failed connection as a cause and a sentence (never the key, never a stack). */
export function connectionFailure(
  error: unknown,
  url: URL,
): { cause: ModelProviderFailureCause; message: string } {
  const chain = causeChain(error);
  const blocked = chain.find((e) => (e as { code?: unknown }).code === 'ADDRESS_NOT_ALLOWED') as
    Error | undefined;
  if (blocked) return { cause: 'ADDRESS_NOT_ALLOWED', message: blocked.message };
  if (
    chain.some((e) => (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError')
  ) {
    return {
      cause: 'TIMEOUT',
      message: `The provider did not answer within ${MODEL_PROVIDER_LIMITS.requestTimeoutMs / 1000} seconds`,
    };
  }
  const code = chain.map((e) => (e as { code?: unknown }).code).find((c) => typeof c === 'string');
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'the connection was refused',
    ENOTFOUND: 'the host name was not found',
    EAI_AGAIN: 'the host name could not be resolved',
    ECONNRESET: 'the connection was reset',
    ETIMEDOUT: 'the connection timed out',
    EHOSTUNREACH: 'the host is unreachable',
    ENETUNREACH: 'the network is unreachable',
  };
  const reason =
    (code && reasons[code]) ??
    (chain.some((e) => /certificate|TLS|SSL/i.test(String((e as Error).message)))
      ? 'the TLS connection failed'
      : 'the connection failed');
  return { cause: 'UNREACHABLE', message: `Could not reach ${url.host}: ${reason}` };
}

/** One request to the provider; `parse` reads a 2xx answer's JSON. */
export async function callProvider<T>(
  policy: OutboundPolicy,
  target: ProviderTarget,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown },
  parse: (json: unknown) => T | null,
): Promise<ProviderCallResult<T>> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = providerUrl(target.baseUrl, request.path);
  } catch {
    return {
      ok: false,
      cause: 'UNREACHABLE',
      message: 'The base URL is not valid',
      status: null,
      durationMs: 0,
    };
  }
  let response: Response;
  let text: string;
  try {
    response = await outboundFetch(policy, 'model', url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...providerHeaders(target),
      },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(MODEL_PROVIDER_LIMITS.requestTimeoutMs),
    });
    text = await readCapped(response);
  } catch (error) {
    return { ok: false, ...connectionFailure(error, url), status: null, durationMs: elapsed() };
  }
  const status = response.status;
  if (status >= 300 && status < 400) {
    return {
      ok: false,
      cause: 'PROVIDER_ERROR',
      message: `The provider answered with a redirect (HTTP ${status}); enter the address it redirects to as the base URL`,
      status,
      durationMs: elapsed(),
    };
  }
  if (status < 200 || status >= 300) {
    return {
      ok: false,
      cause: 'PROVIDER_ERROR',
      message: providerMessage(status, text),
      status,
      durationMs: elapsed(),
    };
  }
  let value: T | null;
  try {
    value = parse(JSON.parse(text));
  } catch {
    value = null;
  }
  if (value === null) {
    return {
      ok: false,
      cause: 'INVALID_RESPONSE',
      message: 'The provider’s answer is not the OpenAI-compatible shape',
      status,
      durationMs: elapsed(),
    };
  }
  return { ok: true, value, status, durationMs: elapsed() };
}

/** The model ids at `/models`, sorted. */
export function listModels(policy: OutboundPolicy, target: ProviderTarget) {
  return callProvider(policy, target, { method: 'GET', path: 'models' }, (json) => {
    const data = (json as { data?: unknown } | null)?.data ?? json;
    if (!Array.isArray(data)) return null;
    const ids = data
      .map((item) => (typeof item === 'string' ? item : (item as { id?: unknown } | null)?.id))
      .filter((id): id is string => typeof id === 'string' && id.trim() !== '');
    return [...new Set(ids)].sort((a, b) => a.localeCompare(b));
  });
}

/** A one-token chat request; the value is the model's (short) answer. */
export function testChat(policy: OutboundPolicy, target: ProviderTarget, model: string) {
  return callProvider(
    policy,
    target,
    {
      method: 'POST',
      path: 'chat/completions',
      body: {
        model,
        messages: [{ role: 'user', content: 'Reply with OK.' }],
        max_tokens: 1,
        stream: false,
      },
    },
    (json) => {
      const choices = (json as { choices?: unknown } | null)?.choices;
      if (!Array.isArray(choices)) return null;
      const content = (choices[0] as { message?: { content?: unknown } } | undefined)?.message
        ?.content;
      return typeof content === 'string' ? content : '';
    },
  );
}
