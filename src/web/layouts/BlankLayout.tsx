import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { HelpButton } from '../features/help';

/**
 * Full-page layout without navigation (auth pages, errors): content centred, language at the
 * top. `fill`: the content takes the rest of the viewport's height (the try-builder's canvas).
 */
export function BlankLayout({ children, fill = false }: { children: ReactNode; fill?: boolean }) {
  return (
    <Box
      sx={{
        ...(fill ? { height: '100dvh', overflow: 'hidden' } : { minHeight: '100dvh' }),
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
          minHeight: 0,
          ...(fill
            ? { flexDirection: 'column', alignItems: 'stretch' }
            : { alignItems: 'center', justifyContent: 'center' }),
          p: { xs: 2, sm: 3 },
        }}
      >
        {children}
      </Box>
      <HelpButton />
    </Box>
  );
}
