import type { TFunction } from 'i18next';
import { formatDuration } from './i18n';

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

const CODE_KEYS = {
  AUTHENTICATION_FAILED: 'auth.errors.authenticationFailed',
  INVALID_EMAIL_OR_PASSWORD: 'auth.errors.invalidCredentials',
  EMAIL_NOT_VERIFIED: 'auth.errors.emailNotVerified',
  USER_ALREADY_EXISTS: 'auth.errors.userExists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth.errors.userExists',
  PASSWORD_TOO_SHORT: 'auth.errors.passwordTooShort',
  PASSWORD_TOO_LONG: 'auth.errors.passwordTooLong',
  INVALID_EMAIL: 'auth.errors.invalidEmail',
  INVALID_CODE: 'auth.errors.invalidCode',
  INVALID_BACKUP_CODE: 'auth.errors.invalidBackupCode',
  INVALID_TWO_FACTOR_COOKIE: 'auth.errors.twoFactorExpired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'auth.errors.tooManyCodeAttempts',
  ACCOUNT_TEMPORARILY_LOCKED: 'auth.errors.accountLocked',
  TOTP_CODE_USED: 'auth.errors.codeAlreadyUsed',
} as const;

/** 429s that lock an account (too many wrong passwords or codes), not a rate limit. */
const LOCK_CODES = new Set(['ACCOUNT_LOCKED', 'ACCOUNT_TEMPORARILY_LOCKED']);

/** The text to show for a failure: our translation of a known code, else the server's message. */
export function describeFailure(t: TFunction, language: string, failure: Failure): string {
  if (failure.status === 429) {
    const wait =
      failure.retryAfter !== undefined && failure.retryAfter > 0
        ? formatDuration(failure.retryAfter, language)
        : undefined;
    if (failure.code && LOCK_CODES.has(failure.code)) {
      return wait
        ? t('auth.errors.accountLockedFor', { duration: wait })
        : t('auth.errors.accountLocked');
    }
    return wait
      ? t('auth.errors.tooManyRequests', { duration: wait })
      : t('auth.errors.tooManyRequestsNoWait');
  }
  if (failure.status === 0) return t('auth.errors.network');
  const key = failure.code ? CODE_KEYS[failure.code as keyof typeof CODE_KEYS] : undefined;
  if (key) return t(key);
  return failure.message?.trim() ? failure.message : t('auth.errors.unknown');
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
