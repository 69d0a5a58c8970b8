import { isApiError, type ApiErrorBody, type ErrorFields } from '../../shared/schemas/error';
import { retryAfterFrom } from './errors';
import { readStorage, STORAGE_KEYS } from './storage';

/**
 * A failed /api/v1 call, carrying the API error shape `{ error: { code, message, fields? } }`.
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
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export const API_BASE = '/api/v1';

function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * Calls `/api/v1{path}` with the session cookie, JSON in and out, and the selected
 * organisation in `X-Organization-Id`. Resolves with the parsed body (undefined for 204);
 * rejects with an ApiError.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const orgId = readStorage(STORAGE_KEYS.selectedOrgId);
  if (orgId) headers['X-Organization-Id'] = orgId;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: 'Network error' }, undefined, {
      cause,
    });
  }

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown = undefined;
  let malformed = false;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      malformed = true;
    }
  }

  if (!response.ok) {
    const error = isApiError(parsed)
      ? parsed.error
      : {
          code: `HTTP_${response.status}`,
          message: response.statusText || `HTTP ${response.status}`,
        };
    throw new ApiError(response.status, error, retryAfterFrom(response.headers));
  }
  if (malformed) {
    throw new ApiError(response.status, {
      code: 'INVALID_RESPONSE',
      message: 'The server sent a response that is not JSON',
    });
  }
  return parsed as T;
}
