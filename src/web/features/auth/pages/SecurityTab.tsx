import Box from '@mui/material/Box';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { ChangeEmailCard } from '../components/security/ChangeEmailCard';
import { ChangePasswordCard } from '../components/security/ChangePasswordCard';
import { ConnectedAccountsCard } from '../components/security/ConnectedAccountsCard';
import { DeleteAccountCard } from '../components/security/DeleteAccountCard';
import { SessionsCard } from '../components/security/SessionsCard';
import { TwoFactorCard } from '../components/security/TwoFactorCard';

const routeApi = getRouteApi('/pages/account-settings/$tab');

/**
 * The security tab of the account settings: password, e-mail, two-step verification,
 * sessions, connected accounts and deleting the account. Provider and e-mail links come back
 * here with `?linked=`, `?emailChange=1` and `?error=` (which card an error belongs to
 * depends on `emailChange`).
 */
export function SecurityTab() {
  const { error, linked, emailChange } = routeApi.useSearch();
  const navigate = useNavigate();
  const clearSearch = () =>
    void navigate({
      to: '/pages/account-settings/$tab',
      params: { tab: 'security' },
      search: {},
      replace: true,
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <ChangePasswordCard />
      <ChangeEmailCard returned={!!emailChange} linkError={error} onDismiss={clearSearch} />
      <TwoFactorCard />
      <ConnectedAccountsCard
        linkError={emailChange ? undefined : error}
        linked={linked}
        onDismiss={clearSearch}
      />
      <SessionsCard />
      <DeleteAccountCard />
    </Box>
  );
}
