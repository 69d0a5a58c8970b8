/** What the server executors share: the app's deps, the organisation and the run's caller. */
import type { AppDeps } from '../../deps.ts';
import type { OrgScope } from '../../http/records.ts';
import type { ProviderForRun } from '../../modules/model-providers/model-providers.service.ts';

export type { ProviderForRun };

export type ServerExecutorEnv = {
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'logger'>;
  scope: OrgScope;
  caller: { id: string | null; email: string | null };
  /** The model providers the graph names, read with the agent (by id). */
  providers?: ReadonlyMap<string, ProviderForRun>;
};

/** Limits of the server steps. */
export const EXECUTOR_LIMITS = {
  /** http_request: the answer read at most (bytes) unless the step says otherwise. */
  httpResponseMaxBytes: 1024 * 1024,
  /** http_request and http tools: a request's time-out unless the step's is shorter. */
  httpTimeoutMs: 30_000,
  /** Tool results handed back to the model: rows, and JSON text length. */
  toolRowCap: 200,
  toolResultMaxChars: 32_000,
} as const;

/** Reads a response body, at most `maxBytes` (then cancels); `truncated` when there was more. */
export async function readBody(
  response: Response,
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    size += value.byteLength;
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated };
}

/** A fetch failure as a sentence (the blocked address, the time-out, the network error). */
export function requestFailure(error: unknown, url: URL, timeoutMs: number): Error {
  let current: unknown = error;
  for (let i = 0; current && i < 5; i++) {
    const e = current as { code?: unknown; name?: unknown; message?: unknown };
    if (e.code === 'ADDRESS_NOT_ALLOWED') return new Error(String(e.message));
    if (e.name === 'TimeoutError')
      return new Error(`${url.host} did not answer within ${timeoutMs} ms`);
    current = (current as { cause?: unknown }).cause;
  }
  if ((error as { name?: unknown }).name === 'AbortError') return error as Error;
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return new Error(`Could not reach ${url.host}${typeof code === 'string' ? ` (${code})` : ''}`);
}
