import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { IconCircleCheck } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLink';
import { useAuthState } from '../../../lib/auth-store';
import { safeRedirectTarget } from '../../../lib/guard';
import { AuthCard } from '../components/AuthCard';
import { ResendVerificationForm } from '../components/ResendVerification';

const routeApi = getRouteApi('/verify-email');

/** Error codes Better Auth puts in `?error=` when a verification link cannot be used. */
const KNOWN_ERRORS = ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND', 'INVALID_USER'] as const;
type KnownError = (typeof KNOWN_ERRORS)[number];
const isKnownError = (code: string): code is KnownError =>
  (KNOWN_ERRORS as readonly string[]).includes(code);

/**
 * Where the server's verification link lands: `/verify-email` when the address was verified,
 * `/verify-email?error=CODE` when the link could not be used (then a new link can be asked for).
 * A `to` (from a registration that started at an invitation) is passed on to the sign-in; an
 * invitee the server signed in with the link goes straight back there.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { error, to } = routeApi.useSearch();
  const loginSearch = to ? { to } : {};
  const navigate = useNavigate();
  const signedIn = useAuthState((state) => state.status === 'authenticated');
  useEffect(() => {
    if (signedIn && to && !error) void navigate({ href: safeRedirectTarget(to), replace: true });
  }, [signedIn, to, error, navigate]);

  if (error) {
    const code = error.toUpperCase();
    return (
      <AuthCard title={t('auth.verifyEmail.errorTitle')}>
        <Alert severity="error" sx={{ mb: 3 }}>
          {isKnownError(code)
            ? t(`auth.verifyEmail.errors.${code}`)
            : t('auth.verifyEmail.errors.default')}
        </Alert>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('auth.verifyEmail.resendIntro')}
        </Typography>
        <ResendVerificationForm to={to} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.verifyEmail.successTitle')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Alert severity="success" icon={<IconCircleCheck size={22} aria-hidden />}>
          {t('auth.verifyEmail.successBody')}
        </Alert>
        <RouterButton to="/login" search={loginSearch} variant="contained" size="large">
          {t('auth.verifyEmail.signIn')}
        </RouterButton>
      </Box>
    </AuthCard>
  );
}
