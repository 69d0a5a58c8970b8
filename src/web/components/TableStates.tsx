import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Placeholder rows while a table loads. */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
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

/**
 * One row across the table saying that there is nothing to show: a text, or a bold title over
 * the text, and an optional action under them (e.g. "Clear filters").
 */
export function EmptyRow({
  columns,
  title,
  text,
  children,
}: {
  columns: number;
  title?: string | undefined;
  text: string;
  children?: ReactNode;
}) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ py: 6, textAlign: 'center' }}>
        {title ? (
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        ) : null}
        <Typography color="text.secondary">{text}</Typography>
        {children}
      </TableCell>
    </TableRow>
  );
}
