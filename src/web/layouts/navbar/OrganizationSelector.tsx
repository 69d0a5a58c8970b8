import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import {
  IconBuilding,
  IconCheck,
  IconChevronDown,
  IconPlus,
  IconSettings,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterMenuItem } from '../../components/RouterLink';
import { isOrganizationAdmin, selectOrganization, useAuthState } from '../../lib/auth-store';
import type { MeOrganization } from '../../lib/me';
import { roleLabel } from '../../lib/organization';
import { currentOrganizationQueryOptions } from '../../features/organization';
import { CreateOrganizationDialog } from '../../features/organization';

function OrgLogo({ org, size }: { org: Pick<MeOrganization, 'logo'> | undefined; size: number }) {
  return (
    <Avatar
      variant="rounded"
      src={org?.logo ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      <IconBuilding size={Math.round(size * 0.6)} aria-hidden />
    </Avatar>
  );
}

/**
 * The user's organisations with their role. Choosing one makes it the selected organisation:
 * X-Organization-Id changes, the ability rules are rebuilt, and the auth store refetches what
 * is on screen and re-runs the route guard (lib/auth-store selectOrganization). The menu also
 * opens the organisation page and creates a new organisation.
 */
export function OrganizationSelector() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const signedIn = useAuthState((state) => state.userData !== null);
  const organizations = useAuthState((state) => state.organizations);
  const selectedOrgId = useAuthState((state) => state.selectedOrgId);
  const canManage = useAuthState(
    (state) => isOrganizationAdmin(state) || state.userData?.super_admin === true,
  );
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [switching, setSwitching] = useState(false);
  const [creating, setCreating] = useState(false);
  const menuId = useId();

  const member = organizations.find((org) => org.id === selectedOrgId);
  // A super admin may have opened an organisation they do not belong to: its name comes from
  // the organisation itself.
  const outside = useQuery({
    ...currentOrganizationQueryOptions(selectedOrgId),
    enabled: signedIn && selectedOrgId !== null && member === undefined,
  });

  if (!signedIn) return null;
  const selected: (Pick<MeOrganization, 'name' | 'logo'> & { roleText: string }) | undefined =
    member
      ? { ...member, roleText: roleLabel(t, member.role) }
      : outside.data
        ? { ...outside.data, roleText: t('organization.superAdminView') }
        : undefined;

  const close = () => setAnchor(null);
  const switchTo = async (orgId: string) => {
    close();
    if (orgId === selectedOrgId) return;
    setSwitching(true);
    try {
      await selectOrganization(orgId);
    } catch {
      enqueueSnackbar(t('organization.selector.switchFailed'), { variant: 'error' });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={switching}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={
          selected
            ? t('organization.selector.button', { name: selected.name, role: selected.roleText })
            : t('organization.selector.buttonNone')
        }
        endIcon={<IconChevronDown size={16} aria-hidden />}
        sx={{
          textTransform: 'none',
          gap: 0.5,
          px: 1,
          maxWidth: { xs: 150, sm: 280 },
          minWidth: 0,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <OrgLogo org={selected} size={26} />
        <Box sx={{ minWidth: 0, textAlign: 'start', marginInlineStart: 0.75 }}>
          <Typography variant="body2" noWrap dir="auto" sx={{ fontWeight: 500, lineHeight: 1.2 }}>
            {selected ? selected.name : t('organization.selector.none')}
          </Typography>
          {selected ? (
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.2 }}
            >
              {selected.roleText}
            </Typography>
          ) : null}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{
          list: { 'aria-label': t('organization.selector.menu'), dense: false },
          paper: { sx: { minWidth: 280, maxWidth: 360 } },
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {/* Only a visual heading: the menu is named by the same text. */}
        <ListSubheader role="presentation" sx={{ lineHeight: 2.5 }}>
          {t('organization.selector.menu')}
        </ListSubheader>
        {organizations.length === 0 ? (
          <MenuItem disabled>
            <ListItemText primary={t('organization.selector.empty')} />
          </MenuItem>
        ) : null}
        {organizations.map((org) => {
          const current = org.id === selectedOrgId;
          return (
            <MenuItem
              key={org.id}
              role="menuitemradio"
              aria-checked={current}
              selected={current}
              onClick={() => void switchTo(org.id)}
              sx={{ gap: 1.5 }}
            >
              <OrgLogo org={org} size={30} />
              <ListItemText
                primary={org.name}
                slotProps={{ primary: { noWrap: true, dir: 'auto' } }}
                sx={{ minWidth: 0 }}
              />
              <Chip size="small" variant="outlined" label={roleLabel(t, org.role)} />
              <Box sx={{ width: 18, display: 'inline-flex', color: 'primary.main' }}>
                {current ? <IconCheck size={18} aria-hidden /> : null}
              </Box>
            </MenuItem>
          );
        })}
        <Divider />
        {canManage && selected ? (
          <RouterMenuItem to="/organization" onClick={close}>
            <ListItemIcon>
              <IconSettings size={20} aria-hidden />
            </ListItemIcon>
            <ListItemText primary={t('organization.selector.manage')} />
          </RouterMenuItem>
        ) : null}
        <MenuItem
          onClick={() => {
            close();
            setCreating(true);
          }}
        >
          <ListItemIcon>
            <IconPlus size={20} aria-hidden />
          </ListItemIcon>
          <ListItemText primary={t('organization.create.button')} />
        </MenuItem>
      </Menu>
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
