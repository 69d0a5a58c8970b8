import Box from '@mui/material/Box';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { muiRegister, validationText } from '../../../lib/forms';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../schemas';
import { PasswordField } from './PasswordField';
import { PasswordRules } from './PasswordRules';

/**
 * A new password's field with the rules it must meet under it, checked off as it is typed; the
 * rules (and the error, if any) describe the field.
 */
export function NewPasswordField({
  id,
  label,
  registration,
  error,
  password,
  autoFocus = false,
}: {
  /** The input's id; the rules' is `${id}-rules`. */
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's validation message (a locale key). */
  error: string | undefined;
  /** What is typed so far (`useWatch`). */
  password: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const rulesId = `${id}-rules`;
  return (
    <Box>
      <PasswordField
        {...muiRegister(registration)}
        id={id}
        label={label}
        autoComplete="new-password"
        autoFocus={autoFocus}
        error={!!error}
        helperText={validationText(t, error, {
          min: PASSWORD_MIN_LENGTH,
          max: PASSWORD_MAX_LENGTH,
        })}
        slotProps={{
          htmlInput: { 'aria-describedby': error ? `${id}-helper-text ${rulesId}` : rulesId },
        }}
      />
      <PasswordRules id={rulesId} password={password} />
    </Box>
  );
}
