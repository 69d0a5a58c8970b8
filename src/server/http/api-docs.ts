/**
 * /api/docs: the interactive API reference (Swagger UI) on /api/v1/openapi.json, served from the
 * installed `swagger-ui-dist` package: nothing is fetched from elsewhere, and the page's own
 * script is a file, as the CSP (security.ts: scripts from 'self' only) wants.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';

const require = createRequire(import.meta.url);
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Meridian API reference</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
`;

let directory: string | undefined;
const cache = new Map<string, Promise<Buffer>>();

function asset(name: string): Promise<Buffer> {
  directory ??= path.dirname(require.resolve('swagger-ui-dist/package.json'));
  let file = cache.get(name);
  if (!file) {
    file = readFile(path.join(directory, name));
    file.catch(() => cache.delete(name));
    cache.set(name, file);
  }
  return file;
}

const CACHE = 'public, max-age=3600';

export function apiDocsRoutes() {
  return new Hono()
    .get('/', (c) => c.html(PAGE))
    .get('/init.js', (c) =>
      c.body(INIT, 200, {
        'content-type': ASSETS['swagger-ui-bundle.js']!,
        'cache-control': CACHE,
      }),
    )
    .get('/:file', async (c) => {
      const name = c.req.param('file');
      const type = ASSETS[name];
      if (!type) return c.notFound();
      const body = await asset(name);
      return c.body(new Uint8Array(body), 200, { 'content-type': type, 'cache-control': CACHE });
    });
}
