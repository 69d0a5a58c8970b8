import { describe, expect, it } from 'vitest';
import { dataDirs, startScript, waitForOutput as waitFor } from './test/process.ts';

// `npm start`'s supervisor, as a real process: restarts after a crash, gives up on a bad
// configuration, stops everything on SIGTERM.
const startSupervisor = (env: Record<string, string>) =>
  startScript('src/server/supervisor.ts', env);
const dataDir = dataDirs('meridian-supervisor-');

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

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
