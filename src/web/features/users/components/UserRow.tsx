import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { formatDate } from '../../../lib/format';
import type { UserListItem } from '../api/users';
import { RoleChip, StatusChip, SuperAdminChip, UserAvatar } from './common';
import { IconText } from '../../../components/IconText';

/** One user in /apps/user/list: avatar, name (a link to the user), e-mail, role, status, 2FA. */
export function UserRow({ user, showRole }: { user: UserListItem; showRole: boolean }) {
  const { t } = useTranslation();
  return (
    <TableRow hover>
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 220 }}>
          <UserAvatar name={user.name} image={user.image} />
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <RouterLink
                to="/apps/user/view/$id"
                params={{ id: user.id }}
                underline="hover"
                sx={{ fontWeight: 600 }}
              >
                {user.name}
              </RouterLink>
              {user.superAdmin ? <SuperAdminChip /> : null}
            </Stack>
            <Typography
              variant="body2"
              color="text.secondary"
              dir="ltr"
              sx={{ textAlign: 'start' }}
            >
              <bdi>{user.email}</bdi>
            </Typography>
          </Box>
        </Stack>
      </TableCell>
      {showRole ? <TableCell>{user.role ? <RoleChip role={user.role} /> : null}</TableCell> : null}
      <TableCell>
        <StatusChip status={user.status} />
      </TableCell>
      <TableCell>
        <IconText
          icon={user.twoFactorEnabled ? IconShieldCheck : IconShieldOff}
          color={user.twoFactorEnabled ? 'success.main' : 'text.secondary'}
          gap={0.5}
        >
          {user.twoFactorEnabled ? t('users.twoFactor.on') : t('users.twoFactor.off')}
        </IconText>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt)}</TableCell>
    </TableRow>
  );
}
