import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/ErrorAlert';
import { ApiError } from '../../../lib/api';
import { updateDataSource, type DataSourceDetail, type UploadResult } from '../api/data-sources';
import { errorText, nameFormSchema, type NameForm } from '../connection-form';
import { FileUploadFields } from './FileUploadFields';
import { NameDescriptionFields } from './NameDescriptionFields';
import { DiscardSaveButtons, SettingsForm } from './SettingsForm';
import { UploadReportAlert } from './UploadReports';
import { useSaved, useSaveSource } from './useSaveSource';

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
  const initial = { name: source.name, description: source.description };
  const form = useForm<NameForm>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: initial,
  });
  const [uploaded, setUploaded] = useState<UploadResult | null>(null);
  const dirty = form.formState.isDirty;
  const nameError = errorText(t, form.formState.errors.name?.message);

  const save = useSaveSource(
    source,
    (values: NameForm) =>
      updateDataSource(source.id, {
        name: values.name.trim(),
        description: values.description.trim(),
      }),
    (error) => {
      if (error instanceof ApiError && error.fields?.name)
        form.setError('name', { message: failureText(error) });
    },
  );

  return (
    <Stack spacing={4}>
      <SettingsForm onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <Stack spacing={2.5}>
          <NameDescriptionFields
            name={form.register('name')}
            description={form.register('description')}
            nameError={nameError}
            disabled={!canUpdate || save.isPending}
          />
          {save.isError && !nameError ? (
            <Alert severity="error">{failureText(save.error)}</Alert>
          ) : null}
          {canUpdate ? (
            <DiscardSaveButtons
              dirty={dirty}
              busy={save.isPending}
              saving={save.isPending}
              onDiscard={() => form.reset(initial)}
              sx={{ justifyContent: 'flex-end' }}
            />
          ) : null}
        </Stack>
      </SettingsForm>
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
              onSaved(result.dataSource);
              enqueueSnackbar(t('dataSources.settings.fileReplaced'), { variant: 'success' });
            }}
          />
        </Box>
      ) : null}
    </Stack>
  );
}
