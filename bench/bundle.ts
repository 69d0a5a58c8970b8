// `npm run bench:bundle`: the gzip size of the JavaScript a browser loads for `/login` and for
// `/` after sign-in, read from the Vite build manifest (dist/web/.vite/manifest.json).
//
// A page load fetches the scripts of index.html (the entry chunk, and classic scripts from the
// public directory such as the initial loader), the entry's static imports, then the
// code-split chunks of the matched routes (TanStack Router's automatic code splitting turns
// each route file's components into `routes/<file>?tsr-split=...` chunks, all of which the
// router loads for a matched route) with their static imports. The route files of a path are
// found in src/web/routes: the leaf file whose path is the wanted one, plus the layout files
// above it. Sizes are gzip level 9 of the built files.
//
// Dynamic imports that every load of a page awaits before its first render are counted too,
// with their static imports (FIRST_RENDER_IMPORTS): the core translations of the default
// language (lib/i18n awaits them before rendering) and, on pages whose route meta names the
// default layout, the signed-in layout and (unless the meta says coreTextsOnly) the signed-in
// pages' translations: the root route's beforeLoad awaits them
// (src/web/layouts/default-layout-loader.ts, lib/i18n's loadAppTranslations). A new lazy
// chunk that every page load fetches belongs in that list, or the figures would flatter the
// page.
//
// Budgets (issue 13): the run fails (exit code 1) when a page's gzip total exceeds its goal.
//
// Restricted chunks (issue 16): the builder's chunk (React Flow) and the code editor's
// (CodeMirror), found by a string only their code holds, may be loaded before the first render
// only by the builder's pages (and, for the editor, the data source page's query console); the
// signed-in layout's group chunk (found by its file's name) only by pages drawn in that layout.
// Every page of src/web/routes is checked; the run fails when another page loads one of them.
//
// The baseline: bench/stack-floor is the smallest sign-in page the libraries ARCHITECTURE.md fixes
// can make, with none of Meridian's code. It is built in the same run and every page is also given
// as a ratio to it (what the page costs beyond the stack itself; docs/decisions/0018).
//
// Usage: vite build && node bench/bundle.ts [path ...]   (default: /login /)
// Writes bench/results/bundle.json.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { DEFAULT_LOCALE, FALLBACK_LOCALE } from '../src/shared/constants.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist', 'web');
const MANIFEST_FILE = path.join(DIST, '.vite', 'manifest.json');
const ROUTES_DIR = path.join(ROOT, 'src', 'web', 'routes');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'bundle.json');
const STACK_FLOOR_DIR = path.join(ROOT, 'bench', 'stack-floor');

const KB = 1024;
/** Gzip budget per page (issue 13); a page without one is reported, not judged. */
const GOALS: Record<string, number> = { '/login': 150 * KB, '/': 260 * KB };

/**
 * Chunks only some pages may load (issue 16): found by a string that only their library's code
 * holds, and allowed on the listed URL paths (route files' paths, `$id` as written there).
 */
const RESTRICTED_CHUNKS: {
  name: string;
  /** A string only the chunk's code holds, or a pattern of its file's name. */
  marker: string | RegExp;
  /** URL paths that may load it, or every page drawn in one of these layouts. */
  allowed: string[] | { layouts: string[] };
}[] = [
  {
    // Its modules were loaded by the signed-in layout's pages only: the group keeps it so.
    name: 'signed-in layout group (scripts/vite-chunk-groups.ts)',
    marker: /^assets\/signed-in-/,
    allowed: { layouts: ['default', 'fixed-height'] },
  },
  {
    name: 'builder (React Flow, @xyflow/react)',
    marker: 'react-flow__pane',
    allowed: ['/agents/$id', '/try-builder', '/builder-minimal'],
  },
  {
    name: 'code editor (CodeMirror)',
    marker: 'cm-content',
    allowed: ['/agents/$id', '/try-builder', '/builder-minimal', '/data-sources/$id'],
  },
];

/** The languages a first visit loads: the default one and the fallback. */
const LANGUAGES = [...new Set([DEFAULT_LOCALE, FALLBACK_LOCALE])];

/** Manifest keys (relative to src/web) of dynamic imports awaited before a page's first render. */
const FIRST_RENDER_IMPORTS = {
  /** Every page: lib/i18n's init() loads the current and the fallback language's core texts. */
  always: LANGUAGES.map((code) => `locales/${code}/core.ts`),
  /** By the layout of the page's merged route meta (routes/__root.tsx). */
  layout: {
    default: ['layouts/DefaultLayout.tsx'],
    'fixed-height': ['layouts/DefaultLayout.tsx'],
  } as Record<string, string[]>,
  /** Default-layout pages not marked `coreTextsOnly`: the signed-in pages' texts. */
  appTexts: LANGUAGES.map((code) => `locales/${code}/app.ts`),
};

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface RouteFile {
  /** Path under src/web/routes, with '/' separators ("_default/index.tsx"). */
  file: string;
  /** Route id segments: directories and flat-route dots ("_default", "index"). */
  segments: string[];
  /** The URL path it serves ("/"). */
  urlPath: string;
}

const ROUTE_FILE = /\.(tsx|ts|jsx|js)$/;

async function listRouteFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map(async (entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return listRouteFiles(path.join(dir, entry.name), rel);
      if (!ROUTE_FILE.test(entry.name) || /\.(test|spec)\./.test(entry.name)) return [];
      if (entry.name.startsWith('-')) return []; // TanStack Router ignores '-' prefixed files
      return [rel];
    }),
  );
  return files.flat();
}

function toRouteFile(file: string): RouteFile {
  const segments = file
    .replace(ROUTE_FILE, '')
    .split('/')
    .flatMap((part) => (part.startsWith('(') ? [part] : part.split('.')));
  const visible = segments
    .filter(
      (s) =>
        s !== 'index' &&
        s !== 'route' &&
        s !== '__root' &&
        !s.startsWith('_') &&
        !/^\(.*\)$/.test(s),
    )
    .map((s) => s.replace(/_$/, ''));
  return { file, segments, urlPath: `/${visible.join('/')}` };
}

/** Segments of a layout file: a trailing `route` (dir/route.tsx) names its directory. */
const ownSegments = (route: RouteFile) =>
  route.segments.at(-1) === 'route' ? route.segments.slice(0, -1) : route.segments;

const isStrictPrefix = (prefix: string[], of: string[]) =>
  prefix.length < of.length && prefix.every((segment, i) => of[i] === segment);

/** The route files matched by a URL path: the leaf and every layout above it (root first). */
function matchedRouteFiles(routes: RouteFile[], urlPath: string): RouteFile[] {
  const isLayout = (route: RouteFile) =>
    route.segments[0] === '__root' ||
    routes.some((other) => other !== route && isStrictPrefix(ownSegments(route), other.segments));
  const leaves = routes.filter((route) => route.urlPath === urlPath && !isLayout(route));
  const leaf = leaves.find((route) => route.segments.at(-1) === 'index') ?? leaves[0];
  if (!leaf) {
    throw new Error(`No route file in src/web/routes serves ${urlPath}`);
  }
  const ancestors = routes.filter(
    (route) =>
      route !== leaf &&
      (route.segments[0] === '__root' || isStrictPrefix(ownSegments(route), leaf.segments)),
  );
  return [...ancestors.sort((a, b) => a.segments.length - b.segments.length), leaf];
}

/**
 * The route meta a matched branch renders with, as far as the first render's chunks depend on
 * it: meta merges from the root down, so the deepest route file that sets a field decides
 * (`layout: '...'` and `coreTextsOnly: true|false` in its staticData).
 */
async function metaOf(
  matched: RouteFile[],
): Promise<{ layout: string | undefined; coreTextsOnly: boolean }> {
  let layout: string | undefined;
  let coreTextsOnly = false;
  for (const route of matched) {
    const source = await readFile(path.join(ROUTES_DIR, route.file), 'utf8');
    const declared = /\blayout:\s*'([\w-]+)'/.exec(source)?.[1];
    if (declared) layout = declared;
    const textsOnly = /\bcoreTextsOnly:\s*(true|false)/.exec(source)?.[1];
    if (textsOnly) coreTextsOnly = textsOnly === 'true';
  }
  return { layout, coreTextsOnly };
}

/** Manifest keys of the code-split chunks of one route file. */
function splitChunksOf(manifest: Manifest, route: RouteFile): string[] {
  const suffix = `routes/${route.file}`;
  return Object.keys(manifest).filter((key) => {
    const [file, query] = key.split('?');
    return file !== undefined && file.endsWith(suffix) && (query ?? '').includes('tsr-split');
  });
}

/** The chunks and every chunk they import statically. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...keys];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    queue.push(...(chunk.imports ?? []));
  }
  return seen;
}

interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

const sizes = new Map<string, FileSize>();
async function sizeOf(file: string): Promise<FileSize> {
  const known = sizes.get(file);
  if (known) return known;
  const content = await readFile(path.join(DIST, file));
  const size = { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  sizes.set(file, size);
  return size;
}

/**
 * Classic scripts index.html loads from the public directory (e.g. the initial loader): every
 * page runs them, and the manifest does not list them.
 */
async function publicScripts(manifest: Manifest): Promise<string[]> {
  const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
  const built = new Set(Object.values(manifest).map((chunk) => chunk.file));
  return [...html.matchAll(/<script\b[^>]*\bsrc="\/?([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter((file) => file.endsWith('.js') && !built.has(file));
}

async function measure(manifest: Manifest, keys: Set<string>, extraFiles: string[] = []) {
  const files = [...new Set([...[...keys].map((key) => manifest[key]!.file), ...extraFiles])]
    .filter((file) => file.endsWith('.js'))
    .sort();
  const measured = await Promise.all(files.map(sizeOf));
  return {
    files: measured,
    bytes: measured.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: measured.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Builds bench/stack-floor into a temporary directory; its JavaScript, gzip level 9. */
async function measureStackFloor(): Promise<{ files: number; bytes: number; gzipBytes: number }> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-stack-floor-'));
  try {
    await build({
      configFile: false,
      root: STACK_FLOOR_DIR,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
    });
    const assets = path.join(outDir, 'assets');
    const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
    let bytes = 0;
    let gzipBytes = 0;
    for (const file of scripts) {
      const content = await readFile(path.join(assets, file));
      bytes += content.length;
      gzipBytes += gzipSync(content, { level: 9 }).length;
    }
    return { files: scripts.length, bytes, gzipBytes };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * Which pages load each of RESTRICTED_CHUNKS before their first render: every URL path served by
 * a route file (with its layouts), against the chunks whose built code holds the marker.
 */
async function restrictedChunks(
  manifest: Manifest,
  routes: RouteFile[],
  pageChunks: (target: string) => Promise<{ keys: Set<string>; layout?: string }>,
) {
  const scripts = Object.entries(manifest).filter(([, chunk]) => chunk.file.endsWith('.js'));
  const code = new Map<string, string>();
  for (const [key, chunk] of scripts) {
    code.set(key, await readFile(path.join(DIST, chunk.file), 'utf8'));
  }
  const pages = new Map<string, { keys: Set<string>; layout?: string }>();
  for (const urlPath of [...new Set(routes.map((route) => route.urlPath))].sort()) {
    try {
      pages.set(urlPath, await pageChunks(urlPath));
    } catch (error) {
      // A path served only by a layout file (no page of its own) is no page to check.
      if (!(error instanceof Error && error.message.startsWith('No route file'))) throw error;
    }
  }
  return RESTRICTED_CHUNKS.map(({ name, marker, allowed }) => {
    const keys = [...code]
      .filter(([key, text]) =>
        typeof marker === 'string' ? text.includes(marker) : marker.test(manifest[key]!.file),
      )
      .map(([key]) => key);
    if (keys.length === 0) {
      throw new Error(`No built chunk holds "${marker}": update RESTRICTED_CHUNKS (${name})`);
    }
    const loaders = [...pages].filter(([, page]) => keys.some((key) => page.keys.has(key)));
    const isAllowed = (urlPath: string, layout?: string) =>
      Array.isArray(allowed) ? allowed.includes(urlPath) : allowed.layouts.includes(layout ?? '');
    return {
      name,
      files: keys.map((key) => manifest[key]!.file),
      allowed: Array.isArray(allowed) ? allowed : allowed.layouts.map((l) => `${l} layout pages`),
      loadedBy: loaders.map(([urlPath]) => urlPath),
      outside: loaders
        .filter(([urlPath, page]) => !isAllowed(urlPath, page.layout))
        .map(([urlPath]) => urlPath),
    };
  });
}

async function main() {
  const targets = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/login', '/'];
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(MANIFEST_FILE, 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`Cannot read ${path.relative(ROOT, MANIFEST_FILE)}: run "vite build" first`, {
      cause: error,
    });
  }
  const entryKey =
    Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html')) ??
    Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const firstRender = (keys: string[]) => {
    for (const key of keys) {
      if (!manifest[key]?.isDynamicEntry) {
        throw new Error(`The manifest has no lazy chunk ${key}: update FIRST_RENDER_IMPORTS`);
      }
    }
    return keys;
  };
  const entryKeys = staticClosure(manifest, [
    entryKey,
    ...firstRender(FIRST_RENDER_IMPORTS.always),
  ]);
  const scripts = await publicScripts(manifest);
  const entry = await measure(manifest, entryKeys, scripts);

  const routes = (await listRouteFiles(ROUTES_DIR)).map(toRouteFile);
  /** The manifest keys a page load of `target` fetches before its first render. */
  const pageChunks = async (target: string) => {
    const matched = matchedRouteFiles(routes, target);
    const splitKeys = matched.flatMap((route) => splitChunksOf(manifest, route));
    const { layout, coreTextsOnly } = await metaOf(matched);
    const layoutKeys = FIRST_RENDER_IMPORTS.layout[layout ?? ''] ?? [];
    const textKeys = layoutKeys.length > 0 && !coreTextsOnly ? FIRST_RENDER_IMPORTS.appTexts : [];
    const lazyKeys = firstRender([...layoutKeys, ...textKeys]);
    const keys = new Set([...entryKeys, ...staticClosure(manifest, [...splitKeys, ...lazyKeys])]);
    return { matched, splitKeys, layout, lazyKeys, keys };
  };
  const results = [];
  for (const target of targets) {
    const { matched, splitKeys, layout, lazyKeys, keys } = await pageChunks(target);
    const total = await measure(manifest, keys, scripts);
    const goal = GOALS[target];
    results.push({
      path: target,
      layout: layout ?? null,
      routeFiles: matched.map((route) => `src/web/routes/${route.file}`),
      routeChunks: splitKeys,
      firstRenderImports: [...FIRST_RENDER_IMPORTS.always, ...lazyKeys],
      goalGzipBytes: goal ?? null,
      withinGoal: goal === undefined ? null : total.gzipBytes <= goal,
      ...total,
    });
  }

  // What `/` adds when a visitor signs in on `/login` and the app navigates there.
  const login = results.find((r) => r.path === '/login');
  const home = results.find((r) => r.path === '/');
  let afterSignIn: { files: string[]; bytes: number; gzipBytes: number } | null = null;
  if (login && home) {
    const loaded = new Set(login.files.map((f) => f.file));
    const extra = home.files.filter((f) => !loaded.has(f.file));
    afterSignIn = {
      files: extra.map((f) => f.file),
      bytes: extra.reduce((sum, f) => sum + f.bytes, 0),
      gzipBytes: extra.reduce((sum, f) => sum + f.gzipBytes, 0),
    };
  }

  const restricted = await restrictedChunks(manifest, routes, pageChunks);

  const stackFloor = await measureStackFloor();
  const ratio = (gzipBytes: number) => Math.round((gzipBytes / stackFloor.gzipBytes) * 100) / 100;
  const report = {
    measuredAt: new Date().toISOString(),
    stackFloor: { source: 'bench/stack-floor', ...stackFloor },
    manifest: path.relative(ROOT, MANIFEST_FILE),
    compression: 'gzip level 9',
    goalsGzipBytes: GOALS,
    entry: { chunk: entryKey, ...entry },
    routes: results.map((r) => ({ ...r, stackFloorRatio: ratio(r.gzipBytes) })),
    homeAfterSignInOnLogin: afterSignIn,
    restrictedChunks: restricted,
  };
  await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);

  const rows = [
    ['page', 'files', 'raw', 'gzip', 'vs stack floor', 'goal (gzip)'],
    [
      '(stack floor)',
      String(stackFloor.files),
      kB(stackFloor.bytes),
      kB(stackFloor.gzipBytes),
      '1.00×',
      '',
    ],
    [
      '(entry)',
      String(entry.files.length),
      kB(entry.bytes),
      kB(entry.gzipBytes),
      `${ratio(entry.gzipBytes).toFixed(2)}×`,
      '',
    ],
    ...results.map((r) => [
      r.path,
      String(r.files.length),
      kB(r.bytes),
      kB(r.gzipBytes),
      `${ratio(r.gzipBytes).toFixed(2)}×`,
      r.goalGzipBytes === null ? '' : `${r.withinGoal ? 'ok' : 'OVER'} ≤ ${kB(r.goalGzipBytes)}`,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  console.log(
    'JavaScript loaded per page (entry + static imports + the route chunks + the lazy chunks of the first render):',
  );
  for (const row of rows) {
    console.log(
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    );
  }
  if (afterSignIn) {
    console.log(
      `Signing in on /login, then opening /, fetches ${afterSignIn.files.length} more file(s): ${kB(afterSignIn.gzipBytes)} gzip.`,
    );
  }
  console.log('Chunks only some pages may load (every page of src/web/routes checked):');
  for (const chunk of restricted) {
    console.log(
      `  ${chunk.name}: ${chunk.files.join(', ')}; loaded by ${chunk.loadedBy.length > 6 ? `${chunk.loadedBy.length} pages (${chunk.allowed.join(', ')})` : chunk.loadedBy.join(', ') || 'no page before its first render'}` +
        (chunk.outside.length > 0 ? ` — NOT ALLOWED on ${chunk.outside.join(', ')}` : ' — ok'),
    );
  }
  console.log(`Wrote ${path.relative(ROOT, RESULTS_FILE)}`);

  const leaks = restricted.filter((chunk) => chunk.outside.length > 0);
  if (leaks.length > 0) {
    throw new Error(
      `Chunks loaded outside their pages: ${leaks
        .map((chunk) => `the ${chunk.name} chunk on ${chunk.outside.join(', ')}`)
        .join('; ')} (allowed: ${leaks.map((chunk) => chunk.allowed.join(', ')).join('; ')})`,
    );
  }
  const over = results.filter((r) => r.withinGoal === false);
  if (over.length > 0) {
    throw new Error(
      `Bundle budget exceeded: ${over
        .map((r) => `${r.path} loads ${kB(r.gzipBytes)} gzip, goal ≤ ${kB(r.goalGzipBytes!)}`)
        .join('; ')}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
