import Alert from '@mui/material/Alert';
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
import Typography from '@mui/material/Typography';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, useErrorText } from '../../../components/ErrorAlert';
import { TablePager } from '../../../components/TablePager';
import { EmptyRow, SkeletonRows } from '../../../components/TableStates';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useAuthState } from '../../../lib/auth-store';
import { activitySentence } from '../../../lib/activity-sentence';
import { auditLogsQueryOptions, exportAuditLogs, type AuditLogEntry } from '../api/audit';
import { isKnownAction, isKnownTarget, KNOWN_ACTIONS } from '../filters';
import { useAuditFilters } from '../useAuditFilters';
import { AuditEntryRows, shortId } from './AuditEntryRows';
import { AuditFilterFields } from './AuditFilterFields';

/** The audit log with filters and CSV export. `organization`: the current organisation's log; `all`: every organisation (super admins). */
export function AuditLogPanel({ scope }: { scope: 'organization' | 'all' }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const errorText = useErrorText();

  const { list, input, setField, errors, valid, filters, filtered, clear } = useAuditFilters(scope);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const needsOrganization = scope === 'organization' && orgId === null;
  const logs = useQuery({
    ...auditLogsQueryOptions(orgId, { ...filters, page: list.page, pageSize: list.pageSize }),
    enabled: !needsOrganization,
  });

  const onExport = async () => {
    if (!valid) return;
    setExporting(true);
    try {
      const result = await exportAuditLogs(filters);
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

  // An action without a name of its own reads as its sentence, never as its code.
  const actionLabel = (action: string) =>
    isKnownAction(action)
      ? t(`audit.actionNames.${KNOWN_ACTIONS[action]}`)
      : activitySentence(i18n, { action, actorName: null, targetName: null });
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
            disabled={exporting || !valid || needsOrganization}
            sx={{ flexShrink: 0 }}
          >
            {exporting ? t('audit.exporting') : t('audit.export')}
          </Button>
        </Stack>

        <AuditFilterFields
          input={input}
          errors={errors}
          onChange={setField}
          filtered={filtered}
          onClear={clear}
          actionLabel={actionLabel}
        />
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
          <TablePager total={logs.data?.total ?? 0} {...list.paging} />
        </>
      )}
    </Card>
  );
}
