import { describe, expect, it } from 'vitest';
import { iconImportsPlugin, rewriteIconImport } from './vite-icon-imports.ts';

type Transform = (code: string, id: string) => { code: string } | null;
const transform = iconImportsPlugin().transform as Transform;

describe('rewriteIconImport', () => {
  it('imports each icon from its own file and keeps type-only specifiers on the package', () => {
    expect(rewriteIconImport(' IconX, IconArrowLeft as Back, type Icon as TablerIcon ')).toBe(
      "import type { Icon as TablerIcon } from '@tabler/icons-react'; " +
        "import IconX from '@tabler/icons-react/dist/esm/icons/IconX.mjs'; " +
        "import Back from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';",
    );
  });

  it('refuses a value that is not an icon, which has no file of its own', () => {
    expect(() => rewriteIconImport('createReactComponent')).toThrow(/createReactComponent/);
  });
});

describe('iconImportsPlugin', () => {
  it('rewrites a multi-line import in a web source without moving the lines after it', () => {
    const code =
      "import {\n  IconCheck,\n  IconX,\n} from '@tabler/icons-react';\nexport const a = 1;\n";
    const result = transform(code, '/repo/src/web/components/Thing.tsx')!;
    expect(result.code.split('\n')).toHaveLength(code.split('\n').length);
    expect(result.code).toContain(
      "import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';",
    );
    expect(result.code).not.toContain("from '@tabler/icons-react';");
    expect(result.code.split('\n')[4]).toBe('export const a = 1;');
  });

  it('leaves type-only imports, other packages and files outside src/web alone', () => {
    const typeOnly = "import type { Icon } from '@tabler/icons-react';\n";
    expect(transform(typeOnly, '/repo/src/web/a.ts')).toBeNull();
    expect(
      transform("import { IconX } from '@tabler/icons-react';", '/repo/node_modules/x/a.js'),
    ).toBeNull();
    expect(transform("import { Button } from '@mui/material';", '/repo/src/web/a.tsx')).toBeNull();
  });
});
