import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { getRouteApi } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLink';
import { errorText } from '../../../lib/error-text';
import { thrownToFailure } from '../../../lib/errors';
import { useResetPassword } from '../api/password-mutations';
import { AuthCard } from '../components/AuthCard';
import { NewPasswordField } from '../components/NewPasswordField';
import { resetPasswordSchema, type ResetPasswordValues } from '../schemas';
import { SubmitForm } from '../../../components/SubmitForm';
import { SubmitButton } from '../../../components/SubmitButton';

const routeApi = getRouteApi('/reset-password');
const PASSWORD_ID = 'reset-password';

function ResetUnavailable({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('account.reset.errorTitle')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Alert severity="error">{message}</Alert>
        <RouterButton to="/forgot-password" variant="contained">
          {t('account.reset.requestNew')}
        </RouterButton>
      </Box>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const { token, error } = routeApi.useSearch();
  const reset = useResetPassword();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '' },
  });
  const password = useWatch({ control, name: 'password' });

  if (error) return <ResetUnavailable message={t('account.reset.invalidToken')} />;
  if (!token) return <ResetUnavailable message={t('account.reset.missingToken')} />;

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('account.reset.successTitle')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Alert severity="success" role="status">
            {t('account.reset.successBody')}
          </Alert>
          <RouterButton to="/login" variant="contained" size="large">
            {t('account.reset.signIn')}
          </RouterButton>
        </Box>
      </AuthCard>
    );
  }

  const failure = reset.isError ? thrownToFailure(reset.error) : null;
  const invalid = failure?.code === 'INVALID_TOKEN';

  return (
    <AuthCard title={t('account.reset.title')} subtitle={t('account.reset.subtitle')}>
      <SubmitForm
        onSubmit={handleSubmit((values) => reset.mutate({ token, newPassword: values.password }))}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        {failure ? (
          <Alert severity="error">
            {invalid ? t('account.reset.invalidToken') : errorText(t, i18n.language, failure)}
          </Alert>
        ) : null}
        <NewPasswordField
          id={PASSWORD_ID}
          label={t('account.reset.newPassword')}
          registration={register('password')}
          error={errors.password?.message}
          password={password}
          autoFocus
        />
        <SubmitButton
          pending={reset.isPending}
          pendingLabel={t('account.reset.submitting')}
          size="large"
        >
          {t('account.reset.submit')}
        </SubmitButton>
        <RouterButton to="/login" variant="text">
          {t('account.forgot.backToLogin')}
        </RouterButton>
      </SubmitForm>
    </AuthCard>
  );
}
