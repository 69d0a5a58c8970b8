import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/error-text';
import { thrownToFailure } from '../../../../lib/errors';

/**
 * The translated message of a failed call, or nothing. `messages` gives this card's own
 * text for some of the server's codes; any other failure shows the common text, or the
 * server's message.
 */
export function FailureAlert({
  error,
  messages,
}: {
  error: unknown;
  messages?: Partial<Record<string, string>>;
}) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  const failure = thrownToFailure(error);
  const own = failure.code ? messages?.[failure.code] : undefined;
  const message =
    own ??
    (failure.status === 0 && error instanceof Error && error.message
      ? error.message
      : errorText(t, i18n.language, failure));
  return <Alert severity="error">{message}</Alert>;
}
