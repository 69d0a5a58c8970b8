// Code splitting for the web app: two chunks for code that is always loaded together, instead of
// one small chunk per combination of pages sharing a module.
//
// The bundler's automatic splitting gives a module shared by pages A and B a chunk of its own,
// even when everything in it is always loaded at once: the entry's own imports came in 32
// chunks, and opening a signed-in page fetched ~130 files, most under 4 KB, each a request and a
// module to instantiate. Two groups whose content is loaded by the same pages as before:
//   core    every module the entry imports statically (always loaded, by every page);
//   signed-in   every module the signed-in layout imports statically, except those a page
//           without that layout can reach (a blank-layout route's modules and all they import,
//           statically or lazily): it loads only with the layout, as its modules did.
// No page loads a byte more than before; `npm run bench:bundle` measures each page. Icons are
// the exception, grouped by who draws them (below): a page may load a few hundred bytes of icons
// it does not draw, instead of a file per icon.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CodeSplittingGroup, ChunkingContext } from 'rolldown';

const ENTRY = 'src/web/main.tsx';
const SIGNED_IN_LAYOUT = 'src/web/layouts/DefaultLayout.tsx';
const ROUTES = 'src/web/routes';
const ICON_MODULE = /@tabler\/icons-react\/dist\/esm\/icons\//;
/** A route drawn in the signed-in layout says so in its meta (see lib/route-meta.ts). */
const IN_SIGNED_IN_LAYOUT = /layout:\s*'(?:default|fixed-height)'/;

type Graph = Pick<ChunkingContext, 'getModuleInfo'>;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every module reachable from `roots`: by static imports only, or also by lazy ones; the
 * modules of `stopAt` are not followed.
 */
function reachable(
  graph: Graph,
  roots: string[],
  lazyToo: boolean,
  stopAt: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    if (stopAt.has(id) && !roots.includes(id)) continue;
    stack.push(...info.importedIds, ...(lazyToo ? info.dynamicallyImportedIds : []));
  }
  return seen;
}

/** The code-splitting groups, for `build.rolldownOptions.output.codeSplitting`. */
export function webChunkGroups(root: string): CodeSplittingGroup[] {
  const absolute = (file: string) => path.join(root, file);
  const fileOf = (id: string) => id.split('?')[0]!;
  // Route files outside the signed-in layout (blank layout, or none said): read once per build.
  const outside = new Set(
    routeFiles(absolute(ROUTES)).filter(
      (file) => !IN_SIGNED_IN_LAYOUT.test(readFileSync(file, 'utf8')),
    ),
  );

  let groups: { core: Set<string>; signedIn: Set<string>; withoutLayout: Set<string> } | undefined;
  const groupsOf = (graph: Graph) => {
    if (groups) return groups;
    const core = reachable(graph, [absolute(ENTRY)], false);
    // Route modules and their split components (`login.tsx?tsr-split=component`).
    const outsideRoots = [...reachable(graph, [absolute(ENTRY)], true)].filter((id) =>
      outside.has(fileOf(id)),
    );
    // The entry's modules are not followed: they are in `core` already, and their lazy imports
    // are every page's (the router's) or the signed-in layout itself (its loader).
    const withoutLayout = reachable(graph, outsideRoots, true, core);
    const signedIn = new Set(
      [...reachable(graph, [absolute(SIGNED_IN_LAYOUT)], false)].filter(
        // The layout's own module stays its chunk (the lazy chunk the router asks for).
        (id) => id !== absolute(SIGNED_IN_LAYOUT) && !core.has(id) && !withoutLayout.has(id),
      ),
    );
    groups = { core, signedIn, withoutLayout };
    return groups;
  };

  return [
    {
      name: (id, ctx) => (groupsOf(ctx).core.has(id) ? 'core' : null),
      priority: 2,
    },
    {
      name: (id, ctx) => {
        const { core, signedIn, withoutLayout } = groupsOf(ctx);
        if (signedIn.has(id)) return 'signed-in';
        if (!ICON_MODULE.test(id) || core.has(id)) return null;
        // Icons (one module each, scripts/vite-icon-imports.ts) outside `core`: about 200 bytes
        // each, they would make a file per combination of pages sharing one (~20 for a signed-in
        // page). Those only signed-in pages draw come with the layout; the others, which pages
        // without it draw (sign-in, home, try-builder), come in one small chunk of their own.
        return withoutLayout.has(id) ? 'public-icons' : 'signed-in';
      },
      priority: 1,
      // Its modules' imports stay where they are (in `core`, or in chunks the pages without the
      // layout load too): pulling them in would make those pages load this chunk.
      includeDependenciesRecursively: false,
    },
  ];
}
