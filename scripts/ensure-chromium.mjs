#!/usr/bin/env node
/* global process, console */
// Makes sure Debian's Chromium (/usr/bin/chromium) is installed for the Playwright tests.
// Playwright never downloads a browser of its own in this project (see playwright.config.ts).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (!isRoot) {
  console.error(
    [
      `ensure-chromium: ${CHROMIUM} was not found.`,
      'The browser tests use the Debian package "chromium", which provides /usr/bin/chromium.',
      'Install it with:',
      '',
      '  sudo apt-get install -y chromium',
      '',
    ].join('\n'),
  );
  process.exit(1);
}

/** Runs an apt-get command with its output streamed; exits on failure. */
function aptGet(args) {
  console.log(`ensure-chromium: apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) {
    console.error(`ensure-chromium: could not run apt-get: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`ensure-chromium: apt-get ${args[0]} failed (exit ${result.status}).`);
    process.exit(1);
  }
}

console.log(`ensure-chromium: ${CHROMIUM} is missing; installing the Debian package "chromium".`);
aptGet(['update']);
aptGet(['install', '-y', 'chromium']);

if (!existsSync(CHROMIUM)) {
  console.error(`ensure-chromium: "chromium" was installed but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
console.log(`ensure-chromium: ${CHROMIUM} is installed.`);
