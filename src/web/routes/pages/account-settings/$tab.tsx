import { createFileRoute, notFound } from '@tanstack/react-router';
import { AccountSettingsPage } from '../../../features/account/pages/AccountSettingsPage';
import { isSettingsTab } from '../../../features/account/settings-tabs';
import { SecurityTab } from '../../../features/auth/pages/SecurityTab';

export const Route = createFileRoute('/pages/account-settings/$tab')({
  staticData: { meta: { action: 'read', subject: 'AccountSettings' } },
  beforeLoad: ({ params }) => {
    if (!isSettingsTab(params.tab)) throw notFound();
  },
  component: AccountSettingsRoute,
});

function AccountSettingsRoute() {
  return <AccountSettingsPage security={<SecurityTab />} />;
}
