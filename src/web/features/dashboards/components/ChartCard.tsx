import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';

/** The data of a chart as a table: a header row and one row per item (already formatted). */
export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface ChartCardProps {
  title: string;
  /** One sentence saying what the chart shows (the chart's accessible name). */
  summary: string;
  /** The same data as a table, for screen readers. */
  table: ChartTable;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string | null;
  loading?: boolean;
  height?: number;
  action?: ReactNode;
  children: ReactNode;
}

/**
 * A chart in a card: a heading, the chart as an image named by its summary, and the same
 * figures in a visually hidden table (the textual alternative); an empty state instead of an
 * empty chart.
 */
export function ChartCard({
  title,
  summary,
  table,
  empty,
  loading = false,
  height = 280,
  action,
  children,
}: ChartCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%' }}
      component="section"
      aria-labelledby={headingId}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {loading ? (
          <Skeleton variant="rounded" height={height} />
        ) : empty ? (
          <Box
            sx={{
              height,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              textAlign: 'center',
              color: 'text.secondary',
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 2,
              px: 3,
            }}
          >
            <Typography>{empty}</Typography>
          </Box>
        ) : (
          <>
            <Box role="img" aria-label={summary} sx={{ height, minWidth: 0 }}>
              {children}
            </Box>
            <Box component="table" sx={visuallyHidden}>
              <caption>{t('customers.dashboard.charts.dataTable', { title })}</caption>
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, cellIndex) =>
                      cellIndex === 0 ? (
                        <th key={cellIndex} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={cellIndex}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
