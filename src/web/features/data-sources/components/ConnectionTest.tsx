import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { IconPlugConnected } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConnectionTestResult } from '../../../../shared/schemas/data-sources';
import { useErrorText } from '../../../components/ErrorAlert';
import { ApiError } from '../../../lib/api';
import { showFieldErrors, type ConnectionFormApi } from '../connection-form';
import { serverFieldErrors } from '../settings-form';
import { useTestResult } from '../useTestResult';
import { ConnectionTestAlert } from './ConnectionTestAlert';

/** A mutation's onError: a server's field errors (`fields` of a 400) go to the form's fields. */
export const showServerFieldErrors = (form: ConnectionFormApi) => (error: unknown) => {
  if (error instanceof ApiError && error.fields)
    showFieldErrors(form, serverFieldErrors(error.fields));
};

export interface ConnectionTest {
  test: { isPending: boolean; isError: boolean; error: unknown };
  result: ConnectionTestResult | null;
  clearResult: () => void;
}

/** 'Test connection' of a connection form; the result is cleared as soon as the form changes. */
export function useConnectionTest<V>(
  form: ConnectionFormApi,
  testWith: (values: V) => Promise<ConnectionTestResult>,
) {
  const [result, setResult] = useTestResult(form);
  const test = useMutation({
    mutationFn: testWith,
    onMutate: () => setResult(null),
    onSuccess: setResult,
    onError: showServerFieldErrors(form),
  });
  return { test, result, clearResult: () => setResult(null) };
}

export function TestConnectionButton({
  check,
  onClick,
  disabled,
}: {
  check: ConnectionTest;
  onClick: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outlined"
      onClick={onClick}
      disabled={disabled}
      startIcon={<IconPlugConnected size={18} aria-hidden />}
    >
      {check.test.isPending ? t('dataSources.test.testing') : t('dataSources.test.button')}
    </Button>
  );
}

/** Under a connection form: the test's outcome, and why a test or a save failed. */
export function ConnectionFeedback({
  check,
  save,
}: {
  check: ConnectionTest;
  save: { isError: boolean; error: unknown };
}) {
  const errorText = useErrorText();
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      {check.result ? (
        <ConnectionTestAlert result={check.result} onClose={check.clearResult} />
      ) : null}
      {check.test.isError ? <Alert severity="error">{errorText(check.test.error)}</Alert> : null}
      {save.isError ? <Alert severity="error">{errorText(save.error)}</Alert> : null}
    </Stack>
  );
}
