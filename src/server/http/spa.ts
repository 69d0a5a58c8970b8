import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, everything
 * else revalidates, and any other GET outside /api answers index.html (history fallback).
 */
export function mountSpa(app: Hono<never>, webRoot: string) {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(webRoot)) {
    app.get('*', (c) =>
      c.text('The web app is not built. Run `npm run build` (or `npm start`).', 503),
    );
    return;
  }
  app.use('*', async (c, next) => {
    await next();
    if (c.res.ok && c.req.method === 'GET') {
      const hashed = c.req.path.startsWith('/assets/');
      c.res.headers.set(
        'Cache-Control',
        hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
  });
  app.use('*', serveStatic({ root: webRoot }));
  let indexHtml: string | undefined;
  app.get('*', (c) => {
    indexHtml ??= readFileSync(indexFile, 'utf8');
    return c.html(indexHtml);
  });
}
