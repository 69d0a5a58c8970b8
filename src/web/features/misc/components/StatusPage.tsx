import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/BrandLogo';
import { BlankLayout } from '../../../layouts/BlankLayout';
import { useRouteLayout } from '../../../lib/route-layout';

/**
 * A full-page status (not found, not authorised): code, title, explanation and a way on. Alone
 * in its own blank frame, or, for someone signed in, inside the app's frame.
 */
export function StatusPage({
  code,
  title,
  body,
  action,
}: {
  code: string;
  title: string;
  body: string;
  action: ReactNode;
}) {
  const framed = useRouteLayout() !== undefined;
  const status = (
    <Box
      sx={{ textAlign: 'center', maxWidth: 480, mx: 'auto', py: framed ? { xs: 6, md: 10 } : 0 }}
    >
      {framed ? null : <BrandLogo />}
      <Typography variant="h2" component="p" sx={{ fontWeight: 700, mt: 4 }} aria-hidden>
        {code}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        {body}
      </Typography>
      {action}
    </Box>
  );
  return framed ? status : <BlankLayout>{status}</BlankLayout>;
}
