import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signedInUser, startTestServer, type TestServer } from './test/harness.ts';
import { createApp } from './app.ts';

let server: TestServer;
let webRoot: string;
let spa: ReturnType<typeof createApp>;

beforeAll(async () => {
  server = await startTestServer();
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'meridian-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Meridian</title>');
  await writeFile(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
  spa = createApp(server.deps, { webRoot });
});
afterAll(async () => {
  await server?.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('health and readiness', () => {
  it('answers /api/health and /api/ready', async () => {
    const health = await server.app.request('/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await server.app.request('/api/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, no framing, nosniff and a referrer policy', async () => {
    const res = await server.app.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('unknown API routes', () => {
  it('answer 404 in the error shape, never the SPA', async () => {
    const res = await spa.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such API route' },
    });
    const { client } = await signedInUser(server);
    const v1 = await client.get('/api/v1/nothing-here');
    expect(v1.status).toBe(404);
    expect(v1.json.error.code).toBe('NOT_FOUND');
  });
});

describe('the web app', () => {
  it('serves index.html for client routes and caches hashed assets for a year', async () => {
    const page = await spa.request('/projects/123?tab=x');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Meridian</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await spa.request('/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });
});

describe('OpenAPI', () => {
  it('describes the v1 routes', async () => {
    const res = await server.app.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/me', '/help-requests']));
  });
});

describe('runtime configuration', () => {
  it('tells the browser which sign-in providers exist and the tag manager id, publicly', async () => {
    const res = await server.app.request('/api/config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ gtmId: null, auth: { google: false, oidc: null } });
  });

  it('allows Google Tag Manager in the CSP only when GTM_ID is set', async () => {
    const before = (await server.app.request('/api/health')).headers.get('content-security-policy');
    expect(before).not.toContain('googletagmanager');
    const withGtm = createApp({
      ...server.deps,
      config: { ...server.deps.config, gtmId: 'GTM-AB12' },
    });
    const res = await withGtm.request('/api/config');
    expect((await res.json()).gtmId).toBe('GTM-AB12');
    expect(res.headers.get('content-security-policy')).toContain(
      "script-src 'self' https://www.googletagmanager.com",
    );
  });
});
