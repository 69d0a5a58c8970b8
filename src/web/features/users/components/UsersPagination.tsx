import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { formatNumber } from '../../../lib/format';

/** MUI's table pagination with the page sizes of the spec and translated labels. */
export function UsersPagination({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: {
  total: number;
  /** From 1. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, Math.min(page - 1, Math.ceil(total / pageSize) - 1))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      labelRowsPerPage={t('users.pagination.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('users.pagination.displayed', {
          from: formatNumber(from),
          to: formatNumber(to),
          total: formatNumber(count),
        })
      }
      getItemAriaLabel={(type) => t(`users.pagination.${type}`)}
      showFirstButton
      showLastButton
    />
  );
}
