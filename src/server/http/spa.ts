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
  app.use(
    '/assets/*',
    serveStatic({
      root: webRoot,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use(
    '*',
    serveStatic({
      root: webRoot,
      onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
    }),
  );
  let indexHtml: string | undefined;
  app.get('*', (c) => {
    indexHtml ??= readFileSync(indexFile, 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
