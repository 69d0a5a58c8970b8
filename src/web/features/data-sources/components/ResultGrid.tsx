import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DATA_SOURCE_LIMITS, type QueryResult } from '../../../../shared/schemas/data-sources';
import { formatNumber } from '../../../lib/format';
import { cellText } from '../query-logic';

/** The row count, the time taken and, when the row cap cut the result, a notice. */
export function ResultSummary({ result }: { result: QueryResult }) {
  const { t } = useTranslation();
  const rows = result.total ?? result.rowCount;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary" role="status">
        {t('dataSources.query.summary', {
          rows: formatNumber(rows),
          duration: formatNumber(result.durationMs),
        })}
      </Typography>
      {result.truncatedBy === 'bytes' ? (
        <Alert severity="warning">
          {t('dataSources.query.truncatedBytes', {
            rows: formatNumber(rows),
            size: formatNumber(DATA_SOURCE_LIMITS.resultMaxBytes / 1024 / 1024),
          })}
        </Alert>
      ) : result.truncated ? (
        <Alert severity="warning">
          {t('dataSources.query.truncated', { limit: formatNumber(DATA_SOURCE_LIMITS.rowCap) })}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Columns and rows: sticky header, horizontal scroll, NULL shown apart from an empty text. */
export function ResultGrid({ result, label }: { result: QueryResult; label: string }) {
  const { t } = useTranslation();
  if (result.columns.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {t('dataSources.query.noColumns')}
      </Typography>
    );
  }
  return (
    <TableContainer
      sx={{ maxHeight: 520, border: 1, borderColor: 'divider', borderRadius: 1 }}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table stickyHeader size="small" sx={{ width: 'max-content', minWidth: '100%' }}>
        <TableHead>
          <TableRow>
            <TableCell
              align="right"
              sx={{ color: 'text.secondary', width: 48, bgcolor: 'background.paper' }}
            >
              {t('dataSources.query.rowNumber')}
            </TableCell>
            {result.columns.map((column, index) => (
              // Left to right like the values below it, so that a name sits above its values in
              // Arabic too (the RTL style plugin would flip a `left` alignment: `start` it is).
              <TableCell
                key={`${column.name}-${index}`}
                dir="ltr"
                sx={{ bgcolor: 'background.paper', textAlign: 'start' }}
              >
                <Box sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {column.name}
                </Box>
                {column.type ? (
                  <Box
                    sx={{
                      fontFamily: 'monospace',
                      fontSize: 11,
                      color: 'text.secondary',
                      fontWeight: 400,
                    }}
                  >
                    {column.type}
                  </Box>
                ) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={result.columns.length + 1}>
                <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                  {t('dataSources.query.noRows')}
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            result.rows.map((row, rowIndex) => (
              <TableRow key={rowIndex} hover>
                <TableCell align="right" sx={{ color: 'text.secondary', fontSize: 12 }}>
                  {formatNumber(((result.page ?? 1) - 1) * (result.pageSize ?? 0) + rowIndex + 1)}
                </TableCell>
                {result.columns.map((_column, columnIndex) => {
                  const text = cellText(row[columnIndex]);
                  return (
                    <TableCell
                      key={columnIndex}
                      dir="ltr"
                      sx={{
                        fontFamily: 'monospace',
                        fontSize: 13,
                        maxWidth: 420,
                        whiteSpace: 'nowrap',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        textAlign: 'start',
                      }}
                      title={text !== null && text.length > 60 ? text : undefined}
                    >
                      {text === null ? (
                        <Box
                          component="span"
                          sx={{
                            fontStyle: 'italic',
                            color: 'text.secondary',
                            bgcolor: 'action.hover',
                            px: 0.75,
                            borderRadius: 0.5,
                            fontSize: 12,
                          }}
                        >
                          {t('dataSources.query.null')}
                        </Box>
                      ) : (
                        text
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
