/**
 * A Node script of the project run as a real process (the server, the supervisor): its output,
 * its exit code, signals; and fresh data directories removed after the test file.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

export type Run = {
  output: () => string;
  exited: Promise<number | null>;
  signal: (name: NodeJS.Signals) => void;
};

export function startScript(script: string, env: Record<string, string>): Run {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => output, exited, signal: (name) => child.kill(name) };
}

/** The `nth` match (from 1) of `pattern` in the output, waiting for it. */
export async function waitForOutput(
  run: Run,
  pattern: RegExp,
  nth = 1,
  ms = 90_000,
): Promise<string[]> {
  const global = new RegExp(pattern.source, pattern.flags.replace('g', '') + 'g');
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const match = [...run.output().matchAll(global)][nth - 1];
    if (match) return [...match];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${pattern} (#${nth}); output:\n${run.output()}`);
}

/** Makes fresh data directories, removed when the test file is done. */
export function dataDirs(prefix: string): () => Promise<string> {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
  return async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}
