import type { Locale } from '../../shared/constants';

type Tree = { [key: string]: string | Tree };

const parts = import.meta.glob<{ default: Tree }>('./*/*.json');

/** Loads every part file of a language and merges them into one translation tree. */
export async function loadLocale(code: Locale): Promise<Tree> {
  const loaders = Object.entries(parts).filter(([path]) => path.startsWith(`./${code}/`));
  const modules = await Promise.all(loaders.map(([, load]) => load()));
  return Object.assign({}, ...modules.map((m) => m.default)) as Tree;
}
