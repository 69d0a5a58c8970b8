import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuthState } from '../../../lib/auth-store';

/** "Welcome, name" and the signed-in e-mail address. */
export function Welcome() {
  const { t } = useTranslation();
  const user = useAuthState((state) => state.userData);
  const email = user?.email ?? '';
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {t('home.welcome', { name: user?.fullName ?? '' })}
      </Typography>
      {email ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('home.signedInAs', { email })}
        </Typography>
      ) : null}
    </Box>
  );
}
