import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconMailCheck } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { RouterButton, RouterLink } from '../../../components/RouterLink';
import { errorText } from '../../../lib/error-text';
import { thrownToFailure } from '../../../lib/errors';
import { safeRedirectTarget } from '../../../lib/guard';
import { muiRegister, validationText } from '../../../lib/forms';
import { prefetchAuthClient } from '../../../lib/auth-client-loader';
import { useSignUp } from '../api/auth-mutations';
import { AuthCard } from '../components/AuthCard';
import { NewPasswordField } from '../components/NewPasswordField';
import { ResendVerificationButton } from '../components/ResendVerification';
import { NAME_MAX_LENGTH, registerSchema, type RegisterValues } from '../schemas';
import { CheckboxField } from '../../../components/CheckboxField';
import { EmailField } from '../components/EmailField';
import { SubmitButton } from '../../../components/SubmitButton';
import { SubmitForm } from '../../../components/SubmitForm';

const routeApi = getRouteApi('/register');

const PASSWORD_ID = 'register-password';

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { to, email: invitedEmail } = routeApi.useSearch();
  const target = to ? safeRedirectTarget(to) : undefined;
  const loginSearch = target && target !== '/' ? { to: target } : {};
  const signUp = useSignUp();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: invitedEmail ?? '', password: '', terms: false },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(({ name, email, password: secret }) =>
    signUp.mutate(
      { name, email, password: secret, to: target },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'signedIn') void navigate({ href: target ?? '/', replace: true });
        },
      },
    ),
  );

  if (signUp.isSuccess && signUp.data.kind === 'verifyEmail') {
    const { email } = signUp.data;
    return (
      <AuthCard title={t('auth.register.checkEmailTitle')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', color: 'primary.main' }}>
            <IconMailCheck size={56} stroke={1.5} aria-hidden />
          </Box>
          <Typography role="status">{t('auth.register.checkEmailBody', { email })}</Typography>
          <RouterButton to="/login" search={loginSearch} variant="contained" size="large">
            {t('auth.register.goToLogin')}
          </RouterButton>
          <ResendVerificationButton email={email} to={target} />
        </Box>
      </AuthCard>
    );
  }

  const failure = signUp.isError ? thrownToFailure(signUp.error) : null;

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <SubmitForm
        onSubmit={onSubmit}
        onInput={prefetchAuthClient}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        {failure ? <Alert severity="error">{errorText(t, i18n.language, failure)}</Alert> : null}
        <TextField
          {...muiRegister(register('name'))}
          label={t('auth.register.fullName')}
          autoComplete="name"
          autoFocus
          error={!!errors.name}
          helperText={validationText(t, errors.name?.message, { max: NAME_MAX_LENGTH })}
        />
        <EmailField registration={register('email')} error={errors.email?.message} />
        <NewPasswordField
          id={PASSWORD_ID}
          label={t('common.password')}
          registration={register('password')}
          error={errors.password?.message}
          password={password}
        />
        <CheckboxField
          control={control}
          name="terms"
          label={
            <Trans
              i18nKey="auth.register.acceptTerms"
              components={{
                termsLink: <Link href="/terms-conditions" target="_blank" rel="noopener" />,
              }}
            />
          }
        />
        <SubmitButton
          pending={signUp.isPending}
          pendingLabel={t('auth.register.submitting')}
          size="large"
        >
          {t('auth.register.submit')}
        </SubmitButton>
        <Typography sx={{ textAlign: 'center' }}>
          {t('auth.register.haveAccount')}{' '}
          <RouterLink to="/login" search={loginSearch}>
            {t('auth.register.signIn')}
          </RouterLink>
        </Typography>
      </SubmitForm>
    </AuthCard>
  );
}
