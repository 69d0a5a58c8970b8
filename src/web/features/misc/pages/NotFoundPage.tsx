import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { RouterButton } from '../../../components/RouterLink';
import { BlankLayout } from '../../../layouts/BlankLayout';

/** Unknown path (spec: not-found page). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <BlankLayout>
      <Box sx={{ textAlign: 'center', maxWidth: 480 }}>
        <BrandLogo />
        <Typography variant="h2" component="p" sx={{ fontWeight: 700, mt: 4 }} aria-hidden>
          404
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
          {t('notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
          {t('notFound.body')}
        </Typography>
        <RouterButton to="/" variant="contained">
          {t('notFound.home')}
        </RouterButton>
      </Box>
    </BlankLayout>
  );
}
