// A new PGlite database starts with initdb, which takes several seconds and writes the same
// files every time. scripts/pglite-template.mjs (run by `npm start`) saves those files once,
// as a gzipped tar under node_modules/.cache keyed by PGlite's version; a new database (a fresh
// DATA_DIR, an in-memory test database) starts from that copy when it exists, and runs initdb
// as before when it does not.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PGLITE_PACKAGE = path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');

function templateFile(): string | undefined {
  try {
    const { version } = JSON.parse(readFileSync(PGLITE_PACKAGE, 'utf8')) as { version: string };
    return path.join(ROOT, 'node_modules', '.cache', 'meridian', `pglite-${version}-initdb.tar.gz`);
  } catch {
    return undefined;
  }
}

/** True when `dir` (null: in memory) holds no PGlite cluster yet. */
export function isNewCluster(dir: string | undefined): boolean {
  return !dir || !existsSync(path.join(dir, 'PG_VERSION'));
}

/** The saved cluster, or undefined when there is none yet. */
export function readTemplate(): Blob | undefined {
  const file = templateFile();
  if (!file || !existsSync(file)) return undefined;
  try {
    const data = readFileSync(file);
    return data.length > 0 ? new Blob([data]) : undefined;
  } catch {
    return undefined;
  }
}
