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
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconBuilding } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { meQueryOptions } from '../../../lib/me';
import { pickOrganization, saveOrganization } from '../../../lib/organization';

const routeApi = getRouteApi('/');

const KNOWN_ROLES = ['admin', 'developer', 'member', 'user', 'client'] as const;
type KnownRole = (typeof KNOWN_ROLES)[number];
const isKnownRole = (role: string): role is KnownRole =>
  (KNOWN_ROLES as readonly string[]).includes(role);

/** The signed-in home: a welcome and the user's organisations (from GET /api/v1/me). */
export function HomePage() {
  const { t } = useTranslation();
  const { session } = routeApi.useRouteContext();
  const me = useQuery(meQueryOptions());
  const selection = me.data ? pickOrganization(me.data) : null;
  const selectedOrgId = selection?.id ?? null;
  const selectedOrgRole = selection?.role ?? null;

  // On sign-in the first membership becomes the selected organisation (spec section 4).
  useEffect(() => {
    if (me.isSuccess) saveOrganization({ id: selectedOrgId, role: selectedOrgRole });
  }, [me.isSuccess, selectedOrgId, selectedOrgRole]);

  const email = me.data?.user.email ?? session?.user.email ?? '';
  const name = me.data?.user.fullName || session?.user.name || email.split('@')[0] || '';
  const roleLabel = (role: string) => (isKnownRole(role) ? t(`home.roles.${role}`) : role);

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {t('home.welcome', { name })}
        </Typography>
        {email ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('home.signedInAs', { email })}
          </Typography>
        ) : null}
      </Box>

      <Card variant="outlined" component="section" aria-labelledby="home-organizations">
        <CardContent>
          <Typography id="home-organizations" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('home.organizations')}
          </Typography>
          {me.isPending ? (
            <Box aria-busy="true" aria-label={t('common.loading')}>
              <Skeleton height={48} />
              <Skeleton height={48} />
            </Box>
          ) : me.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void me.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {t('home.loadError')}
            </Alert>
          ) : me.data.organizations.length === 0 ? (
            <Typography color="text.secondary">{t('home.noOrganizations')}</Typography>
          ) : (
            <List disablePadding>
              {me.data.organizations.map((org) => (
                <ListItem key={org.id} divider disableGutters>
                  <ListItemIcon sx={{ minWidth: 40, color: 'primary.main' }}>
                    <IconBuilding size={22} aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={org.name} secondary={org.slug} />
                  <Stack direction="row" spacing={1}>
                    {org.id === selectedOrgId ? (
                      <Chip size="small" color="primary" label={t('home.current')} />
                    ) : null}
                    <Chip size="small" variant="outlined" label={roleLabel(org.role)} />
                  </Stack>
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
