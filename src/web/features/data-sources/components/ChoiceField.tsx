import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText, type ConnectionFormApi } from '../connection-form';
import type { ConnectionForm } from '../settings-form';

type ChoiceName = 'ssl' | 'authType';

/** A select of the connection form (TLS mode, authentication); `help` explains the choice. */
export function ChoiceField<N extends ChoiceName>({
  form,
  name,
  choices,
  fallback,
  label,
  choiceText,
  help,
  disabled,
}: {
  form: ConnectionFormApi;
  name: N;
  choices: readonly ConnectionForm[N][];
  /** Kept if the select ever sends a value it does not offer. */
  fallback: ConnectionForm[N];
  label: string;
  choiceText: (choice: ConnectionForm[N]) => string;
  help?: (choice: ConnectionForm[N]) => string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: { ref, onChange, value, ...field }, fieldState }) => {
        const error = errorText(t, fieldState.error?.message);
        return (
          <TextField
            {...field}
            value={value}
            inputRef={ref}
            select
            onChange={(event) =>
              onChange(choices.find((choice) => choice === event.target.value) ?? fallback)
            }
            label={label}
            fullWidth
            disabled={disabled}
            helperText={error ?? help?.(value)}
            error={Boolean(error)}
          >
            {choices.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {choiceText(choice)}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
