import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { BlankLayout } from '../../../layouts/BlankLayout';

/** An error while loading or rendering a route. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();

  useEffect(() => {
    console.error(error);
  }, [error]);

  const retry = () => {
    reset();
    void router.invalidate();
  };

  return (
    <BlankLayout>
      <Box sx={{ textAlign: 'center', maxWidth: 480 }} role="alert">
        <BrandLogo />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 4 }}>
          {t('error.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
          {t('error.body')}
        </Typography>
        <Button variant="contained" onClick={retry}>
          {t('error.retry')}
        </Button>
      </Box>
    </BlankLayout>
  );
}
