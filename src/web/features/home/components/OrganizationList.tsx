import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconBuilding } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshUser, selectOrganization, useAuthState } from '../../../lib/auth-store';
import { roleLabel } from '../../../lib/organization';

/** The user's organisations with their role; the others can be switched to. */
export function OrganizationList() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const organizations = useAuthState((state) => state.organizations);
  const selectedOrgId = useAuthState((state) => state.selectedOrgId);
  const loaded = useAuthState((state) => state.orgDataLoaded);
  const loadError = useAuthState((state) => state.loadError);
  const [switching, setSwitching] = useState(false);

  const switchTo = async (orgId: string) => {
    setSwitching(true);
    try {
      await selectOrganization(orgId);
    } catch {
      enqueueSnackbar(t('organizationSelector.switchFailed'), { variant: 'error' });
    } finally {
      setSwitching(false);
    }
  };

  if (loadError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refreshUser()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('home.loadError')}
      </Alert>
    );
  }
  if (!loaded) {
    return (
      <Box aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Box>
    );
  }
  if (organizations.length === 0) {
    return <Typography color="text.secondary">{t('home.noOrganizations')}</Typography>;
  }
  return (
    <List disablePadding>
      {organizations.map((org) => (
        <ListItem key={org.id} divider disableGutters>
          <ListItemIcon sx={{ minWidth: 40, color: 'primary.main' }}>
            <IconBuilding size={22} aria-hidden />
          </ListItemIcon>
          <ListItemText primary={org.name} secondary={org.slug} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip size="small" variant="outlined" label={roleLabel(t, org.role)} />
            {org.id === selectedOrgId ? (
              <Chip size="small" color="primary" label={t('home.current')} />
            ) : (
              <Button size="small" disabled={switching} onClick={() => void switchTo(org.id)}>
                {t('home.select', { name: org.name })}
              </Button>
            )}
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
