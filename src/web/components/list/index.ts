/**
 * The list-page kit (docs/decisions/0014-list-page-kit.md): list state in the URL, sortable
 * headers, bulk selection; with TablePager and TableStates next door.
 */
export { FilterSelect, type FilterSelectProps } from './FilterSelect';
export { ListToolbar, type ListToolbarProps } from './ListToolbar';
export { BulkToolbar, SelectPageCell, SelectRowCell, type BulkToolbarProps } from './BulkToolbar';
export {
  compactSearch,
  lastPage,
  listSearchShape,
  nextListSearch,
  optionalParam,
  toggledSort,
  type ListSearch,
} from './list-search';
export {
  SortableHeaderCell,
  type SortableHeaderCellProps,
  type TableSorting,
} from './SortableHeaderCell';
export {
  useListState,
  type ListDefaults,
  type ListState,
  type ListStateOptions,
} from './useListState';
export { useSelection, type Selection } from './useSelection';
export { TablePager, type TablePagerProps } from '../TablePager';
export { EmptyRow, EmptyStateContent, ErrorRow, SkeletonRows } from '../TableStates';
