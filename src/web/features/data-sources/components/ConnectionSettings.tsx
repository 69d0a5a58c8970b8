import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconPlugConnected } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConfiguredDataSourceType } from '../../../../shared/schemas/data-sources';
import { useErrorText } from '../../../components/ErrorAlert';
import { ApiError } from '../../../lib/api';
import { testSavedSource, updateDataSource, type DataSourceDetail } from '../api/data-sources';
import { checkForTest, connectionResolver, showFieldErrors } from '../connection-form';
import {
  configOf,
  connectionFormFromSource,
  secretOf,
  serverFieldErrors,
  updateBody,
  type ConnectionForm,
} from '../settings-form';
import { useTestResult } from '../useTestResult';
import { ConnectionFields } from './ConnectionFields';
import { ConnectionTestAlert } from './ConnectionTestAlert';
import { useSaved } from './useSaved';

/** The settings of a database or HTTP source: edit, test (as edited), save, discard. */
export function ConnectionSettings({
  source,
  type,
  canUpdate,
}: {
  source: DataSourceDetail;
  type: ConfiguredDataSourceType;
  canUpdate: boolean;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const onSaved = useSaved(source);
  const [initial] = useState<ConnectionForm>(() => connectionFormFromSource({ ...source, type }));
  const form = useForm<ConnectionForm>({
    resolver: connectionResolver(type, 'update'),
    defaultValues: initial,
  });
  const [testResult, setTestResult] = useTestResult(form);
  const dirty = form.formState.isDirty;

  const test = useMutation({
    // Edited settings are tested as they are (the stored secret unless replaced).
    mutationFn: (values: ConnectionForm | null) => {
      if (!values) return testSavedSource(source.id);
      const secret = secretOf(type, values);
      return testSavedSource(source.id, {
        config: configOf(type, values),
        ...(secret !== undefined ? { secret } : {}),
      });
    },
    onMutate: () => setTestResult(null),
    onSuccess: setTestResult,
    onError: (error) => {
      if (error instanceof ApiError && error.fields)
        showFieldErrors(form, serverFieldErrors(error.fields));
    },
  });

  const save = useMutation({
    mutationFn: (values: ConnectionForm) => updateDataSource(source.id, updateBody(type, values)),
    onSuccess: (updated) => {
      enqueueSnackbar(t('dataSources.settings.saved'), { variant: 'success' });
      onSaved(updated);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields)
        showFieldErrors(form, serverFieldErrors(error.fields));
    },
  });

  const runTest = () => {
    if (!dirty || !canUpdate) test.mutate(null);
    else if (checkForTest(form, type)) test.mutate(form.getValues());
  };
  const busy = test.isPending || save.isPending;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('dataSources.settings.title')}
      </Typography>
      <ConnectionFields
        type={type}
        form={form}
        disabled={!canUpdate || save.isPending}
        storedSecret={source.hasSecret}
      />
      <Stack spacing={2} sx={{ mt: 2 }}>
        {testResult ? (
          <ConnectionTestAlert result={testResult} onClose={() => setTestResult(null)} />
        ) : null}
        {test.isError ? <Alert severity="error">{errorText(test.error)}</Alert> : null}
        {save.isError ? <Alert severity="error">{errorText(save.error)}</Alert> : null}
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 3, justifyContent: 'space-between' }}
      >
        <Button
          variant="outlined"
          onClick={runTest}
          disabled={busy}
          startIcon={<IconPlugConnected size={18} aria-hidden />}
        >
          {test.isPending ? t('dataSources.test.testing') : t('dataSources.test.button')}
        </Button>
        {canUpdate ? (
          <Stack direction="row" spacing={1}>
            <Button
              onClick={() => {
                form.reset(initial);
                setTestResult(null);
              }}
              disabled={!dirty || busy}
            >
              {t('dataSources.settings.discard')}
            </Button>
            <Button type="submit" variant="contained" disabled={!dirty || busy}>
              {save.isPending ? t('common.saving') : t('common.save')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}
