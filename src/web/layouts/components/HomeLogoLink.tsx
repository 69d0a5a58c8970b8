import Box from '@mui/material/Box';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';

/** The brand's logo as the link home (the side navigation's header, the horizontal navbar). */
export function HomeLogoLink({
  size,
  markOnly = false,
  marginEnd = 0,
}: {
  size: number;
  markOnly?: boolean;
  marginEnd?: number;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component={Link}
      to="/"
      aria-label={t('layout.nav.home')}
      sx={{
        display: 'inline-flex',
        mr: marginEnd,
        color: 'inherit',
        textDecoration: 'none',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <BrandLogo size={size} markOnly={markOnly} />
    </Box>
  );
}
