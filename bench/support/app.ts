// The real app for the browser and chat benchmarks: bench/chat/app-server.ts (the product's
// services on in-memory PGlite, or DATABASE_URL's PostgreSQL, and its HTTP server, which also
// serves the built SPA from dist/web) spawned in a process of its own on a free port with a
// fresh data directory, and a user signed up, verified and signed in over HTTP with an
// organisation of their own.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForVerificationLink } from '../../e2e/support/mail.ts';
import { SERVER_ENV_DEFAULTS } from '../../src/server/server-env.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function expectOk(response: Response, what: string): Promise<void> {
  if (response.status >= 200 && response.status < 400) return;
  const body = await response.text().catch(() => '');
  throw new Error(`${what} answered ${response.status}: ${body.slice(0, 500)}`);
}

export interface BenchApp {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  /** Stops the app (SIGTERM, waits for it) and removes its data directory. */
  stop: () => Promise<void>;
}

/**
 * Spawns the app; resolves once it listens. `env` adds to the product's environment (its
 * defaults, this process's, then a fresh DATA_DIR, the port, APP_URL and LOG_LEVEL warn);
 * `onMessage` receives what the app sends its parent besides `{ ready: true }`.
 */
export async function startBenchApp(options: {
  name: string;
  env?: Record<string, string>;
  onMessage?: (message: Record<string, unknown>) => void;
}): Promise<BenchApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `meridian-bench-${options.name}-`));
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'chat', 'app-server.ts')], {
    cwd: ROOT,
    env: {
      NODE_ENV: 'production',
      ...SERVER_ENV_DEFAULTS,
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before listening`)));
    child.on('message', (message: Record<string, unknown>) => {
      if (message.ready) resolve();
      else options.onMessage?.(message);
    });
  });
  const stop = async () => {
    await new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    await rm(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, dataDir, process: child, stop };
}

export interface BenchUser {
  /** The session's cookies (for a browser context). */
  cookies: { name: string; value: string }[];
  /** JSON, Origin, Cookie and X-Organization-Id headers for the API. */
  headers: Record<string, string>;
}

/** Signs a new user up (the verification link from the app's mail directory) and in. */
export async function signedInUser(app: Pick<BenchApp, 'baseUrl' | 'dataDir'>, label: string) {
  const { baseUrl } = app;
  const email = `bench.${label}.${Date.now()}@meridian.test`;
  const password = 'Bench-Passw0rd-2024!';
  const json = { 'content-type': 'application/json', origin: baseUrl };
  const since = Date.now() - 1_000;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Bench User', email, password }),
  });
  await expectOk(signUp, 'sign-up');
  const mailDir = path.join(app.dataDir, 'mail');
  const link = await waitForVerificationLink(email, { mailDir, since, timeoutMs: 10_000 });
  await expectOk(await fetch(link, { redirect: 'manual' }), 'e-mail verification');
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  await expectOk(signIn, 'sign-in');
  const cookies = signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!.trim())
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .map((pair) => ({
      name: pair.slice(0, pair.indexOf('=')),
      value: pair.slice(pair.indexOf('=') + 1),
    }));
  if (cookies.length === 0) throw new Error('sign-in set no session cookie');
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const setup = await fetch(`${baseUrl}/api/functions/complete-user-setup`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: '{}',
  });
  await expectOk(setup, 'complete-user-setup');
  const organizationId = ((await setup.json()) as { organization?: { id?: string } }).organization
    ?.id;
  if (!organizationId) throw new Error('complete-user-setup returned no organisation');
  const user: BenchUser = {
    cookies,
    headers: { ...json, cookie, 'x-organization-id': organizationId },
  };
  return user;
}

/** A JSON call of /api/v1 as the user; throws unless it succeeded. */
export function benchApi(app: Pick<BenchApp, 'baseUrl'>, user: BenchUser) {
  return async <T>(method: string, url: string, body: unknown, extra = {}): Promise<T> => {
    const res = await fetch(`${app.baseUrl}/api/v1${url}`, {
      method,
      headers: { ...user.headers, ...extra },
      body: JSON.stringify(body),
    });
    await expectOk(res, `${method} ${url}`);
    return (await res.json()) as T;
  };
}
