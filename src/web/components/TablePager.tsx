import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../shared/constants';
import { formatNumber } from '../lib/format';

/** The page state of a table; spread it into TablePager. */
export interface TablePaging {
  /** From 1. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export interface TablePagerProps extends TablePaging {
  total: number;
  /** The page size chooser's label (and accessible name); "Rows per page:" by default. */
  labelRowsPerPage?: string | undefined;
  sx?: TablePaginationProps['sx'];
}

/**
 * Page (from 1) and page size kept in component state; a new page size goes back to page 1.
 * For lists nested in a page (a tab's table); a top-level list keeps them in the URL with
 * `useListState` (components/list).
 */
export function useTablePaging(initialPageSize: number = DEFAULT_PAGE_SIZE): TablePaging {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    page,
    pageSize,
    onPageChange: setPage,
    onPageSizeChange: (size) => {
      setPageSize(size);
      setPage(1);
    },
  };
}

/**
 * THE pagination under a list (pages from 1, the spec's page sizes), in the user's language.
 * With `useListState`, spread its `paging`: `<TablePager total={total} {...list.paging} />`.
 */
export function TablePager({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  labelRowsPerPage,
  sx,
}: TablePagerProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, {}, i18n.language);
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const rowsPerPage = labelRowsPerPage ?? t('common.pagination.rowsPerPage');
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, Math.min(page - 1, lastPage))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      labelRowsPerPage={rowsPerPage}
      labelDisplayedRows={({ from, to, count }) =>
        t('common.pagination.displayed', {
          from: number(from),
          to: number(to),
          total: number(count),
        })
      }
      getItemAriaLabel={(type) => t(`common.pagination.${type}`)}
      showFirstButton
      showLastButton
      slotProps={{ select: { inputProps: { 'aria-label': rowsPerPage } } }}
      sx={sx}
    />
  );
}
