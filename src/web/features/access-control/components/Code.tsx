import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** An identifier or JSON, kept left-to-right inside right-to-left text. */
export function Code({ children }: { children: ReactNode }) {
  return (
    <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace' }}>
      {children}
    </Box>
  );
}
