import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ConnectionFailureCause,
  ConnectionTestResult,
} from '../../../../shared/schemas/data-sources';
import { formatNumber } from '../../../lib/format';

/** The plain-words explanation of a connection failure cause (localised). */
export function useCauseText(): (cause: ConnectionFailureCause | null | undefined) => string {
  const { t } = useTranslation();
  return (cause) => t(`dataSources.causes.${cause ?? 'UNKNOWN'}`);
}

/** The outcome of 'Test connection': success with the time taken, or the cause in plain words. */
export function ConnectionTestAlert({
  result,
  onClose,
  privilegedAction,
}: {
  result: ConnectionTestResult;
  onClose?: () => void;
  /** Shown under the warning about a privileged PostgreSQL role (e.g. an admin's accept button). */
  privilegedAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const causeText = useCauseText();
  const duration = formatNumber(result.durationMs);
  if (result.ok) {
    return (
      <Stack spacing={1}>
        <Alert severity="success" role="status" {...(onClose ? { onClose } : {})}>
          <AlertTitle>{t('dataSources.test.ok')}</AlertTitle>
          {result.serverVersion
            ? t('dataSources.test.okVersion', { duration, version: result.serverVersion })
            : t('dataSources.test.okDuration', { duration })}
        </Alert>
        {result.privilegedRole ? (
          <Alert severity="warning">
            <AlertTitle>{t('dataSources.privileged.title')}</AlertTitle>
            <Typography variant="body2">{t('dataSources.privileged.body')}</Typography>
            {privilegedAction}
          </Alert>
        ) : null}
      </Stack>
    );
  }
  return (
    <Alert severity="error" role="alert" {...(onClose ? { onClose } : {})}>
      <AlertTitle>{t('dataSources.test.failed')}</AlertTitle>
      {causeText(result.cause)}
      {result.message ? (
        <Typography variant="body2" sx={{ mt: 0.5, opacity: 0.85, wordBreak: 'break-word' }}>
          {t('dataSources.test.details', { message: result.message })}
        </Typography>
      ) : null}
    </Alert>
  );
}
