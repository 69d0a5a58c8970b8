// The search feature's public entry: what layouts may use.
export { SearchDialog, type SearchResultItem } from './components/SearchDialog';
export { searchHotkeyLabel, useSearchHotkey } from './useSearchHotkey';
