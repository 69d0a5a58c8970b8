import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/BrandLogo';

/** The centred card of the authentication pages, with the product name on top. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card sx={{ width: '100%', maxWidth: 460, boxShadow: 4 }}>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 4 }}>
          <BrandLogo />
        </Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: subtitle ? 1 : 3 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography component="div" color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
