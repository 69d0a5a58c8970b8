import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { BlankLayout } from '../../../layouts/BlankLayout';
import { isLazyLoadError, reloadPage } from '../../../lib/lazy-load-error';

/** An error while loading or rendering a route. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();

  useEffect(() => {
    console.error(error);
  }, [error]);

  // A page whose code could not be fetched (usually a new version was deployed) needs a reload.
  const lazy = isLazyLoadError(error);
  const retry = () => {
    if (lazy) {
      reloadPage();
      return;
    }
    reset();
    void router.invalidate();
  };

  return (
    <BlankLayout>
      <Box sx={{ textAlign: 'center', maxWidth: 480 }} role="alert">
        <BrandLogo />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 4 }}>
          {lazy ? t('lazyLoad.title') : t('error.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
          {lazy ? t('lazyLoad.body') : t('error.body')}
        </Typography>
        <Button variant="contained" onClick={retry}>
          {lazy ? t('lazyLoad.reload') : t('common.retry')}
        </Button>
      </Box>
    </BlankLayout>
  );
}
