import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` builds the web app with scripts/build-if-changed.mjs while a server may be serving
// the previous build from the same directory.
const SCRIPT = fileURLToPath(new URL('../../scripts/build-if-changed.mjs', import.meta.url));

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A previous build: its index, a hashed file its manifest names, one it kept from before. */
async function previousBuild(out: string) {
  await mkdir(path.join(out, 'assets'), { recursive: true });
  await mkdir(path.join(out, '.vite'), { recursive: true });
  await writeFile(path.join(out, 'index.html'), '<!doctype html><title>previous build</title>');
  await writeFile(path.join(out, 'assets', 'old-AbC123.js'), 'export const old = 1;');
  await writeFile(path.join(out, 'assets', 'old-AbC123.js.gz'), 'gzip of old');
  await writeFile(path.join(out, 'assets', 'older-XyZ789.js'), 'kept from the build before');
  await writeFile(
    path.join(out, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/old-AbC123.js', isEntry: true } }),
  );
}

describe('npm start building the web app', () => {
  it('builds beside the served directory and swaps in only a whole build', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-web-build-'));
    const out = path.join(dir, 'web');
    await previousBuild(out);

    const served = new Set<string>();
    let indexMissing = 0;
    let builtAside = false;
    const watch = setInterval(() => {
      if (existsSync(`${out}.next`)) builtAside = true;
      try {
        const html = readFileSync(path.join(out, 'index.html'), 'utf8');
        served.add(html.includes('previous build') ? 'previous' : 'new');
      } catch {
        indexMissing += 1;
      }
    }, 10);
    const child = spawn(process.execPath, [SCRIPT, '--force'], {
      env: { ...process.env, WEB_OUT_DIR: out },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearInterval(watch);

    expect(code, output).toBe(0);
    // While it built, the directory kept serving the previous build, whole.
    expect(builtAside).toBe(true);
    expect(served.has('previous')).toBe(true);
    expect(indexMissing).toBe(0);
    // Now the new build is served, with the previous build's own hashed files still reachable.
    const index = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(index).not.toContain('previous build');
    expect(index).toMatch(/src="\/assets\/index-[\w-]+\.js"/);
    expect(existsSync(path.join(out, 'assets', 'old-AbC123.js'))).toBe(true);
    expect(existsSync(path.join(out, 'assets', 'old-AbC123.js.gz'))).toBe(true);
    expect(existsSync(path.join(out, 'assets', 'older-XyZ789.js'))).toBe(false);
    expect(existsSync(path.join(out, '.vite', 'build-stamp'))).toBe(true);
    expect(existsSync(`${out}.next`)).toBe(false);
    expect(existsSync(`${out}.previous`)).toBe(false);
  }, 180_000);
});
