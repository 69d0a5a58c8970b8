import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { errorText } from '../../../lib/error-text';
import { thrownToFailure, type Failure } from '../../../lib/errors';
import { muiRegister, validationText } from '../../../lib/forms';
import { safeRedirectTarget } from '../../../lib/guard';
import { prefetchAuthClient } from '../../../lib/auth-client-loader';
import { useSignIn } from '../api/auth-mutations';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../components/PasswordField';
import { ResendVerificationButton } from '../components/ResendVerification';
import { SocialSignIn } from '../components/SocialSignIn';
import { TwoFactorForm } from '../components/TwoFactorForm';
import { loginSchema, type LoginValues } from '../schemas';
import { EmailField } from '../components/EmailField';
import { SubmitButton } from '../../../components/SubmitButton';
import { SubmitForm } from '../../../components/SubmitForm';

const routeApi = getRouteApi('/login');

type Step = { kind: 'credentials' } | { kind: 'twoFactor'; methods: string[] };

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { to, twoFactor } = routeApi.useSearch();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [step, setStep] = useState<Step>(
    twoFactor ? { kind: 'twoFactor', methods: ['totp'] } : { kind: 'credentials' },
  );
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const goToTarget = () => navigate({ href: safeRedirectTarget(to), replace: true });

  const onSubmit = handleSubmit((values) => {
    setNotice(null);
    signIn.mutate(values, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'twoFactor') setStep({ kind: 'twoFactor', methods: outcome.methods });
        else void goToTarget();
      },
    });
  });

  if (step.kind === 'twoFactor') {
    return (
      <AuthCard title={t('auth.twoFactor.title')}>
        <TwoFactorForm
          methods={step.methods}
          onVerified={() => void goToTarget()}
          onRestart={(message) => {
            signIn.reset();
            setNotice(message ?? null);
            setStep({ kind: 'credentials' });
          }}
        />
      </AuthCard>
    );
  }

  const failure: Failure | null = signIn.isError ? thrownToFailure(signIn.error) : null;
  const unverified =
    failure?.code === 'EMAIL_NOT_VERIFIED' || (failure?.status === 403 && !failure.code);

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <SubmitForm
        onSubmit={onSubmit}
        onInput={prefetchAuthClient}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        {notice ? <Alert severity="warning">{notice}</Alert> : null}
        {failure ? <Alert severity="error">{errorText(t, i18n.language, failure)}</Alert> : null}
        {failure && unverified && getValues('email') ? (
          <ResendVerificationButton email={getValues('email').trim()} />
        ) : null}
        <EmailField
          registration={register('email')}
          error={errors.email?.message}
          autoComplete="username"
          autoFocus
        />
        <PasswordField
          {...muiRegister(register('password'))}
          label={t('common.password')}
          autoComplete="current-password"
          error={!!errors.password}
          helperText={validationText(t, errors.password?.message)}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1.5 }}>
          <RouterLink to="/forgot-password">{t('account.forgot.link')}</RouterLink>
        </Box>
        <SubmitButton
          pending={signIn.isPending}
          pendingLabel={t('auth.login.submitting')}
          size="large"
        >
          {t('auth.login.submit')}
        </SubmitButton>
        <SocialSignIn />
        <Typography sx={{ textAlign: 'center' }}>
          {t('auth.login.noAccount')}{' '}
          <RouterLink to="/register" search={to ? { to } : {}}>
            {t('auth.login.createAccount')}
          </RouterLink>
        </Typography>
      </SubmitForm>
    </AuthCard>
  );
}
