import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { thrownToFailure } from '../../../lib/errors';
import { muiRegister, validationText } from '../../../lib/forms';
import { useVerifyTwoFactor } from '../api/auth-mutations';
import { backupCodeSchema, totpSchema, type TwoFactorValues } from '../schemas';
import { CheckboxField } from '../../../components/CheckboxField';
import { SubmitForm } from '../../../components/SubmitForm';
import { SubmitButton } from '../../../components/SubmitButton';

/** Codes after which the two-factor step cannot go on: the user signs in again. */
const RESTART_CODES = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

/**
 * Second step of a password sign-in when the account has two-step verification: a 6-digit
 * code from the authenticator app (TOTP) or one of the backup codes.
 */
export function TwoFactorForm({
  methods,
  onVerified,
  onRestart,
}: {
  methods: string[];
  onVerified: () => void;
  onRestart: (message?: string) => void;
}) {
  const { t, i18n } = useTranslation();
  // Better Auth lists "totp" when the user has an authenticator app; backup codes always work.
  const [method, setMethod] = useState<'totp' | 'backup'>(
    methods.length === 0 || methods.includes('totp') ? 'totp' : 'backup',
  );
  const verify = useVerifyTwoFactor();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TwoFactorValues>({
    resolver: zodResolver(method === 'totp' ? totpSchema : backupCodeSchema),
    defaultValues: { code: '', trustDevice: false },
  });

  const switchMethod = () => {
    verify.reset();
    reset({ code: '' }, { keepValues: false, keepDefaultValues: true });
    setMethod((current) => (current === 'totp' ? 'backup' : 'totp'));
  };

  const onSubmit = handleSubmit((values) =>
    verify.mutate(
      { method, code: values.code, trustDevice: values.trustDevice },
      {
        onSuccess: onVerified,
        onError: (error) => {
          const failure = thrownToFailure(error);
          if (failure.code && RESTART_CODES.has(failure.code)) {
            onRestart(errorText(t, i18n.language, failure));
          }
        },
      },
    ),
  );

  const failure = verify.isError ? thrownToFailure(verify.error) : null;

  return (
    <SubmitForm onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography color="text.secondary">
        {method === 'totp' ? t('auth.twoFactor.totpSubtitle') : t('auth.twoFactor.backupSubtitle')}
      </Typography>
      {failure ? <Alert severity="error">{errorText(t, i18n.language, failure)}</Alert> : null}
      <TextField
        key={method}
        {...muiRegister(register('code'))}
        label={
          method === 'totp' ? t('auth.twoFactor.codeLabel') : t('auth.twoFactor.backupCodeLabel')
        }
        autoComplete="one-time-code"
        autoFocus
        error={!!errors.code}
        helperText={validationText(t, errors.code?.message)}
        slotProps={{
          htmlInput:
            method === 'totp'
              ? { inputMode: 'numeric', maxLength: 7, spellCheck: false }
              : { spellCheck: false, autoCapitalize: 'off' },
        }}
      />
      <CheckboxField control={control} name="trustDevice" label={t('auth.twoFactor.trustDevice')} />
      <SubmitButton
        pending={verify.isPending}
        pendingLabel={t('auth.twoFactor.submitting')}
        size="large"
      >
        {t('auth.twoFactor.submit')}
      </SubmitButton>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Button variant="text" onClick={switchMethod}>
          {method === 'totp' ? t('auth.twoFactor.useBackupCode') : t('auth.twoFactor.useTotp')}
        </Button>
        <Button variant="text" color="inherit" onClick={() => onRestart()}>
          {t('auth.twoFactor.backToLogin')}
        </Button>
      </Box>
    </SubmitForm>
  );
}
