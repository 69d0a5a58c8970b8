import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
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
}: {
  result: ConnectionTestResult;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const causeText = useCauseText();
  const duration = formatNumber(result.durationMs);
  if (result.ok) {
    return (
      <Alert severity="success" role="status" {...(onClose ? { onClose } : {})}>
        <AlertTitle>{t('dataSources.test.ok')}</AlertTitle>
        {result.serverVersion
          ? t('dataSources.test.okVersion', { duration, version: result.serverVersion })
          : t('dataSources.test.okDuration', { duration })}
      </Alert>
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
