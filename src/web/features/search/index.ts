// The search feature's public entry: what layouts may use.
import { lazyOnOpen } from '../../lib/lazy-on-open';

export type { SearchResultItem } from './components/SearchDialog';
/** Fetched when first opened (button or Ctrl/Cmd+K), not with the navbar. */
export const SearchDialog = lazyOnOpen(() =>
  import('./components/SearchDialog').then((module) => module.SearchDialog),
);
export { searchHotkeyLabel, useSearchHotkey } from './useSearchHotkey';
