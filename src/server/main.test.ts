import { describe, expect, it } from 'vitest';
import { dataDirs, startScript, waitForOutput as waitFor } from './test/process.ts';

// The real process, as `npm start` runs it: configuration, first start, restart, shutdown.
const startProcess = (env: Record<string, string>) => startScript('src/server/main.ts', env);
const dataDir = dataDirs('meridian-main-');

function signIn(port: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email: 'admin@meridian.local', password }),
  });
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

    first.signal('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('database closed');

    const second = startProcess({ DATA_DIR: dir, PORT: '0', APP_URL: 'http://localhost:3000' });
    const [, port2] = await waitFor(second, /port (\d+)/);
    expect(second.output()).not.toContain('First start');
    const again = await signIn(port2!, password);
    expect(again.status).toBe(200);
    second.signal('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
