import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  IconChevronDown,
  IconEye,
  IconPlayerPlay,
  IconRefresh,
  IconSearch,
  IconTable,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaTable } from '../../../../shared/schemas/data-sources';
import { ApiError } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import { formatNumber } from '../../../lib/format';
import { dataSourceSchemaQueryOptions, type DataSourceDetail } from '../api/data-sources';
import { useErrorText } from '../../../components/ErrorAlert';
import { connectionCauseOf, selectAllSql } from '../query-logic';
import { useCauseText } from './ConnectionTestAlert';

/** Tables (and views) with their columns; the inferred columns of a file. */
export function SchemaTab({
  source,
  onQueryTable,
}: {
  source: DataSourceDetail;
  onQueryTable: (sql: string | null) => void;
}) {
  const { t } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const errorText = useErrorText();
  const causeText = useCauseText();
  const [filter, setFilter] = useState('');
  const schema = useQuery({
    ...dataSourceSchemaQueryOptions(orgId, source.id),
    enabled: orgId !== null && source.type !== 'http',
  });

  if (source.type === 'http') {
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => onQueryTable(null)}>
            {t('dataSources.overview.openQuery')}
          </Button>
        }
      >
        {t('dataSources.schema.httpNone')}
      </Alert>
    );
  }
  if (schema.isError) {
    const cause = connectionCauseOf(schema.error);
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void schema.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {cause
          ? t('dataSources.schema.connectionFailed', { cause: causeText(cause) })
          : t('dataSources.schema.loadFailed', { message: errorText(schema.error) })}
        {cause && schema.error instanceof ApiError ? (
          <Typography variant="body2" sx={{ mt: 0.5, opacity: 0.85 }}>
            {t('dataSources.test.details', { message: schema.error.message })}
          </Typography>
        ) : null}
      </Alert>
    );
  }
  if (schema.isPending) {
    return (
      <Stack spacing={1.5} aria-busy>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} />
        ))}
      </Stack>
    );
  }

  const needle = filter.trim().toLowerCase();
  const tables = schema.data.tables.filter(
    (table) =>
      !needle ||
      table.name.toLowerCase().includes(needle) ||
      (table.schema ?? '').toLowerCase().includes(needle) ||
      table.columns.some((column) => column.name.toLowerCase().includes(needle)),
  );
  const sqlSource = source.type === 'postgres' || source.type === 'mysql';

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h6" component="h2">
          {source.type === 'file'
            ? t('dataSources.schema.fileTitle')
            : t('dataSources.schema.title', {
                tables: formatNumber(schema.data.tables.length),
              })}
        </Typography>
        <Stack direction="row" spacing={1}>
          {source.type === 'file' ? null : (
            <TextField
              type="search"
              size="small"
              label={t('dataSources.schema.filter')}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <IconSearch size={16} aria-hidden />
                    </InputAdornment>
                  ),
                },
              }}
            />
          )}
          <Button
            onClick={() => void schema.refetch()}
            disabled={schema.isFetching}
            startIcon={<IconRefresh size={18} aria-hidden />}
          >
            {t('dataSources.schema.refresh')}
          </Button>
        </Stack>
      </Stack>
      {schema.data.truncated ? (
        <Alert severity="info">{t('dataSources.schema.truncated')}</Alert>
      ) : null}
      {schema.data.tables.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('dataSources.schema.empty')}
        </Typography>
      ) : tables.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('dataSources.schema.noMatch')}
        </Typography>
      ) : (
        <Box>
          {tables.map((table) => (
            <TableEntry
              key={`${table.schema ?? ''}.${table.name}`}
              table={table}
              autoExpanded={tables.length === 1 || (Boolean(needle) && tables.length <= 5)}
              onQuery={
                sqlSource
                  ? () => onQueryTable(selectAllSql(source.type as 'postgres' | 'mysql', table))
                  : source.type === 'file'
                    ? () => onQueryTable(null)
                    : undefined
              }
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}

function TableEntry({
  table,
  autoExpanded,
  onQuery,
}: {
  table: SchemaTable;
  /** Open while the user has not toggled it: the only table, or one of few filter matches. */
  autoExpanded: boolean;
  onQuery: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [toggled, setToggled] = useState<boolean | null>(null);
  const qualified = table.schema ? `${table.schema}.${table.name}` : table.name;
  return (
    <Accordion
      expanded={toggled ?? autoExpanded}
      onChange={(_event, expanded) => setToggled(expanded)}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<IconChevronDown size={18} aria-hidden />}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          {table.kind === 'view' ? (
            <IconEye size={18} aria-hidden />
          ) : (
            <IconTable size={18} aria-hidden />
          )}
          <Typography
            component="span"
            dir="ltr"
            sx={{ fontFamily: 'monospace', fontWeight: 600, wordBreak: 'break-all' }}
          >
            {qualified}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={t(`dataSources.schema.kinds.${table.kind}`)}
          />
          <Typography variant="body2" color="text.secondary" component="span" noWrap>
            {t('dataSources.schema.columnCount', {
              columns: formatNumber(table.columns.length),
            })}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('dataSources.schema.columnsOf', { table: qualified })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dataSources.schema.columns.name')}</TableCell>
                <TableCell>{t('dataSources.schema.columns.type')}</TableCell>
                <TableCell>{t('dataSources.schema.columns.nullable')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {table.columns.map((column) => (
                <TableRow key={column.name}>
                  <TableCell dir="ltr" sx={{ fontFamily: 'monospace' }}>
                    {column.name}
                  </TableCell>
                  <TableCell dir="ltr" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
                    {column.type}
                  </TableCell>
                  <TableCell>
                    {column.nullable ? t('dataSources.schema.yes') : t('dataSources.schema.no')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {onQuery ? (
          <Button
            size="small"
            sx={{ mt: 1 }}
            startIcon={<IconPlayerPlay size={16} aria-hidden />}
            onClick={onQuery}
          >
            {t('dataSources.schema.query', { table: qualified })}
          </Button>
        ) : null}
      </AccordionDetails>
    </Accordion>
  );
}
