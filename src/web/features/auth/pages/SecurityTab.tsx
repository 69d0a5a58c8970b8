import Box from '@mui/material/Box';
import { ChangePasswordCard } from '../components/security/ChangePasswordCard';
import { SessionsCard } from '../components/security/SessionsCard';
import { TwoFactorCard } from '../components/security/TwoFactorCard';

/** The security tab of the account settings: password, two-step verification, sessions. */
export function SecurityTab() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <ChangePasswordCard />
      <TwoFactorCard />
      <SessionsCard />
    </Box>
  );
}
