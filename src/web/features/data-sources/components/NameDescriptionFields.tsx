import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DATA_SOURCE_LIMITS } from '../../../../shared/schemas/data-sources';
import { muiRegister } from '../../../lib/forms';

/** A source's name (required) and description, as registered in its form. */
export function NameDescriptionFields({
  name,
  description,
  nameError,
  descriptionError,
  disabled,
}: {
  name: UseFormRegisterReturn<'name'>;
  description: UseFormRegisterReturn<'description'>;
  /** Translated already. */
  nameError: string | undefined;
  descriptionError?: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        {...muiRegister(name)}
        label={t('dataSources.form.name')}
        required
        fullWidth
        disabled={disabled}
        error={Boolean(nameError)}
        helperText={nameError}
        slotProps={{ htmlInput: { maxLength: DATA_SOURCE_LIMITS.nameMaxLength } }}
      />
      <TextField
        {...muiRegister(description)}
        label={t('dataSources.form.description')}
        fullWidth
        multiline
        minRows={2}
        disabled={disabled}
        error={Boolean(descriptionError)}
        helperText={descriptionError}
        slotProps={{ htmlInput: { maxLength: DATA_SOURCE_LIMITS.descriptionMaxLength } }}
      />
    </>
  );
}
