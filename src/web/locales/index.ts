import type { Locale } from '../../shared/constants';

type Tree = { [key: string]: string | Tree };

// Each language's index.ts merges its part files: one chunk per language.
const languages = import.meta.glob<{ default: Tree }>('./*/index.ts');

/** Loads a language's translation tree (its one chunk). */
export async function loadLocale(code: Locale): Promise<Tree> {
  const load = languages[`./${code}/index.ts`];
  if (!load) throw new Error(`No translations for "${code}"`);
  return (await load()).default;
}
