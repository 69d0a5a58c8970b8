import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

/** A react-hook-form field choosing one of a fixed set of values, as an MUI select. */
export function SelectField<TValues extends FieldValues, TOption extends string>({
  control,
  name,
  label,
  options,
  optionLabel,
  helperText,
  error = false,
  sx,
}: {
  control: Control<TValues>;
  name: FieldPathByValue<TValues, TOption | undefined>;
  label: string;
  options: readonly TOption[];
  optionLabel: (option: TOption) => string;
  /** A hint or the error's text; a function gets the chosen value (a hint about the choice). */
  helperText?: ReactNode | ((value: TOption) => ReactNode);
  error?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          value={field.value ?? ''}
          onChange={(event) =>
            field.onChange(options.find((option) => option === event.target.value))
          }
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={error}
          helperText={
            typeof helperText === 'function' ? helperText(field.value as TOption) : helperText
          }
          sx={sx}
        >
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {optionLabel(option)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
