import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { IconArrowLeft, IconArrowRight, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DATA_SOURCE_TYPES, type DataSourceType } from '../../../../shared/schemas/data-sources';
import { SubmitForm } from '../../../components/SubmitForm';
import { useAuthState } from '../../../lib/auth-store';
import {
  createDataSource,
  dataSourceKeys,
  testUnsavedSettings,
  type UploadResult,
} from '../api/data-sources';
import { checkForTest, connectionResolver } from '../connection-form';
import { createBody, emptyConnectionForm, type ConnectionForm } from '../settings-form';
import { ConnectionFields } from './ConnectionFields';
import {
  ConnectionFeedback,
  showServerFieldErrors,
  TestConnectionButton,
  useConnectionTest,
} from './ConnectionTest';
import { DataSourceTypeIcon } from './DataSourceTypeIcon';
import { FileUploadFields } from './FileUploadFields';
import { UploadReportAlert } from './UploadReports';

/**
 * "New data source": pick a type, then fill its form. Databases and HTTP APIs can be tested
 * before they are saved; a file is uploaded (with a report of its bad rows).
 */
export function CreateDataSourceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [type, setType] = useState<DataSourceType | null>(null);

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      scroll="paper"
    >
      <Stack direction="row" sx={{ alignItems: 'center', paddingInlineStart: type ? 1.5 : 0 }}>
        {type ? (
          <IconButton
            aria-label={t('dataSources.create.back')}
            onClick={() => setType(null)}
            size="small"
            sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }}
          >
            <IconArrowLeft size={20} aria-hidden />
          </IconButton>
        ) : null}
        <DialogTitle
          id={titleId}
          sx={{ flex: 1, paddingInlineEnd: 7, paddingInlineStart: type ? 1 : undefined }}
        >
          {type
            ? t('dataSources.create.titleOf', { type: t(`dataSources.types.${type}`) })
            : t('dataSources.create.title')}
        </DialogTitle>
      </Stack>
      <IconButton
        aria-label={t('common.close')}
        onClick={onClose}
        sx={{ position: 'absolute', insetInlineEnd: 12, top: 12 }}
      >
        <IconX size={20} aria-hidden />
      </IconButton>
      {type === null ? (
        <TypePicker onPick={setType} />
      ) : type === 'file' ? (
        <FileStep onClose={onClose} />
      ) : (
        <ConnectionStep type={type} onClose={onClose} />
      )}
    </Dialog>
  );
}

function TypePicker({ onPick }: { onPick: (type: DataSourceType) => void }) {
  const { t } = useTranslation();
  return (
    <DialogContent>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dataSources.create.chooseType')}
      </Typography>
      <Grid container spacing={2}>
        {DATA_SOURCE_TYPES.map((type) => (
          <Grid key={type} size={{ xs: 12, sm: 6 }}>
            <ButtonBase
              onClick={() => onPick(type)}
              sx={{
                width: '100%',
                height: '100%',
                p: 2,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                textAlign: 'start',
                justifyContent: 'flex-start',
                alignItems: 'flex-start',
                gap: 2,
                transition: 'border-color 120ms, box-shadow 120ms',
                '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main', boxShadow: 2 },
              }}
            >
              <DataSourceTypeIcon type={type} size={44} />
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{t(`dataSources.types.${type}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`dataSources.create.typeDescriptions.${type}`)}
                </Typography>
              </Box>
              <Box
                sx={{
                  alignSelf: 'center',
                  color: 'text.secondary',
                  display: 'flex',
                  '[dir=rtl] &': { transform: 'scaleX(-1)' },
                }}
              >
                <IconArrowRight size={18} aria-hidden />
              </Box>
            </ButtonBase>
          </Grid>
        ))}
      </Grid>
    </DialogContent>
  );
}

/** After a source is created: the lists refresh, the user is told, and its page opens. */
function useCreated(onClose: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const { enqueueSnackbar } = useSnackbar();
  return {
    announce: (source: { name: string }) => {
      void queryClient.invalidateQueries({ queryKey: dataSourceKeys.all(orgId) });
      enqueueSnackbar(t('dataSources.create.created', { name: source.name }), {
        variant: 'success',
      });
    },
    open: (source: { id: string }) => {
      onClose();
      void navigate({ to: '/data-sources/$id', params: { id: source.id } });
    },
  };
}

function ConnectionStep({
  type,
  onClose,
}: {
  type: 'postgres' | 'mysql' | 'http';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const created = useCreated(onClose);
  const form = useForm<ConnectionForm>({
    resolver: connectionResolver(type, 'create'),
    defaultValues: emptyConnectionForm(type),
  });
  const check = useConnectionTest(form, (values: ConnectionForm) =>
    testUnsavedSettings(createBody(type, values)),
  );

  const save = useMutation({
    mutationFn: (values: ConnectionForm) => createDataSource(createBody(type, values)),
    onSuccess: (source) => {
      created.announce(source);
      created.open(source);
    },
    onError: showServerFieldErrors(form),
  });

  const runTest = () => {
    if (checkForTest(form, type)) check.test.mutate(form.getValues());
  };
  const busy = check.test.isPending || save.isPending;

  return (
    <>
      <DialogContent dividers>
        <SubmitForm
          id="create-data-source-form"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <ConnectionFields type={type} form={form} disabled={busy} />
        </SubmitForm>
        <ConnectionFeedback check={check} save={save} />
      </DialogContent>
      <DialogActions
        sx={{ px: 3, py: 2, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <TestConnectionButton check={check} onClick={runTest} disabled={busy} />
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" type="submit" form="create-data-source-form" disabled={busy}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </Stack>
      </DialogActions>
    </>
  );
}

function FileStep({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const created = useCreated(onClose);
  const [done, setDone] = useState<UploadResult | null>(null);

  const onUploaded = (result: UploadResult) => {
    created.announce(result.dataSource);
    // With skipped rows, the report stays on screen until the user has read it.
    if (result.report.skippedRows > 0) setDone(result);
    else created.open(result.dataSource);
  };

  if (done) {
    return (
      <>
        <DialogContent dividers>
          <UploadReportAlert result={done} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button variant="contained" onClick={() => created.open(done.dataSource)}>
            {t('dataSources.create.openSource')}
          </Button>
        </DialogActions>
      </>
    );
  }
  return (
    <DialogContent dividers>
      <FileUploadFields
        onUploaded={onUploaded}
        onCancel={onClose}
        submitLabel={t('dataSources.upload.submit')}
      />
    </DialogContent>
  );
}
