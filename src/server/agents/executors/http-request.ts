/**
 * The http_request step: method, URL, headers and body rendered from templates, sent through the
 * outbound policy (purpose `http`: loopback, link-local and private ranges are refused unless
 * OUTBOUND_HTTP_NETWORKS or the allowed hosts say otherwise). Redirects are not followed. Output
 * `{ status, headers, body, truncated }`; the body is parsed when the content type is JSON.
 */
import type { NodeOfType } from '../../../shared/schemas/agent-graph.ts';
import { renderTemplate, templateContext } from '../../../shared/engine/templates.ts';
import type { Executor } from '../../../shared/engine/types.ts';
import { outboundFetch } from '../../net/outbound-http.ts';
import { EXECUTOR_LIMITS, readBody, requestFailure, type ServerExecutorEnv } from './context.ts';

export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`The URL is not valid: ${text.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('The URL must start with http:// or https://');
  }
  return url;
}

/** One request through the outbound policy; the answer read within `maxBytes`. */
export async function sendHttp(
  env: ServerExecutorEnv,
  request: {
    method: string;
    url: URL;
    headers: Record<string, string>;
    body?: string | undefined;
    timeoutMs: number;
    maxBytes: number;
  },
  signal: AbortSignal,
) {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  let response: Response;
  try {
    response = await outboundFetch(env.deps.config.outbound, 'http', request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason ?? error;
    throw requestFailure(error, request.url, request.timeoutMs);
  }
  const { text, truncated } = await readBody(response, request.maxBytes);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  let body: unknown = text;
  if (!truncated && /[/+]json\b/i.test(response.headers.get('content-type') ?? '')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, headers, body, truncated };
}

export function httpRequestExecutor(env: ServerExecutorEnv): Executor<NodeOfType<'http_request'>> {
  return async (node, ctx, io) => {
    const context = templateContext(ctx);
    const url = parseHttpUrl(await renderTemplate(node.data.url, context));
    const headers: Record<string, string> = {};
    for (const row of node.data.headers) {
      const name = (await renderTemplate(row.name, context)).trim();
      if (!name) continue;
      headers[name] = await renderTemplate(row.value, context);
    }
    const hasBody = node.data.method !== 'GET' && node.data.body !== '';
    const body = hasBody ? await renderTemplate(node.data.body, context) : undefined;
    if (hasBody && !Object.keys(headers).some((n) => n.toLowerCase() === 'content-type')) {
      const trimmed = body?.trim() ?? '';
      headers['content-type'] = /^[[{]/.test(trimmed) ? 'application/json' : 'text/plain';
    }
    const output = await sendHttp(
      env,
      {
        method: node.data.method,
        url,
        headers,
        body,
        timeoutMs: Math.min(node.data.timeoutMs ?? EXECUTOR_LIMITS.httpTimeoutMs, 600_000),
        maxBytes: node.data.responseMaxBytes ?? EXECUTOR_LIMITS.httpResponseMaxBytes,
      },
      io.signal,
    );
    return { output };
  };
}
