import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
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

import { RowInput, RowList, RowSelect, useRows } from './EditableRows';
import { ConsoleActions, ConsoleForm, Results, useConsole } from './QueryConsole';

export function FileConsole({ source }: { source: DataSourceDetail }) {
  const { t } = useTranslation();
  const { run, exporting, exportCsv } = useConsole(source);
  const columns: FileColumn[] = Array.isArray(source.config.columns)
    ? (source.config.columns as FileColumn[])
    : [];
  const filters = useRows<FileFilterRow>();
  const sort = useRows<FileSortRow>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const body = (nextPage = page, nextSize = pageSize) =>
    fileQueryBody(filters.rows, sort.rows, nextPage, nextSize);
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
  const columnOptions = columns.map((column) => ({ value: column.name, label: column.name }));
  const operatorOptions = FILE_FILTER_OPERATORS.map((op) => ({
    value: op,
    label: t(`dataSources.query.operators.${op}`),
  }));
  const directionOptions = [
    { value: 'asc', label: t('dataSources.query.ascending') },
    { value: 'desc', label: t('dataSources.query.descending') },
  ];
  return (
    <Stack spacing={2.5}>
      <ConsoleForm onSubmit={() => apply(1)}>
        <RowList
          title={t('dataSources.query.filters')}
          list={filters}
          stackOnSmall
          renderRow={(filter, index) => (
            <>
              <RowSelect
                label={t('dataSources.query.filterColumn', { number: index + 1 })}
                value={filter.column}
                options={columnOptions}
                onChange={(column) => filters.update(index, { column })}
                sx={{ minWidth: 160, flex: 1 }}
              />
              <RowSelect
                label={t('dataSources.query.filterOperator', { number: index + 1 })}
                value={filter.op}
                options={operatorOptions}
                onChange={(value) =>
                  filters.update(index, {
                    op: FILE_FILTER_OPERATORS.find((op) => op === value) ?? 'eq',
                  })
                }
                sx={{ minWidth: 150 }}
              />
              {VALUELESS_OPERATORS.includes(filter.op) ? (
                <Box sx={{ flex: 1 }} />
              ) : (
                <RowInput
                  label={t('dataSources.query.filterValue', { number: index + 1 })}
                  value={filter.value}
                  onChange={(value) => filters.update(index, { value })}
                  sx={{ flex: 1 }}
                />
              )}
            </>
          )}
          removeLabel={(number) => t('dataSources.query.removeFilter', { number })}
          addLabel={t('dataSources.query.addFilter')}
          newRow={(): FileFilterRow => ({ column: firstColumn, op: 'eq', value: '' })}
          canAdd={columns.length > 0}
          max={DATA_SOURCE_LIMITS.fileMaxFilters}
        />
        <RowList
          title={t('dataSources.query.sort')}
          list={sort}
          renderRow={(entry, index) => (
            <>
              <RowSelect
                label={t('dataSources.query.sortColumn', { number: index + 1 })}
                value={entry.column}
                options={columnOptions}
                onChange={(column) => sort.update(index, { column })}
                sx={{ minWidth: 160, flex: 1 }}
              />
              <RowSelect
                label={t('dataSources.query.sortDirection', { number: index + 1 })}
                value={entry.direction}
                options={directionOptions}
                onChange={(value) =>
                  sort.update(index, { direction: value === 'desc' ? 'desc' : 'asc' })
                }
                sx={{ minWidth: 150 }}
              />
            </>
          )}
          removeLabel={(number) => t('dataSources.query.removeSort', { number })}
          addLabel={t('dataSources.query.addSort')}
          newRow={(): FileSortRow => ({ column: firstColumn, direction: 'asc' })}
          canAdd={columns.length > 0}
          max={DATA_SOURCE_LIMITS.fileMaxSorts}
        />
        <ConsoleActions
          runLabel={t('dataSources.query.apply')}
          running={run.isPending}
          exporting={exporting}
          onExport={() => void exportCsv(body(1, pageSize))}
        />
      </ConsoleForm>
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
