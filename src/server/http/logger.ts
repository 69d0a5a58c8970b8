import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured logs; secrets are redacted wherever they might appear. Lines go to stdout without
 * blocking the event loop (one synchronous write per request line costs the server a large
 * share of a cheap request's time); pino writes what is left synchronously when the process
 * exits. `sync` keeps every line a synchronous write (the supervisor, which exits right after
 * its last line).
 */
export function createLogger(level: string, options: { sync?: boolean } = {}): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'password',
          'newPassword',
          'currentPassword',
          'token',
          'secret',
          'apiKey',
          'headers.cookie',
          'headers.authorization',
          '*.password',
          '*.token',
          '*.secret',
          '*.apiKey',
          '*.headers.authorization',
        ],
        censor: '[redacted]',
      },
    },
    pino.destination({ dest: 1, sync: options.sync ?? false }),
  );
}
