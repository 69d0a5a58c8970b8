import type { Hono } from 'hono';
import { createReadStream, existsSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** The variants the build writes next to a file (scripts/vite-precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The codings the client accepts (q > 0) from an Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  return accepted;
}

async function fileStats(file: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Answers with `file`: its brotli or gzip variant when one was built and the client takes it,
 * with an ETag and Last-Modified it can revalidate with (304).
 */
type FileRequest = { method: string; header(name: string): string | undefined };

async function sendFile(req: FileRequest, file: string, stats: Stats, cacheControl: string) {
  const headers = new Headers({
    'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    'Last-Modified': stats.mtime.toUTCString(),
  });
  let body = file;
  let size = stats.size;
  let tag = `${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}`;
  const accepted = acceptedEncodings(req.header('accept-encoding'));
  let varies = false;
  for (const { name, suffix } of ENCODINGS) {
    const variant = await fileStats(file + suffix);
    if (!variant) continue;
    varies = true;
    if (!accepted.has(name) || body !== file) continue;
    body = file + suffix;
    size = variant.size;
    tag += `-${name}`;
    headers.set('Content-Encoding', name);
  }
  if (varies) headers.set('Vary', 'Accept-Encoding');
  const etag = `"${tag}"`;
  headers.set('ETag', etag);

  const ifNoneMatch = req.header('if-none-match');
  const ifModifiedSince = req.header('if-modified-since');
  const notModified = ifNoneMatch
    ? ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
    : ifModifiedSince !== undefined &&
      Math.floor(stats.mtimeMs / 1000) <= Math.floor(Date.parse(ifModifiedSince) / 1000);
  if (notModified) {
    headers.delete('Content-Type');
    headers.delete('Content-Encoding');
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(size));
  if (req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const stream = Readable.toWeb(createReadStream(body)) as ReadableStream<Uint8Array>;
  return new Response(stream, { status: 200, headers });
}

/** The file under `webRoot` a request path names, or undefined when it would leave webRoot. */
function resolveInside(webRoot: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  // Dot files (the build's .vite manifest and stamp) are the server's, not the browser's.
  if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.'))) {
    return undefined;
  }
  const file = path.join(webRoot, path.normalize(decoded));
  return file.startsWith(webRoot + path.sep) ? file : undefined;
}

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, everything else
 * revalidates (ETag / Last-Modified), each as its precompressed brotli or gzip variant when the
 * client accepts one, and any other GET outside /api answers index.html (history fallback).
 */
export function mountSpa(app: Hono<never>, webRoot: string) {
  const root = path.resolve(webRoot);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(root)) {
    app.get('*', (c) =>
      c.text('The web app is not built. Run `npm run build` (or `npm start`).', 503),
    );
    return;
  }
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const hashed = c.req.path.startsWith('/assets/');
    const file = resolveInside(root, c.req.path);
    const stats = file && path.basename(file) !== 'index.html' ? await fileStats(file) : undefined;
    if (file && stats) return sendFile(c.req, file, stats, hashed ? IMMUTABLE : 'no-cache');
    // A missing hashed file is an old or mistyped URL, not a page of the app.
    if (hashed) return c.text('Not found', 404);
    const index = await fileStats(indexFile);
    if (!index) return c.text('The web app is not built. Run `npm run build`.', 503);
    return sendFile(c.req, indexFile, index, 'no-cache');
  });
}
