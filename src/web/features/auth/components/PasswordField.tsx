import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password TextField with a show / hide button. */
export function PasswordField(props: TextFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                onClick={() => setVisible((shown) => !shown)}
                aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
                aria-pressed={visible}
              >
                {visible ? <IconEyeOff size={20} aria-hidden /> : <IconEye size={20} aria-hidden />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
