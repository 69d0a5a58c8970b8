import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { validationText } from '../lib/forms';

/** A react-hook-form boolean as a labelled checkbox, with its validation message under it. */
export function CheckboxField<TValues extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<TValues>;
  name: FieldPathByValue<TValues, boolean>;
  label: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormControl error={!!fieldState.error}>
          <FormControlLabel
            control={
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={label}
          />
          {fieldState.error ? (
            <FormHelperText>{validationText(t, fieldState.error.message)}</FormHelperText>
          ) : null}
        </FormControl>
      )}
    />
  );
}
