// Vite plugin (build only): `import { IconX, IconY as Y } from '@tabler/icons-react'` in our
// sources becomes one import per icon file (`@tabler/icons-react/dist/esm/icons/IconX.mjs`).
//
// Why: the package's entry re-exports its ~6,000 icons, so in the module graph every icon the
// app uses anywhere hangs off that one barrel. The `core` chunk group (scripts/vite-chunk-groups.ts)
// takes every module the entry reaches statically, and the entry reaches the barrel (for the
// language switcher's icon): all ~150 icons of every page came into the first page's chunk.
// With direct imports the graph says which module uses which icon, and an icon is loaded with
// the pages that draw it. Type-only specifiers (`type Icon`) stay on the package's entry.
import type { Plugin } from 'vite';

const PACKAGE = '@tabler/icons-react';
const ICON_FILE = (name: string) => `${PACKAGE}/dist/esm/icons/${name}.mjs`;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@tabler\/icons-react['"];?/g;
const SOURCE = /\/src\/web\/.*\.tsx?$/;

/** The import statements that replace one `import { … } from '@tabler/icons-react'`. */
export function rewriteIconImport(specifiers: string): string {
  const types: string[] = [];
  const icons: string[] = [];
  for (const raw of specifiers.split(',')) {
    const specifier = raw.trim();
    if (specifier === '') continue;
    if (specifier.startsWith('type ')) {
      types.push(specifier.slice('type '.length));
      continue;
    }
    const [imported, local = imported] = specifier.split(/\s+as\s+/);
    if (!imported!.startsWith('Icon') || imported === 'Icon') {
      throw new Error(`${PACKAGE}: cannot import ${imported} by file; import it as a type`);
    }
    icons.push(`import ${local} from '${ICON_FILE(imported!)}';`);
  }
  const typeImport =
    types.length > 0 ? [`import type { ${types.join(', ')} } from '${PACKAGE}';`] : [];
  return [...typeImport, ...icons].join(' ');
}

export function iconImportsPlugin(): Plugin {
  return {
    name: 'meridian-icon-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!SOURCE.test(id.split('?')[0]!) || !code.includes(PACKAGE)) return null;
      // The replacement keeps the statement's line count, so the lines after it stay where the
      // source map (none is returned: the code does not move) says they are.
      const rewritten = code.replace(
        NAMED_IMPORT,
        (statement: string, specifiers: string) =>
          rewriteIconImport(specifiers) + '\n'.repeat(statement.split('\n').length - 1),
      );
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
