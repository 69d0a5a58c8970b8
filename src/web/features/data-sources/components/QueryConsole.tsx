import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_SOURCE_LIMITS, type QueryResult } from '../../../../shared/schemas/data-sources';
import { ApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { exportQueryCsv, runQuery, type DataSourceDetail } from '../api/data-sources';
import { useErrorText } from '../../../components/ErrorAlert';
import { SubmitForm } from '../../../components/SubmitForm';
import { connectionCauseOf, runFailureKind } from '../query-logic';
import { useCauseText } from './ConnectionTestAlert';
import { ResultGrid, ResultSummary } from './ResultGrid';

export const isMac = () =>
  typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform || '');

/** Running a request and exporting it as CSV, shared by the three consoles. */
export function useConsole(source: DataSourceDetail) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
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

/** A console's form: Enter or the run button sends it, without the browser's validation. */
export function ConsoleForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <SubmitForm onSubmit={onSubmit}>
      <Stack spacing={2}>{children}</Stack>
    </SubmitForm>
  );
}

/** Run (or Apply, Send) and Export CSV under a console; without `onRun`, run submits the form. */
export function ConsoleActions({
  runLabel,
  running,
  onRun,
  exporting,
  onExport,
  exportDisabled = false,
}: {
  runLabel: string;
  running: boolean;
  onRun?: () => void;
  exporting: boolean;
  onExport: () => void;
  exportDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', gap: 1.5 }}>
      <Button
        type={onRun ? 'button' : 'submit'}
        variant="contained"
        onClick={onRun}
        disabled={running}
        startIcon={<IconPlayerPlay size={18} aria-hidden />}
      >
        {running ? t('dataSources.query.running') : runLabel}
      </Button>
      <Button
        variant="outlined"
        onClick={onExport}
        disabled={exporting || exportDisabled}
        startIcon={<IconDownload size={18} aria-hidden />}
      >
        {exporting ? t('dataSources.query.exporting') : t('common.exportCsv')}
      </Button>
    </Stack>
  );
}

export function RunError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
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

export function Results({
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
