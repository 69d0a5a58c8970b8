import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { RouterButton, RouterLink } from '../../../components/RouterLink';
import { logout, useAuthState } from '../../../lib/auth-store';
import { useNavigationPages } from '../../../lib/navigation';
import { OrganizationList } from '../components/OrganizationList';
import { Welcome } from '../components/Welcome';

/** /home: a landing without navigation, for choosing an organisation and where to go. */
export function HomeLandingPage() {
  const { t } = useTranslation();
  const pages = useNavigationPages();
  const loggingOut = useAuthState((state) => state.loggingOut);

  return (
    <Paper variant="outlined" sx={{ maxWidth: 720, width: '100%', p: { xs: 3, sm: 5 } }}>
      <Stack spacing={4}>
        <BrandLogo size={28} />
        <Welcome />
        <Box component="section" aria-labelledby="landing-organizations">
          <Typography id="landing-organizations" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('home.organizations')}
          </Typography>
          <OrganizationList />
        </Box>
        <Box component="nav" aria-labelledby="landing-links">
          <Typography id="landing-links" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('home.quickLinks')}
          </Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {pages.map((page) => (
              <RouterButton key={page.name} to={page.path} variant="outlined">
                {t(page.titleKey)}
              </RouterButton>
            ))}
          </Stack>
        </Box>
        <Divider />
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Box component="nav" aria-label={t('home.legal')} sx={{ display: 'flex', gap: 2 }}>
            <RouterLink to="/privacy-policy">{t('legal.privacy.title')}</RouterLink>
            <RouterLink to="/terms-conditions">{t('legal.terms.title')}</RouterLink>
          </Box>
          <Button
            variant="text"
            disabled={loggingOut}
            onClick={() => void logout()}
            startIcon={<IconLogout size={18} aria-hidden />}
          >
            {t('userMenu.logout')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
