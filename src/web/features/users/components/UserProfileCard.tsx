import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconBuilding, IconCrown, IconCrownOff, IconLock, IconLockOpen } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLink';
import { formatDate } from '../../../lib/format';
import { roleLabel } from '../../../lib/organization';
import type { UserDetail } from '../api/users';
import type { ViewerRights } from '../view-rights';
import type { AdminAction } from './AdminActionDialog';
import { dangerFilledSx } from '../../../components/danger-styles';
import { RoleChip, StatusChip, SuperAdminChip, UserAvatar } from './common';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', py: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" color="text.secondary" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The user card of the view page: who they are, and what the viewer may do about them. */
export function UserProfileCard({
  account,
  rights,
  onAction,
}: {
  account: UserDetail['account'];
  rights: ViewerRights;
  onAction: (action: AdminAction) => void;
}) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('users.common.yes') : t('users.common.no'));

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', pt: 2 }}>
          <UserAvatar name={account.name} image={account.image} size={96} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {account.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
            {account.role ? <RoleChip role={account.role} /> : null}
            <StatusChip status={account.status} />
            {account.superAdmin ? <SuperAdminChip /> : null}
          </Stack>
        </Stack>

        <Divider sx={{ my: 3 }} />
        <Typography
          variant="overline"
          component="h2"
          color="text.secondary"
          id="user-details-title"
        >
          {t('users.view.details')}
        </Typography>
        <Box component="dl" aria-labelledby="user-details-title" sx={{ m: 0 }}>
          <Detail label={t('users.view.fields.username')}>
            {account.username ? <bdi>{account.username}</bdi> : t('users.view.notSet')}
          </Detail>
          <Detail label={t('users.view.fields.email')}>
            <bdi>{account.email}</bdi>
          </Detail>
          <Detail label={t('users.view.fields.status')}>
            {t(`users.status.${account.status}`)}
          </Detail>
          {account.role ? (
            <Detail label={t('users.view.fields.role')}>{roleLabel(t, account.role)}</Detail>
          ) : null}
          <Detail label={t('users.view.fields.superAdmin')}>{yesNo(account.superAdmin)}</Detail>
          <Detail label={t('users.view.fields.twoFactor')}>
            {account.twoFactorEnabled ? t('users.twoFactor.on') : t('users.twoFactor.off')}
          </Detail>
          <Detail label={t('users.view.fields.createdAt')}>{formatDate(account.createdAt)}</Detail>
        </Box>

        {account.status === 'banned' && account.banReason ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('users.view.banReason', { reason: account.banReason })}
          </Alert>
        ) : null}

        {rights.self ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('users.view.self')}{' '}
            <RouterButton
              to="/pages/account-settings/$tab"
              params={{ tab: 'account' }}
              size="small"
              color="inherit"
            >
              {t('users.view.selfLink')}
            </RouterButton>
          </Alert>
        ) : null}

        {rights.administer || rights.manageMembership ? (
          <>
            <Divider sx={{ my: 3 }} />
            <Typography variant="overline" component="h2" color="text.secondary">
              {t('users.view.actions.title')}
            </Typography>
            <Stack spacing={1.5} sx={{ mt: 1 }}>
              {rights.administer ? (
                <>
                  {account.status === 'banned' ? (
                    <Button
                      variant="contained"
                      color="success"
                      startIcon={<IconLockOpen size={18} aria-hidden />}
                      onClick={() => onAction('unban')}
                    >
                      {t('users.view.actions.unban')}
                    </Button>
                  ) : (
                    <Button
                      variant="contained"
                      color="error"
                      sx={dangerFilledSx}
                      startIcon={<IconLock size={18} aria-hidden />}
                      onClick={() => onAction('ban')}
                    >
                      {t('users.view.actions.ban')}
                    </Button>
                  )}
                  {account.superAdmin ? (
                    <Button
                      variant="outlined"
                      startIcon={<IconCrownOff size={18} aria-hidden />}
                      onClick={() => onAction('revoke')}
                    >
                      {t('users.view.actions.revokeSuperAdmin')}
                    </Button>
                  ) : (
                    <Button
                      variant="outlined"
                      startIcon={<IconCrown size={18} aria-hidden />}
                      onClick={() => onAction('grant')}
                    >
                      {t('users.view.actions.grantSuperAdmin')}
                    </Button>
                  )}
                </>
              ) : null}
              {rights.manageMembership ? (
                <>
                  <RouterButton
                    to="/organization"
                    variant="outlined"
                    startIcon={<IconBuilding size={18} aria-hidden />}
                  >
                    {t('users.view.actions.manageMembership')}
                  </RouterButton>
                  <Typography variant="body2" color="text.secondary">
                    {t('users.view.actions.manageMembershipHint')}
                  </Typography>
                </>
              ) : null}
            </Stack>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
