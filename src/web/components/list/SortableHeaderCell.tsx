import Box from '@mui/material/Box';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '../../../shared/schemas/query';
import { visuallyHidden } from '../visually-hidden';

/** The sort of a table and what a click on a header does (`useListState().sorting`). */
export interface TableSorting<S extends string> {
  sort: S;
  order: SortOrder;
  onSort: (field: S) => void;
}

export interface SortableHeaderCellProps<S extends string> {
  field: S;
  sorting: TableSorting<S>;
  align?: TableCellProps['align'];
  /** The column's name: the button's accessible name, with the direction when sorted. */
  children: ReactNode;
}

/**
 * A column header that sorts the table: a button named after the column ("Name, sorted
 * ascending" when it is the sorted one), `aria-sort` on the header cell.
 */
export function SortableHeaderCell<S extends string>({
  field,
  sorting,
  align,
  children,
}: SortableHeaderCellProps<S>) {
  const { t } = useTranslation();
  const active = sorting.sort === field;
  return (
    <TableCell sortDirection={active ? sorting.order : false} align={align}>
      <TableSortLabel
        active={active}
        direction={active ? sorting.order : 'asc'}
        onClick={() => sorting.onSort(field)}
      >
        {children}
        {active ? (
          <Box component="span" sx={visuallyHidden}>
            {sorting.order === 'desc' ? t('common.sortedDesc') : t('common.sortedAsc')}
          </Box>
        ) : null}
      </TableSortLabel>
    </TableCell>
  );
}
