import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { formatNumber } from '../../../lib/format';

/** Placeholder rows while a table loads. */
export function SkeletonRows({ columns, rows = 3 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <TableRow key={row} aria-hidden>
          {Array.from({ length: columns }, (_, column) => (
            <TableCell key={column}>
              <Skeleton variant="text" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/** One row across the table saying that there is nothing to show. */
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ py: 6, textAlign: 'center' }}>
        <Typography color="text.secondary">{text}</Typography>
      </TableCell>
    </TableRow>
  );
}

export interface PagerProps {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Pagination under a table (pages from 1, the offered page sizes), in the user's language. */
export function Pager({ total, page, pageSize, onPageChange, onPageSizeChange }: PagerProps) {
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
      labelRowsPerPage={t('organization.common.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('organization.common.displayedRows', {
          from: number(from),
          to: number(to),
          count: number(count),
        })
      }
      getItemAriaLabel={(type) => t(`organization.common.pages.${type}`)}
      slotProps={{ select: { inputProps: { 'aria-label': t('organization.common.rowsPerPage') } } }}
    />
  );
}
