import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';

/** Turns a failed call into the text to show (a feature's own known messages, say). */
export type ErrorDescriber = (t: TFunction, language: string, error: unknown) => string;

/** The readable text of a failed call: the API's error shape, or a network failure. */
export const describeError: ErrorDescriber = (t, language, error) => errorText(t, language, error);

/** `describeError` bound to the current language. */
export function useErrorText(describe: ErrorDescriber = describeError): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return (error) => describe(t, i18n.language, error);
}

export interface ErrorAlertProps {
  /** Nothing is shown while this is null/undefined. */
  error: unknown;
  /** A sentence before the error's text, e.g. "The list could not be loaded." */
  lead?: string | undefined;
  /** Shows a "Try again" button. */
  onRetry?: (() => void) | undefined;
  /** How to word the error; by default the API's message (or a network failure). */
  describe?: ErrorDescriber | undefined;
  sx?: AlertProps['sx'];
}

/** The readable message of a failed call, with a retry button when one is given. */
export function ErrorAlert({
  error,
  lead,
  onRetry,
  describe = describeError,
  sx,
}: ErrorAlertProps) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      {lead ? `${lead} ` : null}
      {describe(t, i18n.language, error)}
    </Alert>
  );
}
