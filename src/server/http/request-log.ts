import type { MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.ts';

/** Probes polled by load balancers and orchestrators every few seconds: logged at debug only. */
const PROBES = new Set(['/api/health', '/api/ready']);
/** A webhook's path holds its secret token (/api/hooks/{agentId}/{token}): logged without it. */
const HOOK_TOKEN = /^(\/api\/hooks\/[^/]*\/)[^/]+/;
const loggedPath = (path: string) => path.replace(HOOK_TOKEN, '$1***');

/** One structured line per request: method, path (never the query, which may hold tokens), status, time. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.header('X-Request-Id', requestId);
    await next();
    const status = c.res.status;
    const level = status >= 500 ? 'error' : PROBES.has(c.req.path) ? 'debug' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const line = {
      requestId,
      method: c.req.method,
      path: loggedPath(c.req.path),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    logger[level](line, 'request');
  };
}
