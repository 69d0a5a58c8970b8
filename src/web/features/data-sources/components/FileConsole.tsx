import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { DATA_SOURCE_LIMITS, type FileColumn } from '../../../../shared/schemas/data-sources';
import { FILE_FILTER_OPERATORS } from '../../../../shared/schemas/data-source-queries';
import { formatNumber } from '../../../lib/format';
import { type DataSourceDetail } from '../api/data-sources';
import {
  fileQueryBody,
  VALUELESS_OPERATORS,
  type FileFilterRow,
  type FileSortRow,
} from '../query-logic';

import { Results, useConsole } from './QueryConsole';
import { AddRowButton, RemoveRowButton } from './RowButtons';

export function FileConsole({ source }: { source: DataSourceDetail }) {
  const { t } = useTranslation();
  const { run, exporting, exportCsv } = useConsole(source);
  const columns: FileColumn[] = Array.isArray(source.config.columns)
    ? (source.config.columns as FileColumn[])
    : [];
  const [filters, setFilters] = useState<FileFilterRow[]>([]);
  const [sort, setSort] = useState<FileSortRow[]>([]);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const body = (nextPage = page, nextSize = pageSize) =>
    fileQueryBody(filters, sort, nextPage, nextSize);
  const apply = (nextPage = 1, nextSize = pageSize) => {
    setPage(nextPage);
    setPageSize(nextSize);
    run.mutate(body(nextPage, nextSize));
  };
  // The first page shows at once: reading a stored file is cheap.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run.mutate(body());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening
  }, []);
  const firstColumn = columns[0]?.name ?? '';
  const setFilter = (index: number, change: Partial<FileFilterRow>) =>
    setFilters(filters.map((filter, i) => (i === index ? { ...filter, ...change } : filter)));
  const setSortRow = (index: number, change: Partial<FileSortRow>) =>
    setSort(sort.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));
  const columnSelect = (value: string, onChange: (value: string) => void, label: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 160, flex: 1 }}
    >
      {columns.map((column) => (
        <MenuItem key={column.name} value={column.name}>
          {column.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={2.5}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          apply(1);
        }}
      >
        <Stack spacing={2}>
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('dataSources.query.filters')}
            </Typography>
            <Stack spacing={1.5}>
              {filters.map((filter, index) => (
                <Stack
                  key={index}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  {columnSelect(
                    filter.column,
                    (column) => setFilter(index, { column }),
                    t('dataSources.query.filterColumn', { number: index + 1 }),
                  )}
                  <TextField
                    select
                    size="small"
                    label={t('dataSources.query.filterOperator', { number: index + 1 })}
                    value={filter.op}
                    onChange={(event) =>
                      setFilter(index, {
                        op: FILE_FILTER_OPERATORS.find((op) => op === event.target.value) ?? 'eq',
                      })
                    }
                    sx={{ minWidth: 150 }}
                  >
                    {FILE_FILTER_OPERATORS.map((op) => (
                      <MenuItem key={op} value={op}>
                        {t(`dataSources.query.operators.${op}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  {VALUELESS_OPERATORS.includes(filter.op) ? (
                    <Box sx={{ flex: 1 }} />
                  ) : (
                    <TextField
                      size="small"
                      label={t('dataSources.query.filterValue', { number: index + 1 })}
                      value={filter.value}
                      onChange={(event) => setFilter(index, { value: event.target.value })}
                      sx={{ flex: 1 }}
                    />
                  )}
                  <RemoveRowButton
                    label={t('dataSources.query.removeFilter', { number: index + 1 })}
                    onClick={() => setFilters(filters.filter((_f, i) => i !== index))}
                  />
                </Stack>
              ))}
              <AddRowButton
                label={t('dataSources.query.addFilter')}
                onClick={() =>
                  setFilters([...filters, { column: firstColumn, op: 'eq', value: '' }])
                }
                disabled={
                  columns.length === 0 || filters.length >= DATA_SOURCE_LIMITS.fileMaxFilters
                }
              />
            </Stack>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('dataSources.query.sort')}
            </Typography>
            <Stack spacing={1.5}>
              {sort.map((entry, index) => (
                <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {columnSelect(
                    entry.column,
                    (column) => setSortRow(index, { column }),
                    t('dataSources.query.sortColumn', { number: index + 1 }),
                  )}
                  <TextField
                    select
                    size="small"
                    label={t('dataSources.query.sortDirection', { number: index + 1 })}
                    value={entry.direction}
                    onChange={(event) =>
                      setSortRow(index, {
                        direction: event.target.value === 'desc' ? 'desc' : 'asc',
                      })
                    }
                    sx={{ minWidth: 150 }}
                  >
                    <MenuItem value="asc">{t('dataSources.query.ascending')}</MenuItem>
                    <MenuItem value="desc">{t('dataSources.query.descending')}</MenuItem>
                  </TextField>
                  <RemoveRowButton
                    label={t('dataSources.query.removeSort', { number: index + 1 })}
                    onClick={() => setSort(sort.filter((_s, i) => i !== index))}
                  />
                </Stack>
              ))}
              <AddRowButton
                label={t('dataSources.query.addSort')}
                onClick={() => setSort([...sort, { column: firstColumn, direction: 'asc' }])}
                disabled={columns.length === 0 || sort.length >= DATA_SOURCE_LIMITS.fileMaxSorts}
              />
            </Stack>
          </Box>
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', gap: 1.5 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={run.isPending}
              startIcon={<IconPlayerPlay size={18} aria-hidden />}
            >
              {run.isPending ? t('dataSources.query.running') : t('dataSources.query.apply')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => void exportCsv(body(1, pageSize))}
              disabled={exporting}
              startIcon={<IconDownload size={18} aria-hidden />}
            >
              {exporting ? t('dataSources.query.exporting') : t('common.exportCsv')}
            </Button>
          </Stack>
        </Stack>
      </Box>
      <Results
        run={run}
        label={t('dataSources.query.resultsLabel')}
        footer={
          run.data?.total !== undefined ? (
            <TablePagination
              component="div"
              count={run.data.total}
              page={Math.max(0, (run.data.page ?? page) - 1)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[...PAGE_SIZES]}
              onPageChange={(_event, next) => apply(next + 1)}
              onRowsPerPageChange={(event) => apply(1, Number(event.target.value))}
              labelRowsPerPage={t('dataSources.list.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) =>
                t('dataSources.list.displayedRows', {
                  from: formatNumber(from),
                  to: formatNumber(to),
                  count: formatNumber(count),
                })
              }
              getItemAriaLabel={(type) => t(`dataSources.list.pageNav.${type}`)}
            />
          ) : null
        }
      />
    </Stack>
  );
}
