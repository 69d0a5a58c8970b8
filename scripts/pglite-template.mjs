/* global console, process, performance */
// Makes the saved PGlite cluster that new databases start from (src/server/db/pglite-template.ts):
// initdb once, in memory, and its files as a gzipped tar under node_modules/.cache/meridian. Run by
// `npm start` (scripts/build-if-changed.mjs) when the file for this PGlite version is missing.
import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(
  readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
);
const file = path.join(
  ROOT,
  'node_modules',
  '.cache',
  'meridian',
  `pglite-${version}-initdb.tar.gz`,
);
if (existsSync(file) && !process.argv.includes('--force')) process.exit(0);
const started = performance.now();
const client = new PGlite();
await client.waitReady;
const dump = await client.dumpDataDir('gzip');
await client.close();
mkdirSync(path.dirname(file), { recursive: true });
const partial = `${file}.${process.pid}.partial`;
writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
renameSync(partial, file);
console.log(
  `database template: PGlite ${version}'s initdb saved in ${Math.round(performance.now() - started)} ms`,
);
