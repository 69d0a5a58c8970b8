import Box from '@mui/material/Box';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingBar, useLoadingBarState } from '../../lib/loading-bar';
import { Z } from '../../theme/theme';

/** The thin bar at the top of the window while a page loads (driven by the router). */
export function LoadingBar() {
  const { t } = useTranslation();
  const pending = useRouterState({
    select: (state) => state.status === 'pending' || state.isLoading,
  });
  const { progress, visible } = useLoadingBarState();

  useEffect(() => {
    if (pending) loadingBar.start();
    else loadingBar.done();
  }, [pending]);

  if (!visible) return null;
  return (
    <Box
      role="progressbar"
      aria-label={t('layout.loadingPage')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      sx={{
        position: 'fixed',
        insetInlineStart: 0,
        top: 0,
        height: 3,
        width: `${progress}%`,
        bgcolor: 'primary.main',
        boxShadow: (theme) => `0 0 8px ${theme.alpha(theme.vars.palette.primary.main, 0.6)}`,
        zIndex: Z.loadingBar,
        transition: 'width 200ms ease-out',
        pointerEvents: 'none',
      }}
    />
  );
}
