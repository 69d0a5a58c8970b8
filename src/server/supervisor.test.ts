import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// `npm start`'s supervisor, as a real process: restarts after a crash, gives up on a bad
// configuration, stops everything on SIGTERM.
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

type Run = {
  output: () => string;
  exited: Promise<number | null>;
  signal: (name: NodeJS.Signals) => void;
};

function startSupervisor(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['src/server/supervisor.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => output, exited, signal: (name) => child.kill(name) };
}

/** The `nth` match (from 1) of `pattern` (a global RegExp) in the output. */
async function waitFor(run: Run, pattern: RegExp, nth = 1, ms = 90_000): Promise<string[]> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const match = [...run.output().matchAll(pattern)][nth - 1];
    if (match) return [...match];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${pattern} (#${nth}); output:\n${run.output()}`);
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function dataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-supervisor-'));
  dirs.push(dir);
  return dir;
}

describe('the supervisor of npm start', () => {
  it('starts the server again after it is killed, and stops it with itself on SIGTERM', async () => {
    const run = startSupervisor({ DATA_DIR: await dataDir(), PORT: '0' });
    const [, firstPid] = await waitFor(run, /"serverPid":(\d+)/g);
    const [, firstPort] = await waitFor(run, /\(port (\d+)/g);
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/health`)).status).toBe(200);

    process.kill(Number(firstPid), 'SIGKILL');
    await waitFor(run, /server died \(killed by SIGKILL\); restarting it in 1 s/g);
    const [, secondPid] = await waitFor(run, /"serverPid":(\d+)/g, 2);
    const [, secondPort] = await waitFor(run, /\(port (\d+)/g, 2);
    expect(secondPid).not.toBe(firstPid);
    expect((await fetch(`http://127.0.0.1:${secondPort}/api/health`)).status).toBe(200);

    run.signal('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('database closed');
    expect(isRunning(Number(secondPid))).toBe(false);
  }, 180_000);

  it('gives up with exit code 1 when the server keeps refusing its configuration', async () => {
    const run = startSupervisor({ DATA_DIR: await dataDir(), PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect([...run.output().matchAll(/"serverPid"/g)]).toHaveLength(3);
    expect(run.output()).toContain('PORT');
    expect(run.output()).toMatch(/exited with code 1 before it was up 3 times in a row/);
  }, 60_000);
});
