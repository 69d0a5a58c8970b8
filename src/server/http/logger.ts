import pino from 'pino';

export type Logger = pino.Logger;

/** Structured logs; secrets are redacted wherever they might appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'password',
        'newPassword',
        'currentPassword',
        'token',
        'secret',
        'headers.cookie',
        'headers.authorization',
        '*.password',
        '*.token',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  });
}
