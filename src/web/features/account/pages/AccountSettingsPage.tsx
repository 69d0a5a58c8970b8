import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { AccountTab } from '../components/AccountTab';
import { NotificationsTab } from '../components/NotificationsTab';
import { SETTINGS_TABS, type SettingsTab } from '../settings-tabs';

const routeApi = getRouteApi('/pages/account-settings/$tab');

/**
 * /pages/account-settings/{tab}. The security tab belongs to the auth feature and the help
 * requests tab to the help feature: the route passes them in.
 */
export function AccountSettingsPage({ security, help }: { security: ReactNode; help: ReactNode }) {
  const { t } = useTranslation();
  const { tab } = routeApi.useParams();
  const navigate = useNavigate();
  const current = tab as SettingsTab;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography variant="h4" component="h1">
        {t('account.settings.title')}
      </Typography>
      <Tabs
        value={current}
        aria-label={t('account.settings.tabsLabel')}
        variant="scrollable"
        allowScrollButtonsMobile
        onChange={(_event, value: SettingsTab) =>
          void navigate({ to: '/pages/account-settings/$tab', params: { tab: value } })
        }
      >
        {SETTINGS_TABS.map((name) => (
          <Tab key={name} value={name} label={t(`account.settings.tabs.${name}`)} />
        ))}
      </Tabs>
      {current === 'account' ? <AccountTab /> : null}
      {current === 'security' ? security : null}
      {current === 'notifications' ? <NotificationsTab /> : null}
      {current === 'help' ? help : null}
    </Box>
  );
}
