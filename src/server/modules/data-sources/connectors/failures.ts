/**
 * Classifies why a connection failed (name not found, refused, authentication, TLS, time-out…)
 * and words it for the person who typed the settings.
 */
import type { ConnectionFailureCause } from '../../../../shared/schemas/data-sources.ts';
import { ConnectorError } from './types.ts';

/** Where we tried to connect, for the messages. */
export interface Target {
  host: string;
  port?: number | null;
  database?: string | null;
  user?: string | null;
}

const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|EPROTO$|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_(VERIFY|GET)_|HANDSHAKE_NO_SSL_SUPPORT$|HOSTNAME_MISMATCH$)/;

/** The error and its causes (fetch wraps the socket error in `cause`; AggregateError holds several). */
function* chain(error: unknown): Generator<Record<string, unknown>> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    yield e as Record<string, unknown>;
    const record = e as { cause?: unknown; errors?: unknown };
    queue.push(record.cause);
    if (Array.isArray(record.errors)) queue.push(...record.errors);
  }
}

/** The cause of a network-level failure, or null when the error is not one. */
export function networkCause(error: unknown): ConnectionFailureCause | null {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    const name = typeof e.name === 'string' ? e.name : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (code === 'ADDRESS_NOT_ALLOWED') return 'ADDRESS_NOT_ALLOWED';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
      return 'NAME_NOT_FOUND';
    }
    if (code === 'ECONNREFUSED') return 'CONNECTION_REFUSED';
    if (
      code === 'ETIMEDOUT' ||
      code === 'UND_ERR_CONNECT_TIMEOUT' ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT' ||
      code === 'PROTOCOL_SEQUENCE_TIMEOUT' ||
      name === 'TimeoutError' ||
      /timeout/i.test(message)
    ) {
      return 'TIMEOUT';
    }
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EHOSTDOWN') {
      return 'UNREACHABLE';
    }
    if (
      TLS_CODE.test(code) ||
      /does not support SSL|SSL connection|certificate|ssl3_|tls/i.test(message)
    ) {
      return 'TLS';
    }
  }
  return null;
}

/** The innermost readable message of an error chain (for UNKNOWN and TLS details). */
export function detailOf(error: unknown): string {
  let detail = '';
  for (const e of chain(error)) {
    if (typeof e.message === 'string' && e.message && e.message !== 'fetch failed') {
      detail = e.message;
    }
  }
  return detail.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error';
}

const where = (target: Target) => (target.port ? `${target.host}:${target.port}` : target.host);

/** The message shown for a cause. */
export function failureMessage(
  cause: ConnectionFailureCause,
  target: Target,
  options: { timeoutMs?: number; detail?: string; httpStatus?: string } = {},
): string {
  switch (cause) {
    case 'NAME_NOT_FOUND':
      return `Host name not found: "${target.host}" does not resolve. Check the host for typos.`;
    case 'CONNECTION_REFUSED':
      return `Connection refused by ${where(target)}. Check the port, and that the server runs and accepts connections from this machine.`;
    case 'AUTHENTICATION_FAILED':
      return options.httpStatus
        ? `Authentication failed: the API answered ${options.httpStatus}. Check the token or header value.`
        : `Authentication failed for user "${target.user ?? ''}". Check the user name and password.`;
    case 'TLS':
      return `The TLS (SSL) connection to ${where(target)} failed: ${options.detail ?? 'handshake error'}. Check the TLS setting.`;
    case 'TIMEOUT':
      return `No answer from ${where(target)} within ${Math.round((options.timeoutMs ?? 10_000) / 100) / 10} s (time-out). Check the host, port and firewall.`;
    case 'DATABASE_NOT_FOUND':
      return `The database "${target.database ?? ''}" does not exist on ${where(target)}.`;
    case 'UNREACHABLE':
      return `${where(target)} cannot be reached from this machine (no route to the host).`;
    case 'ADDRESS_NOT_ALLOWED':
      return options.detail ?? `Connections to "${target.host}" are not allowed.`;
    case 'HTTP_ERROR':
      return `The API answered ${options.httpStatus ?? 'with an error'}.`;
    case 'UNKNOWN':
      return `The connection to ${where(target)} failed: ${options.detail ?? 'unknown error'}.`;
  }
}

/** A ConnectorError of kind `connection` for the cause. */
export function connectionError(
  cause: ConnectionFailureCause,
  target: Target,
  options: { timeoutMs?: number; detail?: string; httpStatus?: string } = {},
): ConnectorError {
  return new ConnectorError('connection', failureMessage(cause, target, options), cause);
}

/**
 * Runs `work` and rejects with a TIMEOUT connection error when it takes longer than `ms`
 * (after calling `onTimeout`, which should close the socket so nothing keeps running).
 */
export async function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  onTimeout: () => void,
  timeoutError: () => Error,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(timeoutError());
    }, ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
    // The loser may still reject later (e.g. the socket we closed); nobody waits for it.
    work.catch(() => undefined);
  }
}
