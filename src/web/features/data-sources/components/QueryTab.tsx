import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  IconChevronDown,
  IconDownload,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import {
  DATA_SOURCE_LIMITS,
  FILE_FILTER_OPERATORS,
  type FileColumn,
  type QueryResult,
} from '../../../../shared/schemas/data-sources';
import { ApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { exportQueryCsv, runQuery, type DataSourceDetail } from '../api/data-sources';
import { useDataSourceErrorText } from '../errors';
import {
  connectionCauseOf,
  fileQueryBody,
  httpQueryBody,
  runFailureKind,
  VALUELESS_OPERATORS,
  type FileFilterRow,
  type FileSortRow,
  type HttpParamRow,
} from '../query-logic';
import { useCauseText } from './ConnectionTestAlert';
import { ResultGrid, ResultSummary } from './ResultGrid';

const isMac = () =>
  typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform || '');

/** The console of a source: SQL for databases, a GET for HTTP APIs, filter and sort for files. */
export function QueryTab({
  source,
  sql,
  onSqlChange,
}: {
  source: DataSourceDetail;
  sql: string;
  onSqlChange: (sql: string) => void;
}) {
  if (source.type === 'http') return <HttpConsole source={source} />;
  if (source.type === 'file') return <FileConsole source={source} />;
  return <SqlConsole source={source} sql={sql} onSqlChange={onSqlChange} />;
}

/** Running a request and exporting it as CSV, shared by the three consoles. */
function useConsole(source: DataSourceDetail) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useDataSourceErrorText();
  const run = useMutation({ mutationFn: (body: unknown) => runQuery(source.id, body) });
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (body: unknown) => {
    setExporting(true);
    try {
      const result = await exportQueryCsv(source.id, body, `${source.name}.csv`);
      enqueueSnackbar(t('dataSources.query.exported', { filename: result.filename }), {
        variant: 'success',
      });
      if (result.truncated) {
        enqueueSnackbar(
          t('dataSources.query.exportTruncated', {
            limit: formatNumber(DATA_SOURCE_LIMITS.exportRowCap),
          }),
          { variant: 'warning' },
        );
      }
    } catch (error) {
      enqueueSnackbar(t('dataSources.query.exportFailed', { message: errorText(error) }), {
        variant: 'error',
      });
    } finally {
      setExporting(false);
    }
  };
  return { run, exporting, exportCsv };
}

function RunError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const errorText = useDataSourceErrorText();
  const causeText = useCauseText();
  const kind = runFailureKind(error);
  const message = error instanceof ApiError ? error.message : errorText(error);
  const cause = connectionCauseOf(error);
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{t(`dataSources.query.errors.${kind}`)}</AlertTitle>
      {kind === 'connection' && cause ? (
        <Typography variant="body2">{causeText(cause)}</Typography>
      ) : null}
      {kind === 'other' ? (
        <Typography variant="body2">{errorText(error)}</Typography>
      ) : kind === 'privileged' || kind === 'tooLarge' ? (
        <Typography variant="body2">
          {t(
            kind === 'privileged'
              ? 'dataSources.privileged.body'
              : 'dataSources.query.tooLargeHelp',
          )}
        </Typography>
      ) : (
        <Box
          component="pre"
          dir="ltr"
          sx={{
            m: 0,
            mt: kind === 'connection' ? 0.5 : 0,
            fontFamily: 'monospace',
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          {message}
        </Box>
      )}
    </Alert>
  );
}

function Results({
  run,
  label,
  footer,
}: {
  run: { isPending: boolean; isError: boolean; error: unknown; data: QueryResult | undefined };
  label: string;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      {run.isPending ? <LinearProgress aria-label={t('dataSources.query.running')} /> : null}
      {run.isError ? <RunError error={run.error} /> : null}
      {run.data && !run.isError ? (
        <>
          <ResultSummary result={run.data} />
          <ResultGrid result={run.data} label={label} />
          {footer}
        </>
      ) : null}
      {!run.data && !run.isError && !run.isPending ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('dataSources.query.nothingYet')}
        </Typography>
      ) : null}
    </Stack>
  );
}

function SqlConsole({
  source,
  sql,
  onSqlChange,
}: {
  source: DataSourceDetail;
  sql: string;
  onSqlChange: (sql: string) => void;
}) {
  const { t } = useTranslation();
  const { run, exporting, exportCsv } = useConsole(source);
  const [emptyError, setEmptyError] = useState(false);
  const shortcut = isMac() ? t('dataSources.query.shortcutMac') : t('dataSources.query.shortcut');
  const body = () => ({ sql });
  const submit = () => {
    if (!sql.trim()) {
      setEmptyError(true);
      return;
    }
    run.mutate(body());
  };
  return (
    <Stack spacing={2}>
      <TextField
        label={t('dataSources.query.sql')}
        value={sql}
        onChange={(event) => {
          onSqlChange(event.target.value);
          setEmptyError(false);
        }}
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
        }}
        multiline
        minRows={6}
        maxRows={20}
        fullWidth
        placeholder={t('dataSources.query.sqlPlaceholder')}
        error={emptyError}
        helperText={
          emptyError
            ? t('dataSources.validation.required')
            : t('dataSources.query.sqlHelp', { shortcut })
        }
        slotProps={{
          htmlInput: {
            dir: 'ltr',
            spellCheck: false,
            autoCapitalize: 'off',
            autoCorrect: 'off',
            maxLength: DATA_SOURCE_LIMITS.sqlMaxLength,
            style: {
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: 14,
            },
          },
        }}
      />
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <Button
          variant="contained"
          onClick={submit}
          disabled={run.isPending}
          startIcon={<IconPlayerPlay size={18} aria-hidden />}
        >
          {run.isPending ? t('dataSources.query.running') : t('dataSources.query.run')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void exportCsv(body())}
          disabled={exporting || !sql.trim()}
          startIcon={<IconDownload size={18} aria-hidden />}
        >
          {exporting ? t('dataSources.query.exporting') : t('dataSources.query.export')}
        </Button>
      </Stack>
      <Results run={run} label={t('dataSources.query.resultsLabel')} />
    </Stack>
  );
}

function HttpConsole({ source }: { source: DataSourceDetail }) {
  const { t } = useTranslation();
  const { run, exporting, exportCsv } = useConsole(source);
  const [path, setPath] = useState('');
  const [params, setParams] = useState<HttpParamRow[]>([]);
  const baseUrl = typeof source.config.baseUrl === 'string' ? source.config.baseUrl : '';
  const body = () => httpQueryBody(path, params);
  const setParam = (index: number, change: Partial<HttpParamRow>) =>
    setParams(params.map((param, i) => (i === index ? { ...param, ...change } : param)));
  const response = run.data?.response;
  return (
    <Stack spacing={2}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run.mutate(body());
        }}
      >
        <Stack spacing={2}>
          <TextField
            label={t('dataSources.query.path')}
            value={path}
            onChange={(event) => setPath(event.target.value)}
            fullWidth
            placeholder={t('dataSources.query.pathPlaceholder')}
            helperText={t('dataSources.query.pathHelp')}
            slotProps={{
              htmlInput: {
                dir: 'ltr',
                spellCheck: false,
                maxLength: DATA_SOURCE_LIMITS.httpPathMaxLength,
                style: { fontFamily: 'monospace' },
              },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Chip size="small" label={t('dataSources.query.get')} sx={{ mr: 1 }} />
                    <Box
                      component="span"
                      dir="ltr"
                      sx={{
                        fontFamily: 'monospace',
                        maxWidth: 260,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                        color: 'text.secondary',
                      }}
                    >
                      {baseUrl.replace(/\/+$/, '')}
                    </Box>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('dataSources.query.params')}
            </Typography>
            <Stack spacing={1.5}>
              {params.map((param, index) => (
                <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <TextField
                    size="small"
                    label={t('dataSources.query.paramName', { number: index + 1 })}
                    value={param.name}
                    onChange={(event) => setParam(index, { name: event.target.value })}
                    sx={{ flex: 1 }}
                  />
                  <TextField
                    size="small"
                    label={t('dataSources.query.paramValue', { number: index + 1 })}
                    value={param.value}
                    onChange={(event) => setParam(index, { value: event.target.value })}
                    sx={{ flex: 2 }}
                  />
                  <Tooltip title={t('dataSources.query.removeParam', { number: index + 1 })}>
                    <IconButton
                      aria-label={t('dataSources.query.removeParam', { number: index + 1 })}
                      onClick={() => setParams(params.filter((_p, i) => i !== index))}
                    >
                      <IconTrash size={18} aria-hidden />
                    </IconButton>
                  </Tooltip>
                </Stack>
              ))}
              <Box>
                <Button
                  size="small"
                  startIcon={<IconPlus size={16} aria-hidden />}
                  onClick={() => setParams([...params, { name: '', value: '' }])}
                  disabled={params.length >= DATA_SOURCE_LIMITS.httpMaxQueryParams}
                >
                  {t('dataSources.query.addParam')}
                </Button>
              </Box>
            </Stack>
          </Box>
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', gap: 1.5 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={run.isPending}
              startIcon={<IconPlayerPlay size={18} aria-hidden />}
            >
              {run.isPending ? t('dataSources.query.running') : t('dataSources.query.send')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => void exportCsv(body())}
              disabled={exporting}
              startIcon={<IconDownload size={18} aria-hidden />}
            >
              {exporting ? t('dataSources.query.exporting') : t('dataSources.query.export')}
            </Button>
          </Stack>
        </Stack>
      </Box>
      {response && !run.isError ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color={response.status < 400 ? 'success' : 'error'}
            label={`${response.status} ${response.statusText}`.trim()}
            sx={{ fontWeight: 600 }}
          />
          {response.contentType ? (
            <Typography variant="body2" color="text.secondary" dir="ltr">
              {response.contentType}
            </Typography>
          ) : null}
        </Stack>
      ) : null}
      <Results
        run={run}
        label={t('dataSources.query.resultsLabel')}
        footer={
          response ? (
            <Accordion
              variant="outlined"
              disableGutters
              defaultExpanded={run.data?.columns.length === 0}
            >
              <AccordionSummary expandIcon={<IconChevronDown size={18} aria-hidden />}>
                <Typography>{t('dataSources.query.rawBody')}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                {response.bodyTruncated ? (
                  <Alert severity="info" sx={{ mb: 1 }}>
                    {t('dataSources.query.bodyTruncated')}
                  </Alert>
                ) : null}
                <Box
                  component="pre"
                  dir="ltr"
                  tabIndex={0}
                  sx={{
                    m: 0,
                    p: 1.5,
                    maxHeight: 400,
                    overflow: 'auto',
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                    fontSize: 13,
                    fontFamily: 'monospace',
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-word',
                  }}
                >
                  {response.body || t('dataSources.query.emptyBody')}
                </Box>
              </AccordionDetails>
            </Accordion>
          ) : null
        }
      />
    </Stack>
  );
}

function FileConsole({ source }: { source: DataSourceDetail }) {
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
                  <Tooltip title={t('dataSources.query.removeFilter', { number: index + 1 })}>
                    <IconButton
                      aria-label={t('dataSources.query.removeFilter', { number: index + 1 })}
                      onClick={() => setFilters(filters.filter((_f, i) => i !== index))}
                    >
                      <IconTrash size={18} aria-hidden />
                    </IconButton>
                  </Tooltip>
                </Stack>
              ))}
              <Box>
                <Button
                  size="small"
                  startIcon={<IconPlus size={16} aria-hidden />}
                  onClick={() =>
                    setFilters([...filters, { column: firstColumn, op: 'eq', value: '' }])
                  }
                  disabled={
                    columns.length === 0 || filters.length >= DATA_SOURCE_LIMITS.fileMaxFilters
                  }
                >
                  {t('dataSources.query.addFilter')}
                </Button>
              </Box>
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
                  <Tooltip title={t('dataSources.query.removeSort', { number: index + 1 })}>
                    <IconButton
                      aria-label={t('dataSources.query.removeSort', { number: index + 1 })}
                      onClick={() => setSort(sort.filter((_s, i) => i !== index))}
                    >
                      <IconTrash size={18} aria-hidden />
                    </IconButton>
                  </Tooltip>
                </Stack>
              ))}
              <Box>
                <Button
                  size="small"
                  startIcon={<IconPlus size={16} aria-hidden />}
                  onClick={() => setSort([...sort, { column: firstColumn, direction: 'asc' }])}
                  disabled={columns.length === 0 || sort.length >= DATA_SOURCE_LIMITS.fileMaxSorts}
                >
                  {t('dataSources.query.addSort')}
                </Button>
              </Box>
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
              {exporting ? t('dataSources.query.exporting') : t('dataSources.query.export')}
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
