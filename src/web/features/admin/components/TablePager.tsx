import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { formatNumber } from '../../../lib/format';

export interface TablePagerProps {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Pagination under a table (pages from 1, the offered page sizes), in the user's language. */
export function TablePager({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: TablePagerProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, {}, i18n.language);
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      labelRowsPerPage={t('admin.common.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('admin.common.displayedRows', {
          from: number(from),
          to: number(to),
          count: number(count),
        })
      }
      getItemAriaLabel={(type) => t(`admin.common.pages.${type}`)}
      slotProps={{ select: { inputProps: { 'aria-label': t('admin.common.rowsPerPage') } } }}
    />
  );
}
