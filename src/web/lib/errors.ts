/** What the UI needs to know about a failed call, from Better Auth or from /api/v1. */
export interface Failure {
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  code?: string | undefined;
  message?: string | undefined;
  /** Seconds to wait, from Retry-After / X-Retry-After on a 429. */
  retryAfter?: number | undefined;
}

/** A Failure that can be thrown (e.g. from a mutation function). */
export class FailureError extends Error implements Failure {
  readonly status: number;
  readonly code: string | undefined;
  readonly retryAfter: number | undefined;

  constructor(failure: Failure) {
    super(failure.message ?? '');
    this.name = 'FailureError';
    this.status = failure.status;
    this.code = failure.code;
    this.retryAfter = failure.retryAfter;
  }
}

/** Parses Retry-After (seconds or an HTTP date) or Better Auth's X-Retry-After (seconds). */
export function retryAfterFrom(headers: Headers): number | undefined {
  const raw = headers.get('Retry-After') ?? headers.get('X-Retry-After');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * Better Auth's client returns `{ status, code, message }` but not the response headers;
 * pass `capture.fetchOptions` with a call to learn the wait time of a 429.
 */
export function captureRetryAfter() {
  let retryAfter: number | undefined;
  return {
    fetchOptions: {
      onError(context: { response: Response }) {
        retryAfter = retryAfterFrom(context.response.headers);
      },
    },
    get retryAfter() {
      return retryAfter;
    },
  };
}

/** A Better Auth client error (`{ status, code?, message? }`) as a throwable Failure. */
export function authFailure(
  error: { status: number; code?: string | undefined; message?: string | undefined },
  retryAfter?: number,
): FailureError {
  return new FailureError({
    status: error.status,
    code: error.code,
    message: error.message,
    retryAfter,
  });
}

/** A thrown value (network failure, aborted request) as a Failure. */
export function thrownToFailure(error: unknown): Failure {
  if (error instanceof FailureError) return error;
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    const { status, code, message, retryAfter } = error as Failure;
    return { status, code, message, retryAfter };
  }
  return { status: 0 };
}
