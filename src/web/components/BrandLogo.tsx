import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The Meridian mark and name (`markOnly`: the mark alone, e.g. in the collapsed navigation). */
export function BrandLogo({ size = 32, markOnly = false }: { size?: number; markOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        component="svg"
        viewBox="0 0 32 32"
        aria-hidden
        sx={{ width: size, height: size, color: 'primary.main', flexShrink: 0 }}
      >
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M16 4a12 12 0 1 0 0 24a12 12 0 1 0 0-24zm0 2.5c1.6 2.3 2.6 5.9 2.6 9.5s-1 7.2-2.6 9.5c-1.6-2.3-2.6-5.9-2.6-9.5s1-7.2 2.6-9.5z"
          fill="#fff"
          fillRule="evenodd"
        />
      </Box>
      <Typography
        component="span"
        sx={{
          fontSize: size * 0.72,
          fontWeight: 700,
          letterSpacing: '0.01em',
          color: 'text.primary',
          whiteSpace: 'nowrap',
          opacity: markOnly ? 0 : 1,
          transition: 'opacity 150ms',
        }}
      >
        {t('app.name')}
      </Typography>
    </Box>
  );
}
