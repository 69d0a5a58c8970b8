import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteOrganization,
  useLeaveOrganization,
  type CurrentOrganization,
} from '../api/organization';
import { dangerFilledSx, dangerTextSx } from '../../../components/danger-styles';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

function DangerRow({ title, body, action }: { title: string; body: ReactNode; action: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: { sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        justifyContent: 'space-between',
      }}
    >
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {body}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0 }}>{action}</Box>
    </Box>
  );
}

/**
 * Leave the organisation (members; never the last admin), and delete it after typing its
 * name (super admins only, docs/decisions/0005; hidden otherwise).
 */
export function DangerZoneTab({
  organization,
  canDelete,
}: {
  organization: CurrentOrganization;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState<'leave' | 'delete' | null>(null);
  const done = (message: string) => {
    setConfirming(null);
    enqueueSnackbar(message, { variant: 'success' });
  };
  const leave = useLeaveOrganization(() =>
    done(t('organization.danger.leave.done', { name: organization.name })),
  );
  const remove = useDeleteOrganization(() =>
    done(t('organization.danger.delete.done', { name: organization.name })),
  );

  const isMember = organization.role !== null;
  const lastAdmin = organization.role === 'admin' && organization.adminCount <= 1;

  return (
    <Card sx={{ borderColor: 'error.main', borderWidth: 1, borderStyle: 'solid' }}>
      <CardHeader
        title={t('organization.danger.title')}
        subheader={t('organization.danger.subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h6', sx: dangerTextSx } }}
      />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {isMember ? (
          <DangerRow
            title={t('organization.danger.leave.title')}
            body={
              lastAdmin
                ? t('organization.danger.leave.lastAdmin')
                : t('organization.danger.leave.body', { name: organization.name })
            }
            action={
              <Button
                variant="outlined"
                color="error"
                sx={dangerTextSx}
                disabled={lastAdmin}
                onClick={() => {
                  leave.reset();
                  setConfirming('leave');
                }}
              >
                {t('organization.danger.leave.button')}
              </Button>
            }
          />
        ) : null}
        {isMember && canDelete ? <Divider /> : null}
        {canDelete ? (
          <DangerRow
            title={t('organization.danger.delete.title')}
            body={t('organization.danger.delete.body')}
            action={
              <Button
                variant="contained"
                color="error"
                sx={dangerFilledSx}
                onClick={() => {
                  remove.reset();
                  setConfirming('delete');
                }}
              >
                {t('organization.danger.delete.button')}
              </Button>
            }
          />
        ) : null}
        {!isMember && !canDelete ? (
          <Typography color="text.secondary">{t('organization.danger.nothing')}</Typography>
        ) : null}
      </CardContent>
      <ConfirmDialog
        destructive
        open={confirming === 'leave'}
        title={t('organization.danger.leave.confirmTitle', { name: organization.name })}
        body={t('organization.danger.leave.confirmBody', { name: organization.name })}
        confirmLabel={t('organization.danger.leave.confirm')}
        pending={leave.isPending}
        error={leave.error}
        onClose={() => setConfirming(null)}
        onConfirm={() => leave.mutate(undefined)}
      />
      <ConfirmDialog
        destructive
        open={confirming === 'delete'}
        title={t('organization.danger.delete.confirmTitle', { name: organization.name })}
        body={t('organization.danger.delete.confirmBody', { name: organization.name })}
        confirmLabel={t('organization.danger.delete.confirm')}
        pending={remove.isPending}
        error={remove.error}
        typeName={organization.name}
        typeNameLabel={t('organization.danger.delete.typeName')}
        onClose={() => setConfirming(null)}
        onConfirm={() => remove.mutate(organization.name)}
      />
    </Card>
  );
}
