import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { dangerFilledSx } from '../../../components/danger-styles';
import { useAuthState } from '../../../lib/auth-store';
import { dataSourceKeys, deleteDataSource, type DataSourceDetail } from '../api/data-sources';

/** Delete the source, after typing its name. */
export function DataSourceDangerZone({ source }: { source: DataSourceDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
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
    setOpen(false);
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
        <Box sx={{ flexShrink: 0 }}>
          <Button
            variant="contained"
            sx={dangerFilledSx}
            startIcon={<IconTrash size={18} aria-hidden />}
            onClick={() => setOpen(true)}
          >
            {t('dataSources.settings.delete')}
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        destructive
        open={open}
        title={t('dataSources.settings.deleteTitle', { name: source.name })}
        body={t('dataSources.settings.deleteBody', { number: source.projects.length })}
        confirmLabel={t('common.delete')}
        typeName={source.name}
        typeNameLabel={t('dataSources.settings.deleteTypeName', { name: source.name })}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
        onClose={close}
      />
    </Paper>
  );
}
