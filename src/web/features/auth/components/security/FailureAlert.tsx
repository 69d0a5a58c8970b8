import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { describeFailure, thrownToFailure } from '../../../../lib/errors';

/** The translated message of a failed call, or nothing. */
export function FailureAlert({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  const failure = thrownToFailure(error);
  const message =
    failure.status === 0 && error instanceof Error && error.message
      ? error.message
      : describeFailure(t, i18n.language, failure);
  return <Alert severity="error">{message}</Alert>;
}
