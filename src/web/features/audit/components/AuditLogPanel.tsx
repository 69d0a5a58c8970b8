import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/constants';
import { ErrorAlert, useErrorText } from '../../../components/ErrorAlert';
import { TablePager } from '../../../components/TablePager';
import { EmptyRow, SkeletonRows } from '../../../components/TableStates';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useAuthState } from '../../../lib/auth-store';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import {
  auditLogsQueryOptions,
  exportAuditLogs,
  type AuditFilters,
  type AuditLogEntry,
} from '../api/audit';
import {
  actionSuggestions,
  EMPTY_AUDIT_FILTERS,
  isKnownAction,
  isKnownTarget,
  KNOWN_ACTIONS,
  validateAuditFilters,
  type AuditFilterInput,
} from '../filters';
import { AuditEntryRows, Mono, shortId } from './AuditEntryRows';

const DEBOUNCE_MS = 300;
const SUGGESTIONS = actionSuggestions();

/** The audit log with filters and CSV export. `organization`: the current organisation's log; `all`: every organisation (super admins). */
export function AuditLogPanel({ scope }: { scope: 'organization' | 'all' }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const errorText = useErrorText();

  const [input, setInput] = useState<AuditFilterInput>(EMPTY_AUDIT_FILTERS);
  const debounced = useDebouncedValue(input, DEBOUNCE_MS);
  const checked = validateAuditFilters(scope, debounced);
  const errors = checked.ok ? {} : checked.errors;
  // While a field is invalid, the list keeps showing what the last valid filters found.
  const [applied, setApplied] = useState<AuditFilters>({ scope });
  const filterKey = JSON.stringify(applied);
  if (checked.ok && JSON.stringify(checked.filters) !== filterKey) setApplied(checked.filters);
  // Changing a filter goes back to the first page.
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const page = paging.key === filterKey ? paging.page : 1;
  const [expanded, setExpanded] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const needsOrganization = scope === 'organization' && orgId === null;
  const logs = useQuery({
    ...auditLogsQueryOptions(orgId, { ...applied, page, pageSize }),
    enabled: !needsOrganization,
  });

  const set = (field: keyof AuditFilterInput) => (value: string) =>
    setInput((previous) => ({ ...previous, [field]: value }));
  const filtered = Object.values(input).some((value) => value.trim() !== '');

  const onExport = async () => {
    if (!checked.ok) return;
    setExporting(true);
    try {
      const result = await exportAuditLogs(checked.filters);
      enqueueSnackbar(t('audit.exported', { filename: result.filename }), { variant: 'success' });
      if (result.truncated) enqueueSnackbar(t('audit.exportTruncated'), { variant: 'warning' });
    } catch (error) {
      enqueueSnackbar(t('audit.exportFailed', { message: errorText(error) }), {
        variant: 'error',
      });
    } finally {
      setExporting(false);
    }
  };

  const actionLabel = (action: string) =>
    isKnownAction(action) ? t(`audit.actionNames.${KNOWN_ACTIONS[action]}`) : action;
  const targetLabel = (target: string) =>
    isKnownTarget(target) ? t(`audit.targets.${target}`) : target;
  const organizationLabel = (entry: AuditLogEntry) =>
    entry.organizationId === null
      ? t('audit.global')
      : (entry.organizationName ?? shortId(entry.organizationId));

  const columns = scope === 'all' ? 7 : 6;
  const items = logs.data?.items ?? [];

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box>
            <Typography id={titleId} variant="h6" component="h2">
              {t('audit.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {scope === 'all' ? t('audit.subtitleAll') : t('audit.subtitleOrganization')}
            </Typography>
          </Box>
          <Button
            variant="outlined"
            startIcon={<IconDownload size={18} aria-hidden />}
            onClick={() => void onExport()}
            disabled={exporting || !checked.ok || needsOrganization}
            sx={{ flexShrink: 0 }}
          >
            {exporting ? t('audit.exporting') : t('audit.export')}
          </Button>
        </Stack>

        <Box
          role="search"
          aria-label={t('audit.filters.label')}
          sx={{
            mt: 3,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 2fr 1fr 1fr auto' },
            alignItems: 'start',
          }}
        >
          <TextField
            size="small"
            label={t('audit.filters.actor')}
            helperText={t('audit.filters.actorHint')}
            value={input.actor}
            onChange={(event) => set('actor')(event.target.value)}
          />
          <Autocomplete
            freeSolo
            options={SUGGESTIONS}
            inputValue={input.action}
            onInputChange={(_event, value) => set('action')(value)}
            getOptionLabel={(option) => option}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                <Stack>
                  <span>
                    {option.endsWith('*')
                      ? t('audit.filters.family', { family: option.slice(0, -2) })
                      : actionLabel(option)}
                  </span>
                  <Typography variant="caption" color="text.secondary">
                    <Mono>{option}</Mono>
                  </Typography>
                </Stack>
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                label={t('audit.filters.action')}
                error={errors.action !== undefined}
                helperText={
                  errors.action ? t('audit.errors.action') : t('audit.filters.actionHint')
                }
              />
            )}
          />
          <TextField
            size="small"
            type="date"
            label={t('audit.filters.from')}
            value={input.from}
            onChange={(event) => set('from')(event.target.value)}
            error={errors.from !== undefined}
            helperText={errors.from ? t('audit.errors.date') : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('audit.filters.to')}
            value={input.to}
            onChange={(event) => set('to')(event.target.value)}
            error={errors.to !== undefined}
            helperText={errors.to ? t(`audit.errors.${errors.to}`) : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button onClick={() => setInput(EMPTY_AUDIT_FILTERS)} disabled={!filtered}>
            {t('audit.filters.clear')}
          </Button>
        </Box>
      </CardContent>
      <Divider />

      {needsOrganization ? (
        <Alert severity="info" sx={{ m: 2 }}>
          {t('audit.noOrganization')}
        </Alert>
      ) : logs.isError ? (
        <ErrorAlert
          lead={t('audit.loadError')}
          error={logs.error}
          onRetry={() => void logs.refetch()}
          sx={{ m: 2 }}
        />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-labelledby={titleId} aria-busy={logs.isFetching}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col" sx={{ width: 48 }}>
                    <Box component="span" sx={visuallyHidden}>
                      {t('audit.columns.details')}
                    </Box>
                  </TableCell>
                  <TableCell scope="col">{t('audit.columns.time')}</TableCell>
                  <TableCell scope="col">{t('audit.columns.actor')}</TableCell>
                  {scope === 'all' ? (
                    <TableCell scope="col">{t('audit.columns.organization')}</TableCell>
                  ) : null}
                  <TableCell scope="col">{t('audit.columns.action')}</TableCell>
                  <TableCell scope="col">{t('audit.columns.target')}</TableCell>
                  <TableCell scope="col">{t('audit.columns.ip')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {logs.isPending ? (
                  <SkeletonRows columns={columns} />
                ) : items.length === 0 ? (
                  <EmptyRow
                    columns={columns}
                    title={filtered ? t('audit.empty.filtered') : t('audit.empty.title')}
                    text={t('audit.empty.body')}
                  />
                ) : (
                  items.map((entry) => (
                    <AuditEntryRows
                      key={entry.id}
                      entry={entry}
                      scope={scope}
                      columns={columns}
                      open={expanded === entry.id}
                      onToggle={() => setExpanded(expanded === entry.id ? null : entry.id)}
                      actionLabel={actionLabel}
                      targetLabel={targetLabel}
                      organizationLabel={organizationLabel}
                    />
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePager
            total={logs.data?.total ?? 0}
            page={page}
            pageSize={pageSize}
            onPageChange={(next) => setPaging({ key: filterKey, page: next })}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPaging({ key: filterKey, page: 1 });
            }}
          />
        </>
      )}
    </Card>
  );
}
