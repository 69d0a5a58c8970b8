import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { markPasswordChanged, useAuthState } from '../../../../lib/auth-store';
import { muiRegister, validationText } from '../../../../lib/forms';
import { PasswordField } from '../PasswordField';
import { newPasswordField, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../schemas';
import { securityCalls, useAuthMutation } from '../../api/security';
import { FailureAlert } from './FailureAlert';
import { CheckboxField } from '../../../../components/CheckboxField';
import { SubmitForm } from '../../../../components/SubmitForm';
import { SubmitButton } from '../../../../components/SubmitButton';

const schema = z.object({
  currentPassword: z.string().min(1, 'validation.required'),
  newPassword: newPasswordField,
  revokeOtherSessions: z.boolean(),
});
type Values = z.infer<typeof schema>;

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Signed in with a one-time password (the first super admin): this card comes first.
  const oneTimePassword = useAuthState((state) => state.passwordChangeRequired);
  const change = useAuthMutation(securityCalls.changePassword);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', revokeOtherSessions: true },
  });

  const changed = () => {
    reset();
    if (!oneTimePassword) return;
    markPasswordChanged();
    void navigate({ to: '/' });
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('account.settings.password.title')}
        </Typography>
        <SubmitForm
          onSubmit={handleSubmit((values) => change.mutate(values, { onSuccess: changed }))}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 480 }}
        >
          {change.isSuccess ? (
            <Alert severity="success" role="status">
              {t('account.settings.password.saved')}
            </Alert>
          ) : null}
          {oneTimePassword ? (
            <Alert severity="warning">{t('account.settings.password.oneTime')}</Alert>
          ) : null}
          <FailureAlert error={change.error} />
          <PasswordField
            {...muiRegister(register('currentPassword'))}
            label={t('account.settings.password.current')}
            autoComplete="current-password"
            error={!!errors.currentPassword}
            helperText={validationText(t, errors.currentPassword?.message)}
          />
          <PasswordField
            {...muiRegister(register('newPassword'))}
            label={t('account.settings.password.new')}
            autoComplete="new-password"
            error={!!errors.newPassword}
            helperText={validationText(t, errors.newPassword?.message, {
              min: PASSWORD_MIN_LENGTH,
              max: PASSWORD_MAX_LENGTH,
            })}
          />
          <CheckboxField
            control={control}
            name="revokeOtherSessions"
            label={t('account.settings.password.revokeOthers')}
          />
          <Box>
            <SubmitButton pending={change.isPending} pendingLabel={t('common.saving')}>
              {t('account.settings.password.submit')}
            </SubmitButton>
          </Box>
        </SubmitForm>
      </CardContent>
    </Card>
  );
}
