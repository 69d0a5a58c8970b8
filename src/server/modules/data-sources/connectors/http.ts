/**
 * HTTP API connector (fetch). The console only sends GET requests, to paths under the base
 * address; redirects are not followed (a redirect is shown as the answer, so credentials never
 * travel to another host). Bodies are read up to 5 MB. A JSON answer becomes a grid: an array of
 * objects, the first array of objects found in an object (e.g. `{ "data": [...] }`), or the
 * object itself as one row; any other answer is shown as text. Every request goes through the
 * outbound policy (src/server/net/outbound.ts), which checks the address actually connected to.
 */
import { outboundFetch } from '../../../net/outbound-http.ts';
import type { OutboundPolicy } from '../../../net/outbound.ts';
import type {
  ConnectionTestResult,
  DataSourceSchemaResult,
  HttpConfig,
  QueryResult,
} from '../../../../shared/schemas/data-sources.ts';
import type { HttpQuery } from '../../../../shared/schemas/data-source-queries.ts';
import {
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
} from '../../../../shared/schemas/data-sources.ts';
import { connectionError, detailOf, networkCause, type Target } from './failures.ts';
import { elapsed, toCell } from './values.ts';
import {
  ConnectorError,
  failedTest,
  type Connector,
  type QueryOptions,
  type TimeoutOptions,
} from './types.ts';

export interface HttpSettings {
  config: HttpConfig;
  /** The bearer token or the authentication header's value. */
  secret: string | null;
  policy: OutboundPolicy;
}

const USER_AGENT = 'Meridian data source';

function targetOf(url: URL): Target {
  return { host: url.hostname, port: url.port ? Number(url.port) : null };
}

/** The address of `path` (+ query) under the base address; refuses anything that leaves it. */
export function resolveUrl(baseUrl: string, path: string, query: Record<string, string> = {}): URL {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const url = new URL(base.origin);
  url.pathname = `${basePath}${path.split('?')[0] ?? ''}` || '/';
  const inline = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
  const search = new URLSearchParams(base.search);
  for (const [key, value] of new URLSearchParams(inline)) search.append(key, value);
  for (const [key, value] of Object.entries(query)) search.append(key, value);
  url.search = search.toString();
  const stays =
    url.origin === base.origin &&
    (url.pathname === basePath ||
      url.pathname === `${basePath}/` ||
      url.pathname.startsWith(`${basePath}/`));
  if (!stays) throw new ConnectorError('query', DATA_SOURCE_MESSAGES.path);
  return url;
}

function headersFor(settings: HttpSettings): Headers {
  const headers = new Headers({ accept: 'application/json, text/plain;q=0.9, */*;q=0.8' });
  headers.set('user-agent', USER_AGENT);
  for (const { name, value } of settings.config.headers) headers.set(name, value);
  const { authType, authHeader } = settings.config;
  if (authType === 'bearer' && settings.secret) {
    headers.set('authorization', `Bearer ${settings.secret}`);
  } else if (authType === 'header' && authHeader && settings.secret) {
    headers.set(authHeader, settings.secret);
  }
  return headers;
}

/** The body as text, read up to `max` bytes. */
async function readBody(response: Response, max: number) {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > max) {
      chunks.push(value.subarray(0, max - size));
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated };
}

function failure(error: unknown, url: URL, timeoutMs: number): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const cause = networkCause(error) ?? 'UNKNOWN';
  return connectionError(cause, targetOf(url), { timeoutMs, detail: detailOf(error) });
}

const statusLine = (response: Response) =>
  `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows of a JSON answer (see the module comment). */
export function jsonRows(value: unknown): Record<string, unknown>[] | null {
  if (Array.isArray(value)) {
    return value.every(isRecord) ? value : value.map((item) => ({ value: item }));
  }
  if (isRecord(value)) {
    for (const field of Object.values(value)) {
      if (Array.isArray(field) && field.length > 0 && field.every(isRecord)) return field;
    }
    return [value];
  }
  return null;
}

function typeOf(values: unknown[]): string {
  const kinds = new Set(
    values
      .filter((value) => value !== null && value !== undefined)
      .map((value) =>
        Array.isArray(value) ? 'json' : typeof value === 'object' ? 'json' : typeof value,
      ),
  );
  if (kinds.size !== 1) return kinds.size === 0 ? 'text' : 'mixed';
  const [kind] = kinds;
  return kind === 'string' ? 'text' : (kind ?? 'text');
}

/** A grid from JSON rows: the union of their keys, in the order first seen. */
export function gridOf(records: Record<string, unknown>[], rowCap: number) {
  const shown = records.slice(0, rowCap);
  const names: string[] = [];
  const seen = new Set<string>();
  for (const record of shown) {
    for (const key of Object.keys(record)) {
      if (!seen.has(key)) {
        seen.add(key);
        names.push(key);
      }
    }
  }
  const rows = shown.map((record) => names.map((name) => toCell(record[name] ?? null)));
  return {
    columns: names.map((name, i) => ({ name, type: typeOf(rows.map((row) => row[i])) })),
    rows,
    truncated: records.length > rowCap,
  };
}

export function httpConnector(settings: HttpSettings): Connector<HttpQuery> {
  const { config } = settings;

  async function get(url: URL, timeoutMs: number): Promise<Response> {
    try {
      return await outboundFetch(settings.policy, 'http', url, {
        method: 'GET',
        headers: headersFor(settings),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw failure(error, url, timeoutMs);
    }
  }

  return {
    async testConnection(options: TimeoutOptions = {}): Promise<ConnectionTestResult> {
      const timeoutMs = options.connectTimeoutMs ?? DATA_SOURCE_LIMITS.testTimeoutMs;
      const started = performance.now();
      try {
        const url = resolveUrl(config.baseUrl, config.testPath);
        const response = await get(url, timeoutMs);
        await response.body?.cancel().catch(() => undefined);
        const status = statusLine(response);
        if (response.status === 401 || response.status === 403) {
          throw connectionError('AUTHENTICATION_FAILED', targetOf(url), { httpStatus: status });
        }
        if (response.status >= 500) {
          throw connectionError('HTTP_ERROR', targetOf(url), { httpStatus: status });
        }
        const server = response.headers.get('server');
        return {
          ok: true,
          cause: null,
          message: `Connected: the API answered ${status}.`,
          durationMs: elapsed(started),
          serverVersion: server ? server.slice(0, 200) : null,
        };
      } catch (error) {
        if (error instanceof ConnectorError && error.kind === 'connection') {
          return failedTest(error, started);
        }
        return failedTest(
          connectionError('UNKNOWN', { host: config.baseUrl }, { detail: detailOf(error) }),
          started,
        );
      }
    },

    // An HTTP API has no schema to browse; the console shows what it answers.
    listSchema: async (): Promise<DataSourceSchemaResult> => ({ tables: [], truncated: false }),

    async runQuery(query: HttpQuery, options: QueryOptions): Promise<QueryResult> {
      const timeoutMs = options.queryTimeoutMs ?? DATA_SOURCE_LIMITS.queryTimeoutMs;
      const started = performance.now();
      const url = resolveUrl(config.baseUrl, query.path, query.query);
      const response = await get(url, timeoutMs);
      let body: { text: string; truncated: boolean };
      try {
        body = await readBody(response, DATA_SOURCE_LIMITS.httpBodyMaxBytes);
      } catch (error) {
        throw failure(error, url, timeoutMs);
      }
      const contentType = response.headers.get('content-type');
      let grid: ReturnType<typeof gridOf> = { columns: [], rows: [], truncated: false };
      if (
        !body.truncated &&
        body.text &&
        (/json/i.test(contentType ?? '') || /^\s*[[{]/.test(body.text))
      ) {
        try {
          const records = jsonRows(JSON.parse(body.text));
          if (records) grid = gridOf(records, options.rowCap);
        } catch {
          // Not JSON after all: the text is shown as it is.
        }
      }
      const preview = body.text.slice(0, DATA_SOURCE_LIMITS.httpBodyPreviewChars);
      return {
        ...grid,
        rowCount: grid.rows.length,
        durationMs: elapsed(started),
        response: {
          status: response.status,
          statusText: response.statusText,
          contentType,
          body: preview,
          bodyTruncated: body.truncated || preview.length < body.text.length,
        },
      };
    },
  };
}
