import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/RouterLink';
import { formatDate } from '../../lib/format';
import { SHELL } from '../../theme/theme';

/** © year Meridian, and the legal pages. */
export function Footer({ boxed }: { boxed: boolean }) {
  const { t, i18n } = useTranslation();
  const year = formatDate(new Date(), { year: 'numeric' }, i18n.resolvedLanguage);

  return (
    <Box component="footer" sx={{ px: { xs: 2, md: 3 } }}>
      <Box
        sx={{
          maxWidth: boxed ? SHELL.boxedMaxWidth : 'none',
          mx: 'auto',
          py: 2,
          // Keep the links clear of the floating help button in the corner.
          paddingInlineEnd: 8,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
          color: 'text.secondary',
        }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('layout.footer.copyright', { year, name: t('app.name') })}
        </Typography>
        <Box component="nav" aria-label={t('layout.footer.label')} sx={{ display: 'flex', gap: 3 }}>
          <RouterLink to="/privacy-policy" variant="body2" underline="hover" color="primary">
            {t('layout.footer.privacy')}
          </RouterLink>
          <RouterLink to="/terms-conditions" variant="body2" underline="hover" color="primary">
            {t('layout.footer.terms')}
          </RouterLink>
        </Box>
      </Box>
    </Box>
  );
}
