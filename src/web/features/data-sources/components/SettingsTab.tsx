import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATA_SOURCE_LIMITS,
  dataSourceNameSchema,
  type ConfiguredDataSourceType,
  type ConnectionTestResult,
} from '../../../../shared/schemas/data-sources';
import { useAbility } from '../../../lib/ability';
import { ApiError } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import {
  dataSourceKeys,
  deleteDataSource,
  testSavedSource,
  updateDataSource,
  type DataSourceDetail,
  type UploadResult,
} from '../api/data-sources';
import { useDataSourceErrorText } from '../errors';
import {
  configOf,
  connectionFormFromSource,
  secretOf,
  serverFieldErrors,
  updateBody,
  validateConnectionForm,
  type ConnectionForm,
  type FieldErrors,
} from '../settings-form';
import { ConnectionFields } from './ConnectionFields';
import { ConnectionTestAlert } from './ConnectionTestAlert';
import { FileUploadFields, UploadReportAlert } from './FileUploadFields';

const dangerFilled = {
  bgcolor: 'error.dark',
  color: 'common.white',
  '&:hover': { bgcolor: 'error.dark', filter: 'brightness(0.92)' },
  '&.Mui-disabled': { bgcolor: 'action.disabledBackground', color: 'action.disabled' },
} as const;

/** Edit a source (who may update), test it, replace a file, delete it (who may delete). */
export function SettingsTab({ source }: { source: DataSourceDetail }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const canUpdate = ability.can('update', 'DataSource');
  const canDelete = ability.can('delete', 'DataSource');
  return (
    <Stack spacing={4}>
      {canUpdate ? null : <Alert severity="info">{t('dataSources.settings.readOnly')}</Alert>}
      {source.type === 'file' ? (
        <FileSettings key={source.updatedAt} source={source} canUpdate={canUpdate} />
      ) : (
        <ConnectionSettings
          key={source.updatedAt}
          source={source}
          type={source.type}
          canUpdate={canUpdate}
        />
      )}
      {canDelete ? <DangerZone source={source} /> : null}
    </Stack>
  );
}

function useSaved(source: DataSourceDetail) {
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  return (updated: DataSourceDetail) => {
    queryClient.setQueryData(dataSourceKeys.detail(orgId, source.id), updated);
    void queryClient.invalidateQueries({ queryKey: dataSourceKeys.all(orgId) });
  };
}

function ConnectionSettings({
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
  const errorText = useDataSourceErrorText();
  const onSaved = useSaved(source);
  const [initial] = useState<ConnectionForm>(() => connectionFormFromSource({ ...source, type }));
  const [form, setForm] = useState<ConnectionForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [testResult, setTestResult] = useState<ConnectionTestResult | null>(null);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);

  const change = (next: ConnectionForm) => {
    setForm(next);
    setTestResult(null);
    if (Object.keys(errors).length) setErrors({});
  };

  const test = useMutation({
    // Edited settings are tested as they are (the stored secret unless replaced).
    mutationFn: () => {
      if (!dirty || !canUpdate) return testSavedSource(source.id);
      const secret = secretOf(type, form);
      return testSavedSource(source.id, {
        config: configOf(type, form),
        ...(secret !== undefined ? { secret } : {}),
      });
    },
    onMutate: () => setTestResult(null),
    onSuccess: setTestResult,
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(serverFieldErrors(error.fields));
    },
  });

  const save = useMutation({
    mutationFn: () => updateDataSource(source.id, updateBody(type, form)),
    onSuccess: (updated) => {
      enqueueSnackbar(t('dataSources.settings.saved'), { variant: 'success' });
      onSaved(updated);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(serverFieldErrors(error.fields));
    },
  });

  const runTest = () => {
    if (dirty && canUpdate) {
      const found = validateConnectionForm(type, form, 'test');
      setErrors(found);
      if (Object.keys(found).length) return;
    }
    test.mutate();
  };
  const runSave = () => {
    const found = validateConnectionForm(type, form, 'update');
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const busy = test.isPending || save.isPending;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        runSave();
      }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('dataSources.settings.title')}
      </Typography>
      <ConnectionFields
        type={type}
        form={form}
        onChange={change}
        errors={errors}
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
                setForm(initial);
                setErrors({});
                setTestResult(null);
              }}
              disabled={!dirty || busy}
            >
              {t('dataSources.settings.discard')}
            </Button>
            <Button type="submit" variant="contained" disabled={!dirty || busy}>
              {save.isPending ? t('dataSources.actions.saving') : t('dataSources.actions.save')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}

function FileSettings({ source, canUpdate }: { source: DataSourceDetail; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useDataSourceErrorText();
  const onSaved = useSaved(source);
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const [name, setName] = useState(source.name);
  const [description, setDescription] = useState(source.description);
  const [nameError, setNameError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<UploadResult | null>(null);
  const dirty = name !== source.name || description !== source.description;

  const save = useMutation({
    mutationFn: () =>
      updateDataSource(source.id, { name: name.trim(), description: description.trim() }),
    onSuccess: (updated) => {
      enqueueSnackbar(t('dataSources.settings.saved'), { variant: 'success' });
      onSaved(updated);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields?.name) setNameError(errorText(error));
    },
  });

  return (
    <Stack spacing={4}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!dataSourceNameSchema.safeParse(name).success) {
            setNameError(t('dataSources.validation.required'));
            return;
          }
          save.mutate();
        }}
      >
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('dataSources.settings.title')}
        </Typography>
        <Stack spacing={2.5}>
          <TextField
            label={t('dataSources.form.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
            required
            fullWidth
            disabled={!canUpdate || save.isPending}
            error={Boolean(nameError)}
            helperText={nameError}
            slotProps={{ htmlInput: { maxLength: DATA_SOURCE_LIMITS.nameMaxLength } }}
          />
          <TextField
            label={t('dataSources.form.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            disabled={!canUpdate || save.isPending}
            slotProps={{ htmlInput: { maxLength: DATA_SOURCE_LIMITS.descriptionMaxLength } }}
          />
          {save.isError && !nameError ? (
            <Alert severity="error">{errorText(save.error)}</Alert>
          ) : null}
          {canUpdate ? (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button
                onClick={() => {
                  setName(source.name);
                  setDescription(source.description);
                  setNameError(null);
                }}
                disabled={!dirty || save.isPending}
              >
                {t('dataSources.settings.discard')}
              </Button>
              <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
                {save.isPending ? t('dataSources.actions.saving') : t('dataSources.actions.save')}
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

function DangerZone({ source }: { source: DataSourceDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useDataSourceErrorText();
  const titleId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => deleteDataSource(source.id),
    onSuccess: () => {
      enqueueSnackbar(t('dataSources.settings.deleted', { name: source.name }), {
        variant: 'success',
      });
      queryClient.removeQueries({ queryKey: dataSourceKeys.detail(orgId, source.id) });
      void queryClient.invalidateQueries({ queryKey: dataSourceKeys.all(orgId) });
      void navigate({ to: '/data-sources' });
    },
  });
  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setTyped('');
    remove.reset();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2.5, borderColor: 'error.main' }}>
      <Typography variant="h6" component="h2">
        {t('dataSources.settings.dangerZone')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="text.secondary">{t('dataSources.settings.deleteHint')}</Typography>
        <Button
          variant="contained"
          sx={{ ...dangerFilled, flexShrink: 0 }}
          startIcon={<IconTrash size={18} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {t('dataSources.settings.delete')}
        </Button>
      </Stack>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>
          {t('dataSources.settings.deleteTitle', { name: source.name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={bodyId}>
            {t('dataSources.settings.deleteBody', { number: source.projects.length })}
          </DialogContentText>
          <TextField
            sx={{ mt: 2 }}
            fullWidth
            size="small"
            label={t('dataSources.settings.deleteTypeName', { name: source.name })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
          />
          {remove.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorText(remove.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={remove.isPending}>
            {t('dataSources.actions.cancel')}
          </Button>
          <Button
            variant="contained"
            sx={dangerFilled}
            onClick={() => remove.mutate()}
            disabled={remove.isPending || typed.trim() !== source.name.trim()}
          >
            {t('dataSources.settings.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
