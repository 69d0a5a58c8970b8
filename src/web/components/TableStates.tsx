import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ErrorAlert, type ErrorAlertProps } from './ErrorAlert';

/**
 * Placeholder rows while a table loads (hidden from screen readers: give the table
 * `aria-busy`). `checkbox` makes the first cell a selection box's placeholder.
 */
export function SkeletonRows({
  columns,
  rows = 5,
  checkbox = false,
}: {
  columns: number;
  rows?: number;
  checkbox?: boolean;
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <TableRow key={row} aria-hidden>
          {checkbox ? (
            <TableCell padding="checkbox">
              <Skeleton variant="rounded" width={18} height={18} sx={{ mx: 'auto' }} />
            </TableCell>
          ) : null}
          {Array.from({ length: checkbox ? columns - 1 : columns }, (_, column) => (
            <TableCell key={column}>
              <Skeleton variant="text" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

export interface EmptyStateProps {
  /** A decorative icon over the title (hidden from screen readers). */
  icon?: ReactNode;
  title?: string | undefined;
  text: string;
  /** Actions under the texts, e.g. "Clear filters" or "New customer". */
  children?: ReactNode;
}

/**
 * One row across the table saying that there is nothing to show: a text, or a bold title over
 * the text, an optional icon over them and an optional action under them (e.g. "Clear filters").
 */
export function EmptyRow({ columns, ...state }: EmptyStateProps & { columns: number }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ py: 6, textAlign: 'center' }}>
        <EmptyStateContent {...state} />
      </TableCell>
    </TableRow>
  );
}

/** The empty state's content, for lists that are not tables (cards, a grid). */
export function EmptyStateContent({ icon, title, text, children }: EmptyStateProps) {
  return (
    <>
      {icon ? (
        <Box sx={{ color: 'text.secondary', display: 'inline-flex', mb: 1 }} aria-hidden>
          {icon}
        </Box>
      ) : null}
      {title ? (
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      ) : null}
      <Typography color="text.secondary">{text}</Typography>
      {children}
    </>
  );
}

/**
 * One row across the table with the error of a failed load and a "Try again" button (for lists
 * that keep their header on error; others show an `ErrorAlert` in place of the table).
 */
export function ErrorRow({ columns, ...alert }: ErrorAlertProps & { columns: number }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ py: 2 }}>
        <ErrorAlert {...alert} />
      </TableCell>
    </TableRow>
  );
}
