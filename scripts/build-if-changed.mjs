/* global process, console, performance */
// `npm start`: builds the web app (vite build) only when what the build reads has changed since
// the last successful build. A hash of those files is kept in dist/web/.vite/build-stamp, which
// every build empties, so a build made from other sources never passes for this one.
// `--force` builds anyway. It also makes the PGlite template (scripts/pglite-template.mjs).
//
// The build goes to a fresh directory beside dist/web and is swapped in when it is complete, so a
// server running meanwhile keeps serving the previous build whole, never a half-written one. The
// previous build's hashed files are kept in the new one (hard links), so a tab opened before the
// swap can still load its lazy chunks. WEB_OUT_DIR moves the output elsewhere (tests).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.resolve(ROOT, process.env.WEB_OUT_DIR || path.join('dist', 'web'));
const NEXT = `${OUT}.next`;
const PREVIOUS = `${OUT}.previous`;
const STAMP = path.join(OUT, '.vite', 'build-stamp');
const ASSETS = 'assets';

/** What the build reads: the app, the code it shares with the server, the build's config. */
const INPUTS = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'scripts/vite-chunk-groups.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
/** Tests are never part of the bundle. */
const IGNORED = /\.test\.tsx?$/;

function* files(relative) {
  const entries = readdirSync(path.join(ROOT, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* files(child);
    else if (entry.isFile() && !IGNORED.test(entry.name)) yield child;
  }
}

function sourcesHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const full = path.join(ROOT, input);
    if (!existsSync(full)) continue;
    const list = statSync(full).isDirectory() ? files(input) : [input];
    for (const file of list) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(path.join(ROOT, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

// The saved initdb that new PGlite databases start from (made once per PGlite version).
const template = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'pglite-template.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (template.status !== 0) console.log('database template: not made; new databases run initdb');

const started = performance.now();
const hash = sourcesHash();
const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : undefined;
if (
  !process.argv.includes('--force') &&
  built === hash &&
  existsSync(path.join(OUT, 'index.html'))
) {
  console.log(
    `web app: up to date (sources unchanged since the last build; checked in ${Math.round(performance.now() - started)} ms)`,
  );
  process.exit(0);
}
console.log(built ? 'web app: sources changed; building' : 'web app: no build yet; building');
rmSync(NEXT, { recursive: true, force: true });
const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const result = spawnSync(process.execPath, [vite, 'build', '--outDir', NEXT, '--emptyOutDir'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (result.status !== 0) {
  rmSync(NEXT, { recursive: true, force: true });
  process.exit(result.status ?? 1);
}
keepPreviousAssets();
mkdirSync(path.join(NEXT, '.vite'), { recursive: true });
writeFileSync(path.join(NEXT, '.vite', 'build-stamp'), `${hash}\n`);
swapIn();

/**
 * Hard-links the hashed files the build being replaced made itself (those its manifest names,
 * with their .br/.gz copies) into the new one; files it had kept from the build before go.
 */
function keepPreviousAssets() {
  const manifestFile = path.join(OUT, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const own = new Set(
    Object.values(manifest).flatMap((chunk) => [
      chunk.file,
      ...(chunk.css ?? []),
      ...(chunk.assets ?? []),
    ]),
  );
  for (const file of own) {
    for (const variant of [file, `${file}.br`, `${file}.gz`]) {
      const from = path.join(OUT, variant);
      const to = path.join(NEXT, variant);
      if (!variant.startsWith(`${ASSETS}/`) || !existsSync(from) || existsSync(to)) continue;
      mkdirSync(path.dirname(to), { recursive: true });
      linkSync(from, to);
    }
  }
}

/** Two renames: the old build steps aside, the new one takes its name; then the old one goes. */
function swapIn() {
  rmSync(PREVIOUS, { recursive: true, force: true });
  if (existsSync(OUT)) renameSync(OUT, PREVIOUS);
  renameSync(NEXT, OUT);
  rmSync(PREVIOUS, { recursive: true, force: true });
  console.log(`web app: built and swapped into ${path.relative(ROOT, OUT) || OUT}`);
}
