import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLink';
import { errorText } from '../../../lib/error-text';
import { useRequestPasswordReset } from '../api/password-mutations';
import { AuthCard } from '../components/AuthCard';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../schemas';
import { SubmitForm } from '../../../components/SubmitForm';
import { EmailField } from '../components/EmailField';
import { SubmitButton } from '../../../components/SubmitButton';

export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  return (
    <AuthCard title={t('account.forgot.title')} subtitle={t('account.forgot.subtitle')}>
      <SubmitForm
        onSubmit={handleSubmit((values) => request.mutate(values.email))}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        {request.isSuccess ? (
          <Alert severity="success" role="status">
            {t('account.forgot.sent', { email: request.data })}
          </Alert>
        ) : null}
        {request.isError ? (
          <Alert severity="error">{errorText(t, i18n.language, request.error)}</Alert>
        ) : null}
        <EmailField registration={register('email')} error={errors.email?.message} autoFocus />
        <SubmitButton
          pending={request.isPending}
          pendingLabel={t('account.forgot.submitting')}
          size="large"
        >
          {t('account.forgot.submit')}
        </SubmitButton>
        <RouterButton to="/login" variant="text">
          {t('account.forgot.backToLogin')}
        </RouterButton>
      </SubmitForm>
    </AuthCard>
  );
}
