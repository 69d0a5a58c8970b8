import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { useResendVerification } from '../api/auth-mutations';
import { resendSchema, type ResendValues } from '../schemas';
import { SubmitForm } from '../../../components/SubmitForm';
import { EmailField } from './EmailField';
import { SubmitButton } from '../../../components/SubmitButton';

function ResendResult({
  mutation,
  spaced = false,
}: {
  mutation: ReturnType<typeof useResendVerification>;
  spaced?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (mutation.isSuccess) {
    return (
      <Alert severity="success" role="status" sx={{ mt: spaced ? 2 : 0 }}>
        {t('auth.resend.sent', { email: mutation.data })}
      </Alert>
    );
  }
  if (mutation.isError) {
    return (
      <Alert severity="error" sx={{ mt: spaced ? 2 : 0 }}>
        {errorText(t, i18n.language, mutation.error)}
      </Alert>
    );
  }
  return null;
}

/** "Resend verification e-mail" for an address the page already knows. */
export function ResendVerificationButton({ email, to }: { email: string; to?: string }) {
  const { t } = useTranslation();
  const mutation = useResendVerification(to);
  return (
    <Box>
      <Button
        variant="outlined"
        onClick={() => mutation.mutate(email)}
        disabled={mutation.isPending}
      >
        {mutation.isPending ? t('auth.resend.sending') : t('auth.resend.action')}
      </Button>
      <ResendResult mutation={mutation} spaced />
    </Box>
  );
}

/** An e-mail field and "Resend verification e-mail", for pages that do not know the address. */
export function ResendVerificationForm({ to }: { to?: string | undefined }) {
  const { t } = useTranslation();
  const mutation = useResendVerification(to);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResendValues>({ resolver: zodResolver(resendSchema), defaultValues: { email: '' } });

  return (
    <SubmitForm
      onSubmit={handleSubmit((values) => mutation.mutate(values.email))}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <EmailField registration={register('email')} error={errors.email?.message} />
      <SubmitButton pending={mutation.isPending} pendingLabel={t('auth.resend.sending')}>
        {t('auth.resend.action')}
      </SubmitButton>
      <ResendResult mutation={mutation} />
    </SubmitForm>
  );
}
