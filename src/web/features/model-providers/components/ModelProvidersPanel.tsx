import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconPencil, IconPlugConnected, IconPlus, IconRobot, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { EmptyRow, ErrorRow, SkeletonRows } from '../../../components/TableStates';
import { useConfirmTarget } from '../../../components/useConfirmTarget';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import { errorText } from '../../../lib/error-text';
import {
  modelProvidersQueryOptions,
  useDeleteModelProvider,
  useTestModelProvider,
  type ModelProvider,
} from '../api/model-providers';
import { ProviderDialog } from './ProviderDialog';

const HEADING_ID = 'model-providers-heading';

/**
 * The organisation's model providers (the organisation page's "Model providers" tab): every
 * member sees them; admins (update Organization) add, edit, test and delete them.
 */
export function ModelProvidersPanel() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const canManage = ability.can('update', 'Organization');
  const orgId = useAuthState((state) => state.selectedOrgId);
  const providers = useQuery(modelProvidersQueryOptions(orgId));
  const remove = useDeleteModelProvider(orgId);
  const test = useTestModelProvider();
  // undefined: closed; null: a new provider.
  const [editing, setEditing] = useState<ModelProvider | null | undefined>(undefined);
  const deletion = useConfirmTarget(
    remove,
    (provider: ModelProvider) => provider,
    (provider) =>
      enqueueSnackbar(t('modelProviders.deleted', { name: provider.name }), { variant: 'success' }),
  );

  const onTest = (provider: ModelProvider) =>
    test.mutate(provider, {
      onSuccess: (result) =>
        enqueueSnackbar(
          result.ok
            ? t('modelProviders.test.ok', {
                name: provider.name,
                model: result.model,
                ms: result.durationMs,
              })
            : t('modelProviders.test.failed', { name: provider.name, message: result.message }),
          { variant: result.ok ? 'success' : 'error' },
        ),
      onError: (error) => enqueueSnackbar(errorText(t, i18n.language, error), { variant: 'error' }),
    });

  const columns = canManage ? 6 : 5;
  const rows = providers.data?.items ?? [];
  return (
    <SectionCard
      id={HEADING_ID}
      title={t('modelProviders.title')}
      intro={t('modelProviders.intro')}
      action={
        canManage ? (
          <Button
            variant="contained"
            startIcon={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing(null)}
          >
            {t('modelProviders.add')}
          </Button>
        ) : null
      }
    >
      {canManage ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('modelProviders.readOnly')}
        </Alert>
      )}
      <TableContainer>
        <Table aria-labelledby={HEADING_ID} size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('modelProviders.columns.name')}</TableCell>
              <TableCell>{t('modelProviders.columns.baseUrl')}</TableCell>
              <TableCell align="right">{t('modelProviders.columns.models')}</TableCell>
              <TableCell>{t('modelProviders.columns.defaultModel')}</TableCell>
              <TableCell>{t('modelProviders.columns.key')}</TableCell>
              {canManage ? <TableCell align="right">{t('common.actions')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {providers.isPending ? <SkeletonRows columns={columns} rows={2} /> : null}
            {providers.isError ? (
              <ErrorRow
                columns={columns}
                error={providers.error}
                onRetry={() => void providers.refetch()}
              />
            ) : null}
            {providers.isSuccess && rows.length === 0 ? (
              <EmptyRow
                columns={columns}
                icon={<IconRobot size={32} />}
                title={t('modelProviders.emptyTitle')}
                text={canManage ? t('modelProviders.emptyAdmin') : t('modelProviders.empty')}
              />
            ) : null}
            {rows.map((provider) => (
              <TableRow key={provider.id} hover>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {provider.name}
                  </Typography>
                  {provider.headerNames.length ? (
                    <Typography variant="caption" color="text.secondary" dir="ltr">
                      {t('modelProviders.headersList', { names: provider.headerNames.join(', ') })}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Typography variant="body2" dir="ltr" sx={{ wordBreak: 'break-all' }}>
                    {provider.baseUrl}
                  </Typography>
                </TableCell>
                <TableCell align="right">{provider.models.length}</TableCell>
                <TableCell>
                  {provider.defaultModel ? (
                    <Typography variant="body2" dir="ltr">
                      {provider.defaultModel}
                    </Typography>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {t('modelProviders.noDefault')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={provider.hasApiKey ? 'success' : 'default'}
                    label={
                      provider.hasApiKey ? t('modelProviders.keyStored') : t('modelProviders.noKey')
                    }
                  />
                </TableCell>
                {canManage ? (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Box sx={{ display: 'inline-flex' }}>
                      <RowAction
                        label={t('modelProviders.test.button', { name: provider.name })}
                        disabled={test.isPending && test.variables?.id === provider.id}
                        onClick={() => onTest(provider)}
                        icon={<IconPlugConnected size={20} aria-hidden />}
                      />
                      <RowAction
                        label={t('modelProviders.edit', { name: provider.name })}
                        onClick={() => setEditing(provider)}
                        icon={<IconPencil size={20} aria-hidden />}
                      />
                      <RowAction
                        label={t('modelProviders.delete', { name: provider.name })}
                        color="error"
                        onClick={() => deletion.ask(provider)}
                        icon={<IconTrash size={20} aria-hidden />}
                      />
                    </Box>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {canManage && editing !== undefined ? (
        <ProviderDialog provider={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <ConfirmDialog
        destructive
        title={t('modelProviders.confirmDelete.title')}
        body={t('modelProviders.confirmDelete.body', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('modelProviders.confirmDelete.confirm')}
        {...deletion.dialog}
      />
    </SectionCard>
  );
}

function RowAction({
  label,
  icon,
  onClick,
  disabled = false,
  color,
}: {
  label: string;
  icon: React.ReactNode;
  onClick: () => void;
  disabled?: boolean;
  color?: 'error';
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} color={color}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
