import { createFileRoute, notFound } from '@tanstack/react-router';
import { AccountSettingsPage } from '../../../features/account/pages/AccountSettingsPage';
import { isSettingsTab } from '../../../features/account/settings-tabs';
import { SecurityTab } from '../../../features/auth/pages/SecurityTab';
import { MyHelpRequests } from '../../../features/help/components/MyHelpRequests';

export interface AccountSettingsSearch {
  /** Set when a provider or an e-mail change link comes back with an error code. */
  error?: string;
  /** The provider that was just linked (google, oidc). */
  linked?: string;
  /** Set when an e-mail change link (to the current or to the new address) comes back. */
  emailChange?: true;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export const Route = createFileRoute('/pages/account-settings/$tab')({
  staticData: { meta: { layout: 'default', action: 'read', subject: 'AccountSettings' } },
  validateSearch: (search: Record<string, unknown>): AccountSettingsSearch => {
    const error = text(search.error);
    const linked = text(search.linked);
    const emailChange = search.emailChange === 1 || search.emailChange === '1';
    return {
      ...(error ? { error } : {}),
      ...(linked ? { linked } : {}),
      ...(emailChange ? { emailChange: true } : {}),
    };
  },
  beforeLoad: ({ params }) => {
    if (!isSettingsTab(params.tab)) throw notFound();
  },
  component: AccountSettingsRoute,
});

function AccountSettingsRoute() {
  return <AccountSettingsPage security={<SecurityTab />} help={<MyHelpRequests />} />;
}
