import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MODEL_PROVIDER_LIMITS } from '../../../../shared/schemas/model-providers';
import { muiRegister } from '../../../lib/forms';
import type { ProviderForm } from '../form';
import { useFieldText } from '../field-text';

/**
 * Extra headers sent with every request to the provider. Values are secret like the key: a
 * stored one is not shown, and an empty field keeps it.
 */
export function HeaderRows({ form }: { form: UseFormReturn<ProviderForm> }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'headers' });
  const errors = form.formState.errors.headers;

  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('modelProviders.fields.headers')}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((field, index) => {
          const rowErrors = errors?.[index];
          const number = index + 1;
          return (
            <Stack
              key={field.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextField
                {...muiRegister(form.register(`headers.${index}.name`))}
                label={t('modelProviders.fields.headerName', { number })}
                size="small"
                required
                sx={{ flex: 1 }}
                error={Boolean(rowErrors?.name)}
                helperText={fieldText(rowErrors?.name?.message)}
                slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
              />
              <TextField
                {...muiRegister(form.register(`headers.${index}.value`))}
                label={t('modelProviders.fields.headerValue', { number })}
                size="small"
                type="password"
                autoComplete="new-password"
                required={!field.stored}
                sx={{ flex: 1 }}
                placeholder={field.stored ? t('modelProviders.valueStored') : undefined}
                error={Boolean(rowErrors?.value)}
                helperText={
                  fieldText(rowErrors?.value?.message) ??
                  (field.stored ? t('modelProviders.fields.headerValueStored') : undefined)
                }
                slotProps={{
                  htmlInput: { dir: 'ltr', maxLength: MODEL_PROVIDER_LIMITS.headerValueMaxLength },
                }}
              />
              <Tooltip title={t('modelProviders.fields.removeHeader', { number })}>
                <IconButton
                  aria-label={t('modelProviders.fields.removeHeader', { number })}
                  onClick={() => remove(index)}
                >
                  <IconTrash size={18} aria-hidden />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        })}
        <Box>
          <Button
            size="small"
            startIcon={<IconPlus size={16} aria-hidden />}
            onClick={() => append({ name: '', value: '', stored: false })}
            disabled={fields.length >= MODEL_PROVIDER_LIMITS.maxHeaders}
          >
            {t('modelProviders.fields.addHeader')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
