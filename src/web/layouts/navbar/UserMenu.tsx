import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterMenuItem } from '../../components/RouterLink';
import { logout, useAuthState } from '../../lib/auth-store';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The avatar button and its menu: who is signed in, profile, account settings, log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuthState((state) => state.userData);
  const loggingOut = useAuthState((state) => state.loggingOut);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  if (!user) return null;
  const open = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label={t('userMenu.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <Avatar
          src={user.avatar || undefined}
          alt=""
          sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {initials(user.fullName || user.email)}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box component="li" role="none" sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap dir="auto">
            {user.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider component="li" />
        <RouterMenuItem to="/pages/user-profile/$tab" params={{ tab: 'profile' }} onClick={close}>
          <ListItemIcon>
            <IconUser size={20} aria-hidden />
          </ListItemIcon>
          {t('account.menu.profile')}
        </RouterMenuItem>
        <RouterMenuItem
          to="/pages/account-settings/$tab"
          params={{ tab: 'account' }}
          onClick={close}
        >
          <ListItemIcon>
            <IconSettings size={20} aria-hidden />
          </ListItemIcon>
          {t('account.menu.settings')}
        </RouterMenuItem>
        <MenuItem
          disabled={loggingOut}
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <IconLogout size={20} aria-hidden />
          </ListItemIcon>
          {t('userMenu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
