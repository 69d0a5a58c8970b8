import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { createApp } from '../app.ts';

let server: TestServer;
let webRoot: string;
let listener: ServerType;
let port: number;

const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const PAGE = `<!doctype html><title>Meridian</title><body>${'<p>Meridian</p>'.repeat(100)}</body>`;
const STYLE = 'body{margin:0}';

/** A file with the .br and .gz copies the build writes (scripts/vite-precompress.ts). */
async function writeWithCopies(file: string, content: string) {
  await writeFile(file, content);
  await writeFile(`${file}.br`, zlib.brotliCompressSync(content));
  await writeFile(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request through node:http, which leaves the body as the server sent it (no decoding). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.get(`http://127.0.0.1:${port}${url}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

beforeAll(async () => {
  server = await startTestServer();
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'meridian-spa-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeWithCopies(path.join(webRoot, 'index.html'), PAGE);
  await writeWithCopies(path.join(webRoot, 'assets', 'main-abc123.js'), SCRIPT);
  await writeFile(path.join(webRoot, 'assets', 'small-def456.css'), STYLE);
  await mkdir(path.join(webRoot, '.vite'));
  await writeFile(path.join(webRoot, '.vite', 'manifest.json'), '{"main.tsx":{}}');
  const app = createApp(server.deps, { webRoot });
  await new Promise<void>((resolve) => {
    listener = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise((resolve) => listener?.close(resolve));
  await server?.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('static files', () => {
  it('sends the brotli copy to a client that takes brotli, cached for a year', async () => {
    const res = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that takes only gzip', async () => {
    const res = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(zlib.gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client without Accept-Encoding (or refusing brotli)', async () => {
    const plain = await get('/assets/main-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
    expect(plain.body.toString()).toBe(SCRIPT);
    const noBrotli = await get('/assets/main-abc123.js', { 'accept-encoding': 'br;q=0' });
    expect(noBrotli.headers['content-encoding']).toBeUndefined();
    expect(noBrotli.body.toString()).toBe(SCRIPT);
  });

  it('sends a file without copies as it is', async () => {
    const res = await get('/assets/small-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.body.toString()).toBe(STYLE);
  });

  it('answers 404 for a missing hashed file, and never serves a file outside the web root', async () => {
    expect((await get('/assets/gone-000000.js')).status).toBe(404);
    const escaped = await get('/assets/..%2f..%2f..%2fetc%2fpasswd');
    expect(escaped.body.toString()).not.toContain('root:');
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.body.toString()).toBe(PAGE);
  });
});

describe('index.html', () => {
  it('answers client routes with index.html that revalidates, compressed by Accept-Encoding', async () => {
    const res = await get('/projects/123?tab=x', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(PAGE);
    const plain = await get('/');
    expect(plain.body.toString()).toBe(PAGE);
  });

  it('answers 304 to a revalidation by ETag or by date', async () => {
    const first = await get('/', { 'accept-encoding': 'gzip' });
    const etag = first.headers['etag']!;
    const lastModified = first.headers['last-modified']!;
    expect(etag).toBeTruthy();
    expect(lastModified).toBeTruthy();
    const byTag = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(byTag.status).toBe(304);
    expect(byTag.body.length).toBe(0);
    expect(byTag.headers['etag']).toBe(etag);
    const byDate = await get('/login', { 'if-modified-since': lastModified });
    expect(byDate.status).toBe(304);
    // Another coding is another representation: its tag does not match.
    const otherCoding = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(otherCoding.status).toBe(200);
  });
});

describe('API responses', () => {
  it('compresses a large JSON response for a client that takes it, and not for one that does not', async () => {
    const br = await get('/api/v1/openapi.json', { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const document = JSON.parse(zlib.brotliDecompressSync(br.body).toString());
    expect(document.openapi).toBe('3.1.0');

    const gzip = await get('/api/v1/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(document);

    const plain = await get('/api/v1/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(document);
  });

  it('leaves a small JSON response as it is, with its request id', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok' });
  });
});
