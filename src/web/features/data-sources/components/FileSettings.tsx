import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DATA_SOURCE_LIMITS } from '../../../../shared/schemas/data-sources';
import { useErrorText } from '../../../components/ErrorAlert';
import { ApiError } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import { muiRegister } from '../../../lib/forms';
import {
  dataSourceKeys,
  updateDataSource,
  type DataSourceDetail,
  type UploadResult,
} from '../api/data-sources';
import { errorText, nameFormSchema, type NameForm } from '../connection-form';
import { FileUploadFields } from './FileUploadFields';
import { UploadReportAlert } from './UploadReports';
import { useSaved } from './useSaved';

/** A file source's settings: its name and description, and a new file. */
export function FileSettings({
  source,
  canUpdate,
}: {
  source: DataSourceDetail;
  canUpdate: boolean;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const failureText = useErrorText();
  const onSaved = useSaved(source);
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const initial = { name: source.name, description: source.description };
  const form = useForm<NameForm>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: initial,
  });
  const [uploaded, setUploaded] = useState<UploadResult | null>(null);
  const dirty = form.formState.isDirty;
  const nameError = errorText(t, form.formState.errors.name?.message);

  const save = useMutation({
    mutationFn: (values: NameForm) =>
      updateDataSource(source.id, {
        name: values.name.trim(),
        description: values.description.trim(),
      }),
    onSuccess: (updated) => {
      enqueueSnackbar(t('dataSources.settings.saved'), { variant: 'success' });
      onSaved(updated);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields?.name)
        form.setError('name', { message: failureText(error) });
    },
  });

  return (
    <Stack spacing={4}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      >
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('dataSources.settings.title')}
        </Typography>
        <Stack spacing={2.5}>
          <TextField
            {...muiRegister(form.register('name'))}
            label={t('dataSources.form.name')}
            required
            fullWidth
            disabled={!canUpdate || save.isPending}
            error={Boolean(nameError)}
            helperText={nameError}
            slotProps={{ htmlInput: { maxLength: DATA_SOURCE_LIMITS.nameMaxLength } }}
          />
          <TextField
            {...muiRegister(form.register('description'))}
            label={t('dataSources.form.description')}
            fullWidth
            multiline
            minRows={2}
            disabled={!canUpdate || save.isPending}
            slotProps={{ htmlInput: { maxLength: DATA_SOURCE_LIMITS.descriptionMaxLength } }}
          />
          {save.isError && !nameError ? (
            <Alert severity="error">{failureText(save.error)}</Alert>
          ) : null}
          {canUpdate ? (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => form.reset(initial)} disabled={!dirty || save.isPending}>
                {t('dataSources.settings.discard')}
              </Button>
              <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
                {save.isPending ? t('common.saving') : t('common.save')}
              </Button>
            </Stack>
          ) : null}
        </Stack>
      </Box>
      {canUpdate ? (
        <Box>
          <Divider sx={{ mb: 3 }} />
          <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {t('dataSources.settings.replaceFile')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('dataSources.settings.replaceFileHint')}
          </Typography>
          {uploaded ? (
            <Box sx={{ mb: 2 }}>
              <UploadReportAlert result={uploaded} />
            </Box>
          ) : null}
          <FileUploadFields
            dataSourceId={source.id}
            submitLabel={t('dataSources.settings.replaceFileSubmit')}
            onUploaded={(result) => {
              setUploaded(result);
              queryClient.setQueryData(dataSourceKeys.detail(orgId, source.id), result.dataSource);
              void queryClient.invalidateQueries({ queryKey: dataSourceKeys.all(orgId) });
              enqueueSnackbar(t('dataSources.settings.fileReplaced'), { variant: 'success' });
            }}
          />
        </Box>
      ) : null}
    </Stack>
  );
}
