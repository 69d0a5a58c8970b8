import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AboutTab, ConnectionsTab, TeamsTab } from '../components/ProfileTabs';
import { PROFILE_TABS, type ProfileTab } from '../profile-tabs';

const routeApi = getRouteApi('/pages/user-profile/$tab');

/** /pages/user-profile/{tab}: about and organisations, teams, linked sign-in methods. */
export function UserProfilePage() {
  const { t } = useTranslation();
  const { tab } = routeApi.useParams();
  const navigate = useNavigate();
  const current = tab as ProfileTab;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography variant="h4" component="h1">
        {t('account.profile.title')}
      </Typography>
      <Tabs
        value={current}
        aria-label={t('account.profile.tabsLabel')}
        onChange={(_event, value: ProfileTab) =>
          void navigate({ to: '/pages/user-profile/$tab', params: { tab: value } })
        }
      >
        {PROFILE_TABS.map((name) => (
          <Tab key={name} value={name} label={t(`account.profile.tabs.${name}`)} />
        ))}
      </Tabs>
      {current === 'profile' ? <AboutTab /> : null}
      {current === 'teams' ? <TeamsTab /> : null}
      {current === 'connections' ? <ConnectionsTab /> : null}
    </Box>
  );
}
