import { isApiError, type ApiErrorBody, type ErrorFields } from '../../shared/schemas/error';
import { retryAfterFrom } from './errors';
import { readStorage, STORAGE_KEYS } from './storage';

/**
 * A failed API call, carrying the API error shape `{ error: { code, message, fields? } }`.
 * `status` is 0 when the server could not be reached.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ErrorFields | undefined;
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    body: ApiErrorBody,
    retryAfter?: number,
    options?: { cause?: unknown },
  ) {
    super(body.message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields;
    this.retryAfter = retryAfter;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except a FormData (multipart upload), which is sent as it is. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Where `path` starts: `API_BASE` (default) or `FUNCTIONS_BASE` (the server functions), or an
   * absolute address (tests). The selected organisation is only sent to `/api/v1`.
   */
  base?: string;
  /** The share of an upload sent so far (0 to 1); the request then goes through XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
}

/** A download: what to call the file when the server does not name it (Content-Disposition). */
export interface ApiDownloadOptions extends ApiOptions {
  download: string;
}

/** A downloaded file. */
export interface ApiFile {
  blob: Blob;
  /** The name the server gave (Content-Disposition), else the caller's fallback. */
  filename: string;
  /** The server cut the export at its row limit (`X-Export-Truncated: true`). */
  truncated: boolean;
}

export const API_BASE = '/api/v1';
export const FUNCTIONS_BASE = '/api/functions';

/** The file name of a Content-Disposition header (`attachment; filename="users-2025-01-31.csv"`). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(header);
  return plain?.[1] ?? plain?.[2] ?? fallback;
}

function buildUrl(base: string, path: string, query?: Query): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function networkError(cause: unknown): ApiError {
  return new ApiError(0, { code: 'NETWORK_ERROR', message: 'Network error' }, undefined, {
    cause,
  });
}

/** The ApiError of a refused request, from its body (the API error shape when it is one). */
function refusal(status: number, statusText: string, text: string, headers: Headers): ApiError {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const error = isApiError(parsed)
    ? parsed.error
    : { code: `HTTP_${status}`, message: statusText || `HTTP ${status}` };
  return new ApiError(status, error, retryAfterFrom(headers));
}

/** The body of a successful JSON answer (undefined when empty). */
function parseJson<T>(status: number, text: string): T {
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(status, {
      code: 'INVALID_RESPONSE',
      message: 'The server sent a response that is not JSON',
    });
  }
}

interface Prepared {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
}

function prepare(path: string, options: ApiOptions, accept: string): Prepared {
  const base = options.base ?? API_BASE;
  const headers: Record<string, string> = { Accept: accept };
  const orgId = base === API_BASE ? readStorage(STORAGE_KEYS.selectedOrgId) : null;
  if (orgId) headers['X-Organization-Id'] = orgId;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // The browser writes the multipart Content-Type with its boundary.
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  Object.assign(headers, options.headers);
  return {
    url: buildUrl(base, path, options.query),
    method: options.method ?? 'GET',
    headers,
    body,
  };
}

async function send(request: Prepared, signal: AbortSignal | undefined): Promise<Response> {
  try {
    return await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      credentials: 'include',
      signal: signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError(cause);
  }
}

/** An upload that reports its progress: fetch cannot tell it, XMLHttpRequest can. */
function sendWithProgress<T>(request: Prepared, options: ApiOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onUploadProgress?.(event.loaded / event.total);
      }
    };
    xhr.onload = () => {
      const headers = new Headers();
      const retryAfter = xhr.getResponseHeader('Retry-After');
      if (retryAfter) headers.set('Retry-After', retryAfter);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(refusal(xhr.status, xhr.statusText, xhr.responseText, headers));
        return;
      }
      try {
        resolve(parseJson<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(networkError(undefined));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((request.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

/**
 * The one client of the API. Calls `{base}{path}` (base `/api/v1` unless told) with the session
 * cookie and, for /api/v1, the selected organisation in `X-Organization-Id`.
 * - JSON: resolves with the parsed body (undefined for 204 or an empty body).
 * - Upload: a FormData `body` is sent as multipart; `onUploadProgress` follows it.
 * - Download (`download: fallbackName`): resolves with the file as a Blob, its name and the
 *   export's truncation flag (see saveFile in ./download to hand it to the browser).
 * Rejects with an ApiError (status 0 when the server could not be reached), or an AbortError.
 */
export function api<T>(path: string, options?: ApiOptions & { download?: undefined }): Promise<T>;
export function api(path: string, options: ApiDownloadOptions): Promise<ApiFile>;
export async function api<T>(
  path: string,
  options: ApiOptions & { download?: string | undefined } = {},
): Promise<T | ApiFile> {
  const download = options.download;
  const request = prepare(path, options, download === undefined ? 'application/json' : '*/*');
  if (options.onUploadProgress && download === undefined) {
    return sendWithProgress<T>(request, options);
  }
  const response = await send(request, options.signal);
  if (download === undefined) return readApiAnswer<T>(response);
  if (!response.ok) {
    throw refusal(response.status, response.statusText, await response.text(), response.headers);
  }
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('content-disposition'), download),
    truncated: response.headers.get('x-export-truncated') === 'true',
  };
}

/**
 * A JSON answer as `api` gives it: its parsed body (undefined for 204 or an empty body), or its
 * refusal as an ApiError. Also for an answer to a request sent otherwise (one
 * public/initial-loader.js sent at start-up, lib/early-requests).
 */
export async function readApiAnswer<T>(response: Response): Promise<T> {
  if (!response.ok) {
    throw refusal(response.status, response.statusText, await response.text(), response.headers);
  }
  if (response.status === 204) return undefined as T;
  return parseJson<T>(response.status, await response.text());
}
