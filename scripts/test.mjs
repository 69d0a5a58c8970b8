#!/usr/bin/env node
/* global process, console */
// `npm test`: every check of the project, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** @type {{ name: string, command: string, args: string[] }[]} */
const steps = [
  { name: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  { name: 'format', command: bin('prettier'), args: ['--check', '.'] },
  // The saved initdb every new embedded database of the tests starts from (as `npm start` makes
  // it): each test server skips PGlite's initdb.
  {
    name: 'database template',
    command: process.execPath,
    args: [path.join(root, 'scripts', 'pglite-template.mjs')],
  },
  // Vitest runs src/**/*.test.ts(x) only (vitest.config.ts); e2e/*.spec.ts are Playwright's.
  { name: 'unit + integration tests', command: bin('vitest'), args: ['run'] },
  { name: 'build', command: bin('vite'), args: ['build'] },
  {
    name: 'ensure chromium',
    command: process.execPath,
    args: [path.join(root, 'scripts', 'ensure-chromium.mjs')],
  },
  { name: 'browser tests', command: bin('playwright'), args: ['test'] },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const timings = [];
const started = Date.now();

for (const step of steps) {
  if (!existsSync(step.command)) {
    console.error(`\n✖ ${step.name}: ${step.command} not found (run npm install).`);
    process.exit(1);
  }
  console.log(`\n▶ ${step.name}: ${path.basename(step.command)} ${step.args.join(' ')}`);
  const t0 = Date.now();
  const result = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit' });
  const took = Date.now() - t0;
  timings.push([step.name, took]);
  if (result.error || result.status !== 0) {
    const why = result.error
      ? result.error.message
      : result.signal
        ? `killed by ${result.signal}`
        : `exit code ${result.status}`;
    console.error(`\n✖ ${step.name} failed after ${seconds(took)} (${why}).`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${step.name} passed in ${seconds(took)}`);
}

console.log('\nAll checks passed:');
for (const [name, took] of timings) console.log(`  ${name.padEnd(26)} ${seconds(took)}`);
console.log(`  ${'total'.padEnd(26)} ${seconds(Date.now() - started)}`);
