import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLink';
import { CallbackError, callbackUrlError, completeSocialSignIn } from '../api/complete-sign-in';
import { AuthCard } from '../components/AuthCard';

type State = { kind: 'working' } | { kind: 'failed'; message: string };

/** Where Google and the OIDC provider send the browser back after sign-in. */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<State>(() => {
    const urlError = callbackUrlError(
      new URLSearchParams(window.location.search),
      new URLSearchParams(window.location.hash.replace(/^#/, '')),
    );
    return urlError ? { kind: 'failed', message: urlError } : { kind: 'working' };
  });

  useEffect(() => {
    if (state.kind !== 'working') return;
    let active = true;
    completeSocialSignIn().then(
      () => {
        if (active) void navigate({ to: '/', replace: true });
      },
      (error: unknown) => {
        console.error('Sign-in callback failed', error);
        if (!active) return;
        const key = error instanceof CallbackError && error.key ? error.key : 'failed';
        setState({ kind: 'failed', message: t(`account.callback.${key}`) });
      },
    );
    return () => {
      active = false;
    };
    // Runs once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <AuthCard title={t('account.callback.title')}>
      {state.kind === 'working' ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('account.callback.working')}</Typography>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Alert severity="error">{state.message}</Alert>
          <RouterButton to="/login" variant="contained">
            {t('account.callback.backToLogin')}
          </RouterButton>
        </Box>
      )}
    </AuthCard>
  );
}
