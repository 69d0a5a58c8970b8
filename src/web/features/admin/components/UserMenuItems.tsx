import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import {
  IconBan,
  IconBuilding,
  IconCrown,
  IconCrownOff,
  IconLogout,
  IconUserCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../api/admin';

/** What the console does to one user (each opens its dialog). */
export type UserDialogKind = 'grant' | 'revoke' | 'unban' | 'sessions' | 'ban' | 'memberships';

/** The items of a user's actions menu in the console's users tab. */
export function UserMenuItems({
  user,
  self,
  onPick,
}: {
  user: AdminUser;
  self: boolean;
  onPick: (kind: UserDialogKind, user: AdminUser) => void;
}) {
  const { t } = useTranslation();
  const banned = user.status === 'banned';
  return [
    <MenuItem key="memberships" onClick={() => onPick('memberships', user)}>
      <ListItemIcon>
        <IconBuilding size={18} aria-hidden />
      </ListItemIcon>
      <ListItemText>{t('admin.users.showMemberships')}</ListItemText>
    </MenuItem>,
    user.superAdmin ? (
      <MenuItem key="revoke" onClick={() => onPick('revoke', user)}>
        <ListItemIcon>
          <IconCrownOff size={18} aria-hidden />
        </ListItemIcon>
        <ListItemText>{t('admin.users.revoke')}</ListItemText>
      </MenuItem>
    ) : (
      <MenuItem key="grant" onClick={() => onPick('grant', user)}>
        <ListItemIcon>
          <IconCrown size={18} aria-hidden />
        </ListItemIcon>
        <ListItemText>{t('admin.users.grant')}</ListItemText>
      </MenuItem>
    ),
    banned ? (
      <MenuItem key="unban" onClick={() => onPick('unban', user)}>
        <ListItemIcon>
          <IconUserCheck size={18} aria-hidden />
        </ListItemIcon>
        <ListItemText>{t('admin.users.unban')}</ListItemText>
      </MenuItem>
    ) : (
      <MenuItem key="ban" disabled={self} onClick={() => onPick('ban', user)}>
        <ListItemIcon>
          <IconBan size={18} aria-hidden />
        </ListItemIcon>
        <ListItemText>{t('admin.users.ban')}</ListItemText>
      </MenuItem>
    ),
    <MenuItem key="sessions" disabled={self} onClick={() => onPick('sessions', user)}>
      <ListItemIcon>
        <IconLogout size={18} aria-hidden />
      </ListItemIcon>
      <ListItemText>{t('admin.users.endSessions')}</ListItemText>
    </MenuItem>,
  ];
}
