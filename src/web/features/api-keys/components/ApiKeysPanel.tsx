import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconBan, IconExternalLink, IconKey, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyStatus } from '../../../../shared/schemas/api-keys';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { EmptyRow, ErrorRow, SkeletonRows } from '../../../components/TableStates';
import { useConfirmTarget } from '../../../components/useConfirmTarget';
import { useAuthState } from '../../../lib/auth-store';
import { formatDate, formatDateTime } from '../../../lib/format';
import { apiKeysQueryOptions, scopeKey, useRevokeApiKey, type ApiKey } from '../api/api-keys';
import { CreateKeyDialog } from './CreateKeyDialog';
import { SecretDialog } from './SecretDialog';

const HEADING_ID = 'api-keys-heading';
const COLUMNS = 8;
/** The interactive API reference (served by the server, outside the app's routes). */
export const API_DOCS_URL = '/api/docs';
const STATUS_COLOURS: Record<ApiKeyStatus, 'success' | 'default' | 'warning'> = {
  active: 'success',
  expired: 'warning',
  revoked: 'default',
};

/**
 * The organisation's API keys (the organisation page's "API keys" tab, for organisation
 * admins): list, create (the secret shown once) and revoke with confirmation.
 */
export function ApiKeysPanel() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const keys = useQuery(apiKeysQueryOptions(orgId));
  const revoke = useRevokeApiKey(orgId);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const revocation = useConfirmTarget(
    revoke,
    (key: ApiKey) => key,
    (key) => enqueueSnackbar(t('apiKeys.revoke.done', { name: key.name }), { variant: 'success' }),
  );
  const rows = keys.data?.items ?? [];

  return (
    <SectionCard
      id={HEADING_ID}
      title={t('apiKeys.title')}
      intro={t('apiKeys.intro')}
      action={
        <Stack direction="row" spacing={1}>
          <Button
            href={API_DOCS_URL}
            target="_blank"
            rel="noopener"
            endIcon={<IconExternalLink size={16} aria-hidden />}
          >
            {t('apiKeys.docs')}
          </Button>
          <Button
            variant="contained"
            startIcon={<IconPlus size={18} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('apiKeys.add')}
          </Button>
        </Stack>
      }
    >
      <TableContainer>
        <Table aria-labelledby={HEADING_ID} size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('apiKeys.columns.name')}</TableCell>
              <TableCell>{t('apiKeys.columns.prefix')}</TableCell>
              <TableCell>{t('apiKeys.columns.scopes')}</TableCell>
              <TableCell>{t('apiKeys.columns.agent')}</TableCell>
              <TableCell>{t('apiKeys.columns.expires')}</TableCell>
              <TableCell>{t('apiKeys.columns.lastUsed')}</TableCell>
              <TableCell>{t('apiKeys.columns.status')}</TableCell>
              <TableCell align="right">{t('apiKeys.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.isPending ? <SkeletonRows columns={COLUMNS} rows={2} /> : null}
            {keys.isError ? (
              <ErrorRow columns={COLUMNS} error={keys.error} onRetry={() => void keys.refetch()} />
            ) : null}
            {keys.isSuccess && rows.length === 0 ? (
              <EmptyRow
                columns={COLUMNS}
                icon={<IconKey size={32} />}
                title={t('apiKeys.emptyTitle')}
                text={t('apiKeys.empty')}
              />
            ) : null}
            {rows.map((key) => (
              <TableRow key={key.id} hover>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {key.name}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Typography variant="body2" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                    {`${key.prefix}…`}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {key.scopes.map((scope) => (
                      <Chip
                        key={scope}
                        size="small"
                        label={t(`apiKeys.scopes.${scopeKey(scope)}`)}
                      />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell>{key.agent ? key.agent.name : t('apiKeys.allAgents')}</TableCell>
                <TableCell>
                  {key.expiresAt
                    ? formatDate(key.expiresAt, undefined, i18n.language)
                    : t('apiKeys.never')}
                </TableCell>
                <TableCell>
                  {key.lastUsedAt
                    ? t('apiKeys.lastUsedFrom', {
                        when: formatDateTime(key.lastUsedAt, i18n.language),
                        address: key.lastUsedIp ?? '—',
                      })
                    : t('apiKeys.never')}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={STATUS_COLOURS[key.status]}
                    label={t(`apiKeys.status.${key.status}`)}
                  />
                </TableCell>
                <TableCell align="right">
                  {key.status === 'revoked' ? null : (
                    <Tooltip title={t('apiKeys.revoke.button', { name: key.name })}>
                      <IconButton
                        aria-label={t('apiKeys.revoke.button', { name: key.name })}
                        color="error"
                        onClick={() => revocation.ask(key)}
                      >
                        <IconBan size={20} aria-hidden />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {creating ? (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created);
          }}
        />
      ) : null}
      {secret ? <SecretDialog secret={secret} onClose={() => setSecret(null)} /> : null}
      <ConfirmDialog
        destructive
        title={t('apiKeys.revoke.title', { name: revocation.target?.name ?? '' })}
        body={t('apiKeys.revoke.body')}
        confirmLabel={t('apiKeys.revoke.confirm')}
        {...revocation.dialog}
      />
    </SectionCard>
  );
}
