import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IconDeviceDesktop, IconLogout, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { detectDevice } from '../../../../shared/user-agent';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import type { UserDetail } from '../api/users';
import type { ViewerRights } from '../view-rights';
import type { AdminAction } from './AdminActionDialog';
import { dangerFilledSx } from '../../../components/danger-styles';
import { SectionCard } from '../../../components/SectionCard';
import { IconText } from '../../../components/IconText';

/** The security tab: two-step verification and the live sessions, for those who may see them. */
export function UserSecurityTab({
  detail,
  rights,
  onAction,
}: {
  detail: UserDetail;
  rights: ViewerRights;
  onAction: (action: AdminAction) => void;
}) {
  const { t } = useTranslation();
  const { account, security } = detail;
  const unknown = t('users.view.sessions.unknown');
  const device = (userAgent: string | null) => {
    const { browser, system } = detectDevice(userAgent);
    if (browser && system) return t('users.view.sessions.deviceOn', { browser, system });
    return browser ?? system ?? t('users.view.sessions.unknownDevice');
  };

  return (
    <Stack spacing={3}>
      <SectionCard id="user-2fa-title" title={t('users.view.twoFactor.title')}>
        <Box sx={{ mt: 1.5 }}>
          <IconText
            icon={account.twoFactorEnabled ? IconShieldCheck : IconShieldOff}
            color={account.twoFactorEnabled ? 'success.main' : 'text.secondary'}
            size={24}
            gap={1.5}
          >
            <Typography component="span">
              {account.twoFactorEnabled
                ? t('users.view.twoFactor.enabled')
                : t('users.view.twoFactor.disabled')}
            </Typography>
          </IconText>
        </Box>
      </SectionCard>

      <SectionCard
        id="user-sessions-title"
        title={t('users.view.sessions.title')}
        action={
          rights.administer && security && security.sessions.length > 0 ? (
            <Button
              variant="contained"
              color="error"
              sx={dangerFilledSx}
              startIcon={<IconLogout size={18} aria-hidden />}
              onClick={() => onAction('endSessions')}
            >
              {t('users.view.actions.endSessions')}
            </Button>
          ) : null
        }
      >
        {security === null ? (
          <Alert severity="info">{t('users.view.sessions.hidden')}</Alert>
        ) : security.sessions.length === 0 ? (
          <Typography color="text.secondary">{t('users.view.sessions.empty')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby="user-sessions-title">
              <TableHead>
                <TableRow>
                  <TableCell>{t('users.view.sessions.device')}</TableCell>
                  <TableCell>{t('users.view.sessions.ip')}</TableCell>
                  <TableCell>{t('users.view.sessions.signedIn')}</TableCell>
                  <TableCell>{t('users.view.sessions.lastActive')}</TableCell>
                  <TableCell>{t('users.view.sessions.expires')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {security.sessions.map((session) => (
                  <TableRow key={session.id}>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <IconDeviceDesktop size={18} aria-hidden />
                        <span title={session.userAgent ?? undefined}>
                          <bdi>{device(session.userAgent)}</bdi>
                        </span>
                        {session.current ? (
                          <Chip
                            size="small"
                            color="primary"
                            label={t('users.view.sessions.current')}
                          />
                        ) : null}
                      </Stack>
                    </TableCell>
                    <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
                      {session.ipAddress || unknown}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(session.createdAt)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <span title={formatDateTime(session.lastActiveAt)}>
                        {formatRelativeTime(session.lastActiveAt)}
                      </span>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(session.expiresAt)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </SectionCard>
    </Stack>
  );
}
