import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// The real process, as `npm start` runs it: configuration, first start, restart, shutdown.
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

type Run = { output: () => string; exited: Promise<number | null>; stop: () => void };

function startProcess(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => output, exited, stop: () => child.kill('SIGTERM') };
}

async function waitFor(run: Run, text: RegExp, ms = 60_000): Promise<RegExpMatchArray> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const match = run.output().match(text);
    if (match) return match;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${text}; output:\n${run.output()}`);
}

function signIn(port: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email: 'admin@meridian.local', password }),
  });
}

async function dataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-main-'));
  dirs.push(dir);
  return dir;
}

describe('the server process', () => {
  it('refuses a bad configuration value, naming the variable, with exit code 1', async () => {
    const run = startProcess({ DATA_DIR: await dataDir(), PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT');
  });

  it('prints the URL and first sign-in, keeps data across a restart and stops cleanly on SIGTERM', async () => {
    const dir = await dataDir();
    const first = startProcess({ DATA_DIR: dir, PORT: '0', APP_URL: 'http://localhost:3000' });
    const [, port] = await waitFor(first, /port (\d+)/);
    expect(first.output()).toContain('First start');
    // The server runs on the project's own Node 24 (the `node` package), whatever the system's is.
    expect(first.output()).toMatch(/Node 24\.\d+\.\d+\)/);
    const password = (await waitFor(first, /Password: (\S+)/))[1]!;
    expect(first.output()).toContain('admin@meridian.local');

    const health = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(health.status).toBe(200);
    const signedIn = await signIn(port!, password);
    expect(signedIn.status).toBe(200);

    first.stop();
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('database closed');

    const second = startProcess({ DATA_DIR: dir, PORT: '0', APP_URL: 'http://localhost:3000' });
    const [, port2] = await waitFor(second, /port (\d+)/);
    expect(second.output()).not.toContain('First start');
    const again = await signIn(port2!, password);
    expect(again.status).toBe(200);
    second.stop();
    expect(await second.exited).toBe(0);
  }, 120_000);
});
