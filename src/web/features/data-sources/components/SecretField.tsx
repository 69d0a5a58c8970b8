import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconEye, IconEyeOff, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_SOURCE_LIMITS } from '../../../../shared/schemas/data-sources';
import { muiRegister } from '../../../lib/forms';
import { errorText, type ConnectionFormApi } from '../connection-form';
import type { SecretMode } from '../settings-form';

export const MASKED_SECRET = '••••••••';

/**
 * A password, token or header value. New: a password field. Saved: shown masked with
 * 'Replace' (reveals a field for the new one) and 'Remove'.
 */
export function SecretField({
  label,
  form,
  saved,
  disabled,
  required = false,
}: {
  label: string;
  form: ConnectionFormApi;
  saved: boolean;
  disabled: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const mode = form.watch('secretMode');
  const error = errorText(t, form.formState.errors.secret?.message);
  const setMode = (next: SecretMode, clear = true) => {
    form.setValue('secretMode', next, { shouldDirty: true });
    if (clear) form.setValue('secret', '', { shouldDirty: true });
  };
  if (saved && mode === 'keep') {
    return (
      <Stack spacing={0.5}>
        <TextField
          label={label}
          value={MASKED_SECRET}
          fullWidth
          slotProps={{
            input: {
              readOnly: true,
              startAdornment: (
                <InputAdornment position="start">
                  <IconKey size={18} aria-hidden />
                </InputAdornment>
              ),
            },
          }}
          helperText={t('dataSources.form.secretStored')}
        />
        {disabled ? null : (
          <Stack direction="row" spacing={1}>
            <Button size="small" onClick={() => setMode('replace')}>
              {t('dataSources.form.replaceSecret')}
            </Button>
            <Button size="small" color="error" onClick={() => setMode('remove')}>
              {t('dataSources.form.removeSecret')}
            </Button>
          </Stack>
        )}
      </Stack>
    );
  }
  if (saved && mode === 'remove') {
    return (
      <Stack spacing={0.5}>
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
          {t('dataSources.form.secretWillBeRemoved', { label })}
        </Typography>
        <Box>
          <Button size="small" onClick={() => setMode('keep', false)}>
            {t('dataSources.form.keepSecret')}
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={0.5}>
      <TextField
        {...muiRegister(form.register('secret'))}
        label={saved ? t('dataSources.form.newSecret', { label }) : label}
        type={visible ? 'text' : 'password'}
        required={required}
        fullWidth
        disabled={disabled}
        autoComplete="new-password"
        autoFocus={saved}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          htmlInput: { maxLength: DATA_SOURCE_LIMITS.secretMaxLength },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
                  onClick={() => setVisible((v) => !v)}
                  edge="end"
                  size="small"
                >
                  {visible ? (
                    <IconEyeOff size={18} aria-hidden />
                  ) : (
                    <IconEye size={18} aria-hidden />
                  )}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {saved && mode === 'replace' && !disabled ? (
        <Box>
          <Button size="small" onClick={() => setMode('keep')}>
            {t('dataSources.form.keepSecret')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
