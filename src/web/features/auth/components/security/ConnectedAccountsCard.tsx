import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { IconBrandGoogle, IconKey, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../../lib/runtime-config';
import {
  accountsQueryOptions,
  securityCalls,
  useAuthMutation,
  type LinkableProvider,
} from '../../api/security';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { FailureAlert } from './FailureAlert';

/** Codes Better Auth puts in `?error=` when linking a provider fails, with our message key. */
const LINK_ERRORS = {
  email_does_not_match: 'emailMismatch',
  account_already_linked_to_different_user: 'linkedElsewhere',
  access_denied: 'cancelled',
} as const;

type Row = {
  key: string;
  name: string;
  icon: ReactNode;
  provider: LinkableProvider | null;
  /** The Better Auth account ids of this way of signing in (none: not linked). */
  accountIds: string[];
};

/**
 * The ways to sign in: the password, and Google and the OIDC provider when the server offers
 * them; link or unlink the providers. The last way to sign in cannot be unlinked (the server
 * refuses too). `linkError` is the `?error=` the provider's round trip came back with.
 */
export function ConnectedAccountsCard({
  linkError,
  linked: justLinked,
  onDismiss,
}: {
  linkError?: string | undefined;
  /** The provider whose linking just succeeded (`?linked=`). */
  linked?: string | undefined;
  /** Clears `linkError` and `linked` from the address. */
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const accounts = useQuery(accountsQueryOptions());
  const link = useAuthMutation(securityCalls.linkProvider);
  const unlink = useAuthMutation(securityCalls.unlinkAccount);
  const [confirm, setConfirm] = useState<{ accountId: string; name: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const titleId = useId();

  const list = accounts.data ?? [];
  const idsOf = (providerId: string) =>
    list.filter((account) => account.providerId === providerId).map((account) => account.id);
  const rows: Row[] = [
    {
      key: 'credential',
      name: t('account.settings.connections.password'),
      icon: <IconLock size={22} aria-hidden />,
      provider: null,
      accountIds: idsOf('credential'),
    },
  ];
  if (config?.auth.google) {
    rows.push({
      key: 'google',
      name: t('account.settings.connections.google'),
      icon: <IconBrandGoogle size={22} aria-hidden />,
      provider: 'google',
      accountIds: idsOf('google'),
    });
  }
  if (config?.auth.oidc) {
    rows.push({
      key: 'oidc',
      name: config.auth.oidc.name,
      icon: <IconKey size={22} aria-hidden />,
      provider: 'oidc',
      accountIds: idsOf('oidc'),
    });
  }
  const onlyOne = list.length <= 1;
  const busy = link.isPending || unlink.isPending;
  const linkErrorKey = linkError
    ? (LINK_ERRORS[linkError as keyof typeof LINK_ERRORS] ?? 'linkFailed')
    : null;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2" id={titleId}>
            {t('account.settings.connections.title')}
          </Typography>
          <Typography color="text.secondary">
            {t('account.settings.connections.subtitle')}
          </Typography>
        </Box>
        {linkErrorKey ? (
          <Alert severity="error" onClose={onDismiss}>
            {t(`account.settings.connections.errors.${linkErrorKey}`)}
          </Alert>
        ) : null}
        {justLinked && !linkErrorKey ? (
          <Alert severity="success" role="status" onClose={onDismiss}>
            {t('account.settings.connections.linkedNow', {
              name:
                justLinked === 'oidc'
                  ? (config?.auth.oidc?.name ?? justLinked)
                  : t('account.settings.connections.google'),
            })}
          </Alert>
        ) : null}
        {notice ? (
          <Alert severity="success" role="status" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
        <FailureAlert
          error={link.error ?? unlink.error ?? accounts.error}
          messages={{
            FAILED_TO_UNLINK_LAST_ACCOUNT: t('account.settings.connections.lastMethod'),
            SESSION_NOT_FRESH: t('account.settings.connections.notFresh'),
          }}
        />
        {accounts.isPending ? (
          <Box aria-busy="true" aria-label={t('account.settings.connections.loading')}>
            {rows.map((row) => (
              <Skeleton key={row.key} height={56} />
            ))}
          </Box>
        ) : (
          <List disablePadding>
            {rows.map((row) => {
              const linked = row.accountIds.length > 0;
              let action: ReactNode = null;
              if (row.provider && linked) {
                action = row.accountIds.map((accountId) => (
                  <Button
                    key={accountId}
                    variant="outlined"
                    size="small"
                    disabled={busy || onlyOne}
                    aria-label={t('account.settings.connections.unlinkLabel', { name: row.name })}
                    onClick={() => {
                      onDismiss();
                      setNotice(null);
                      unlink.reset();
                      setConfirm({ accountId, name: row.name });
                    }}
                  >
                    {t('account.settings.connections.unlink')}
                  </Button>
                ));
              } else if (row.provider) {
                const provider = row.provider;
                action = (
                  <Button
                    variant="outlined"
                    size="small"
                    disabled={busy}
                    aria-label={t('account.settings.connections.linkLabel', { name: row.name })}
                    onClick={() => {
                      onDismiss();
                      link.mutate(provider);
                    }}
                  >
                    {t('account.settings.connections.link')}
                  </Button>
                );
              }
              const hint =
                linked && onlyOne
                  ? t('account.settings.connections.onlyMethod')
                  : !row.provider && !linked
                    ? t('account.settings.connections.noPassword')
                    : null;
              return (
                <ListItem key={row.key} divider sx={{ gap: 2, flexWrap: 'wrap', px: 0 }}>
                  <ListItemIcon sx={{ minWidth: 0 }}>{row.icon}</ListItemIcon>
                  <ListItemText primary={row.name} secondary={hint} sx={{ flex: '1 1 12rem' }} />
                  <Chip
                    size="small"
                    color={linked ? 'success' : 'default'}
                    variant={linked ? 'filled' : 'outlined'}
                    label={
                      linked
                        ? t('account.settings.connections.linked')
                        : t('account.settings.connections.notLinked')
                    }
                  />
                  <Box sx={{ display: 'flex', gap: 1, minWidth: 96, justifyContent: 'flex-end' }}>
                    {action}
                  </Box>
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm !== null}
        title={t('account.settings.connections.confirmTitle', { name: confirm?.name ?? '' })}
        body={t('account.settings.connections.confirmBody', { name: confirm?.name ?? '' })}
        confirmLabel={t('account.settings.connections.unlink')}
        destructive
        pending={unlink.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          const { accountId, name } = confirm;
          unlink.mutate(accountId, {
            onSuccess: () => setNotice(t('account.settings.connections.unlinked', { name })),
            onSettled: () => setConfirm(null),
          });
        }}
      />
    </Card>
  );
}
