import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { HelpButton } from '../features/help';

/** Full-page layout without navigation (auth pages, errors): content centred, language at the top. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="header"
        sx={{ display: 'flex', justifyContent: 'flex-end', p: { xs: 2, sm: 3 }, pb: 0 }}
      >
        <LanguageSwitcher />
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 3 },
        }}
      >
        {children}
      </Box>
      <HelpButton />
    </Box>
  );
}
