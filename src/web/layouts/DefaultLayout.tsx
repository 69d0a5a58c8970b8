import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../components/BrandLogo';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { signOut } from '../lib/session';

/**
 * The signed-in layout. For now a top bar with the name, the language and sign-out;
 * the navigation, organisation selector and user menu of the spec come with the shell.
 */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut(queryClient);
    } finally {
      setSigningOut(false);
    }
    await navigate({ to: '/login', replace: true });
  };

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Toolbar sx={{ gap: 2 }}>
          <Box sx={{ flex: 1 }}>
            <BrandLogo size={28} />
          </Box>
          <LanguageSwitcher />
          <Button
            variant="outlined"
            onClick={onSignOut}
            disabled={signingOut}
            startIcon={<IconLogout size={18} aria-hidden />}
          >
            {signingOut ? t('layout.signingOut') : t('layout.signOut')}
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        {children}
      </Container>
    </Box>
  );
}
