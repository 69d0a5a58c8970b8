import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { muiRegister, validationText } from '../../../lib/forms';
import { EMAIL_MAX_LENGTH } from '../schemas';

/** An email address field of the auth forms (sign-in, sign-up, reset, resend, change). */
export function EmailField({
  registration,
  error,
  label,
  autoComplete = 'email',
  autoFocus = false,
}: {
  registration: UseFormRegisterReturn;
  /** The field's validation message (a locale key). */
  error: string | undefined;
  /** "Email" unless told. */
  label?: string;
  /** `username` on the sign-in form, so that password managers pair it with the password. */
  autoComplete?: 'email' | 'username';
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      {...muiRegister(registration)}
      label={label ?? t('common.email')}
      type="email"
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      error={!!error}
      helperText={validationText(t, error, { max: EMAIL_MAX_LENGTH })}
    />
  );
}
