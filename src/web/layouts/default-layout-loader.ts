import type { LayoutName } from '../lib/route-meta';
import type { DefaultLayout } from './DefaultLayout';

/**
 * The signed-in layout (navigation, navbar, search, notifications, customizer) is its own
 * chunk: the blank-layout pages (login, register, …) never load it. The root route's
 * beforeLoad awaits it before a default-layout page renders (`loadDefaultLayout`), so the page
 * never shows without its frame. (The blank layout stays in the entry: the error pages, which
 * must show even when a chunk cannot be fetched, use it.)
 */
let loading: Promise<typeof DefaultLayout> | undefined;
let loaded: typeof DefaultLayout | undefined;

export const usesDefaultLayout = (name: LayoutName | undefined): boolean =>
  name === 'default' || name === 'fixed-height';

/** Fetches the default layout's chunk once; a failed fetch is retried on the next call. */
export function loadDefaultLayout(): Promise<typeof DefaultLayout> {
  loading ??= import('./DefaultLayout').then(
    (module) => (loaded = module.DefaultLayout),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The default layout if its chunk has arrived (it has, after the root route's beforeLoad). */
export const loadedDefaultLayout = (): typeof DefaultLayout | undefined => loaded;
