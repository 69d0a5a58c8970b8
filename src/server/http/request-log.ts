import type { MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.ts';

/** One structured line per request: method, path (never the query, which may hold tokens), status, time. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.header('X-Request-Id', requestId);
    await next();
    const status = c.res.status;
    const line = {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) logger.error(line, 'request');
    else logger.info(line, 'request');
  };
}
