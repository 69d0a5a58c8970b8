import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { expect } from 'vitest';
import { loadConfig } from '../config.ts';
import { startServices } from '../bootstrap.ts';
import { createApp } from '../app.ts';
import { createLogger, type Logger } from '../http/logger.ts';
import { findMailLink, readOutbox } from '../mail/outbox.ts';

/** A fresh PostgreSQL database next to TEST_DATABASE_URL's, dropped again by `drop()`. */
async function createScratchDatabase(baseUrl: string) {
  const name = `meridian_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Where a test reads the server's log: the app's own logger (its redaction), other lines out. */
export type TestLog = { level: string; write: (line: string) => void };

/**
 * Sends a logger's lines (createLogger's: its redaction) to `log.write` from now on, at
 * `log.level`. The logger must have no children yet (the app makes none).
 */
export function logTo(logger: Logger, log: TestLog) {
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = log;
  logger.level = log.level;
  return logger;
}

/**
 * The real app on a real database: in-memory PGlite, or a scratch PostgreSQL database when
 * TEST_DATABASE_URL is set. Requests go through app.request; mail lands in a temp outbox.
 * The log is silent unless `options.log` asks for its lines.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { log?: TestLog } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-test-'));
  const scratch = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  });
  const services = await startServices(config, {
    inMemory: !scratch,
    trustProxy: true,
    logger: options.log ? logTo(createLogger('silent'), options.log) : createLogger('silent'),
  });
  const app = createApp(services.deps, { webRoot: path.join(dataDir, 'no-web') });
  let ipCounter = 0;

  return {
    app,
    deps: services.deps,
    db: services.deps.db,
    /** A new client address, so rate limits of one test do not leak into another. */
    newIp: () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
    client: (ip?: string) =>
      new TestClient(app, ip ?? `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`),
    mailLink: async (to: string, contains: string) => {
      const link = await findMailLink(path.join(dataDir, 'mail'), to, contains);
      expect(link, `a mail to ${to} with a link containing ${contains}`).toBeTruthy();
      return link as string;
    },
    /** The mails sent, newest first. */
    outbox: () => readOutbox(path.join(dataDir, 'mail')),
    async close() {
      await services.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type App = ReturnType<typeof createApp>;

/**
 * A browser-like client: keeps cookies, sends JSON (or a FormData body as multipart), sends
 * the app's Origin as a browser does, comes from one IP address.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  orgId: string | undefined;

  private app: App;
  readonly ip: string;

  constructor(app: App, ip: string) {
    this.app = app;
    this.ip = ip;
  }

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = {
      method,
      headers: {
        'x-forwarded-for': this.ip,
        origin: 'http://localhost:3000',
        ...(body !== undefined && !(body instanceof FormData)
          ? { 'content-type': 'application/json' }
          : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...(this.orgId ? { 'x-organization-id': this.orgId } : {}),
        ...headers,
      },
      body:
        body === undefined || typeof body === 'string' || body instanceof FormData
          ? body
          : JSON.stringify(body),
    };
    const res = await this.app.request(url, init);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    // Tests read arbitrary JSON shapes; `any` keeps the assertions short.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  get = (url: string, headers?: Record<string, string>) =>
    this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, body ?? {}, headers);
}

/** Registers, verifies through the mailed link and signs in; returns the signed-in client. */
export async function signedInUser(
  server: TestServer,
  options: { email?: string; password?: string; name?: string } = {},
) {
  const email = options.email ?? `user-${randomBytes(4).toString('hex')}@example.test`;
  const password = options.password ?? 'correct horse battery staple';
  const name = options.name ?? 'Test User';
  const client = server.client();
  const signUp = await client.post('/api/auth/sign-up/email', { email, password, name });
  expect(signUp.status).toBe(200);
  const link = await server.mailLink(email, '/api/auth/verify-email');
  const verify = await client.get(new URL(link).pathname + new URL(link).search);
  expect(verify.status).toBe(302);
  const signIn = await client.post('/api/auth/sign-in/email', { email, password });
  expect(signIn.status).toBe(200);
  return { client, email, password, name, userId: signIn.json.user.id as string };
}
