import type { Locale } from '../../shared/constants';

type Tree = { [key: string]: string | Tree };

/** A language's translations come in two chunks: `core` (every page) and `app` (signed-in pages). */
export type LocaleChunk = 'core' | 'app';

const chunks: Record<LocaleChunk, Record<string, () => Promise<{ default: Tree }>>> = {
  core: import.meta.glob<{ default: Tree }>('./*/core.ts'),
  app: import.meta.glob<{ default: Tree }>('./*/app.ts'),
};

/** Loads the given chunks of a language (by default all) and merges them into one tree. */
export async function loadLocale(
  code: Locale,
  which: readonly LocaleChunk[] = ['core', 'app'],
): Promise<Tree> {
  const trees = await Promise.all(
    which.map(async (chunk) => {
      const load = chunks[chunk][`./${code}/${chunk}.ts`];
      if (!load) throw new Error(`No translations for "${code}"`);
      return (await load()).default;
    }),
  );
  return Object.assign({}, ...trees) as Tree;
}
