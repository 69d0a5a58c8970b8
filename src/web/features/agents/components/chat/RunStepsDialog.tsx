import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunStep } from '../../../../../shared/schemas/runs';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { StatusChip, type StatusTone } from '../../../../components/StatusChip';
import { useAuthState } from '../../../../lib/auth-store';
import { formatNumber } from '../../../../lib/format';
import { chatRunQueryOptions } from '../../api/chat';

const TONES: Record<RunStep['status'], StatusTone> = {
  succeeded: 'success',
  failed: 'error',
  reused: 'neutral',
};

const json = (value: unknown) =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);

function Payload({
  label,
  value,
  truncated,
}: {
  label: string;
  value: unknown;
  truncated: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="subtitle2" component="h4">
        {label}
      </Typography>
      <Box
        component="pre"
        dir="ltr"
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          mt: 0.5,
          p: 1,
          maxHeight: 240,
          overflow: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {json(value)}
      </Box>
      {truncated ? (
        <Typography variant="caption" color="warning.main">
          {t('agents.chat.steps.truncated')}
        </Typography>
      ) : null}
    </Box>
  );
}

function StepItem({ step }: { step: RunStep }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, {}, i18n.language);
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 600 }} dir="ltr">
          {step.nodeId}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {step.nodeType}
        </Typography>
        <StatusChip
          label={t(`agents.chat.steps.status.${step.status}`)}
          tone={TONES[step.status]}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {step.durationMs === null
          ? t('agents.chat.steps.noDuration')
          : t('agents.chat.steps.duration', { value: number(step.durationMs) })}
        {' · '}
        {t('agents.chat.steps.tokens', {
          input: number(step.tokensIn),
          output: number(step.tokensOut),
        })}
      </Typography>
      {step.error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {step.error}
        </Alert>
      ) : null}
      <Stack spacing={1} sx={{ mt: 1 }}>
        <Payload
          label={t('agents.chat.steps.input')}
          value={step.input}
          truncated={step.inputTruncated}
        />
        <Payload
          label={t('agents.chat.steps.output')}
          value={step.output}
          truncated={step.outputTruncated}
        />
      </Stack>
    </Box>
  );
}

/** The steps of the run that produced an answer. */
export function RunStepsDialog({
  agentId,
  runId,
  onClose,
}: {
  agentId: string;
  runId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const orgId = useAuthState((state) => state.selectedOrgId);
  const run = useQuery({
    ...chatRunQueryOptions(orgId, agentId, runId ?? ''),
    enabled: orgId !== null && runId !== null,
  });
  return (
    <Dialog
      open={runId !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{t('agents.chat.steps.title')}</DialogTitle>
      <DialogContent>
        {run.isPending && runId !== null ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={20} aria-hidden />
            <Typography>{t('agents.chat.steps.loading')}</Typography>
          </Stack>
        ) : null}
        <ErrorAlert
          error={run.error}
          lead={t('agents.chat.steps.loadFailed')}
          onRetry={() => void run.refetch()}
        />
        {run.data ? (
          run.data.steps.length === 0 ? (
            <Typography color="text.secondary">{t('agents.chat.steps.none')}</Typography>
          ) : (
            <Stack
              component="ol"
              spacing={1.5}
              aria-label={t('agents.chat.steps.list')}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {run.data.steps.map((step) => (
                <StepItem key={step.id} step={step} />
              ))}
            </Stack>
          )
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('agents.chat.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
