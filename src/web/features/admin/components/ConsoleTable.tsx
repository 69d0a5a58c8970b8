import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { EmptyRow, SkeletonRows, TablePager } from '../../../components/list';
import { SearchField } from '../../../components/SearchField';
import type { TablePaging } from '../../../components/TablePager';

/** What the table needs of its list query. */
export interface ConsoleTableQuery {
  isPending: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: { total: number; items: readonly unknown[] } | undefined;
}

export interface ConsoleTableProps {
  /** A search box over the table (its label, and the list's `searchText`/`setSearchText`). */
  search?: { label: string; value: string; onChange: (value: string) => void } | undefined;
  /** The table's accessible name: a text, or the id of a heading. */
  label?: string | undefined;
  labelledBy?: string | undefined;
  /** The header cells. */
  head: ReactNode;
  columns: number;
  query: ConsoleTableQuery;
  /** What an empty list says. */
  empty: string;
  paging: TablePaging;
  /** The rows of the page. */
  children: ReactNode;
}

/**
 * A list of the console (and the whitelist): its search box if it has one, the load error with "Try again" over the table,
 * placeholder rows while it loads, one row saying it is empty, then the pager.
 */
export function ConsoleTable({
  search,
  label,
  labelledBy,
  head,
  columns,
  query,
  empty,
  paging,
  children,
}: ConsoleTableProps) {
  return (
    <>
      {search ? <SearchField {...search} sx={{ maxWidth: 400 }} /> : null}
      <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      <TableContainer>
        <Table
          size="small"
          aria-label={label}
          aria-labelledby={labelledBy}
          aria-busy={query.isFetching}
        >
          <TableHead>
            <TableRow>{head}</TableRow>
          </TableHead>
          <TableBody>
            {query.isPending ? <SkeletonRows columns={columns} /> : null}
            {query.isSuccess && query.data?.items.length === 0 ? (
              <EmptyRow columns={columns} text={empty} />
            ) : null}
            {children}
          </TableBody>
        </Table>
      </TableContainer>
      {query.data ? <TablePager total={query.data.total} {...paging} /> : null}
    </>
  );
}
