import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_CURRENCY } from '../../../../shared/schemas/customers';
import { formatAmountForEditing, formatMoney, parseAmountInput } from '../money';

export interface MoneyFieldProps {
  label: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: string | undefined;
}

/**
 * An amount in the customers' currency: shown formatted for the language ("$1,250.50",
 * "1 250,50 $US") and typed as a plain number in the language's own way ("1250,5" in French).
 * An entry that is not an amount is passed on as NaN, which the schema refuses with its message.
 */
export function MoneyField({
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  helperText,
}: MoneyFieldProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [draft, setDraft] = useState<string | null>(null);
  const valid = typeof value === 'number' && Number.isFinite(value);
  const shown = draft ?? (valid ? formatMoney(value, language) : '');
  return (
    <TextField
      label={label}
      value={shown}
      inputRef={inputRef}
      error={error}
      helperText={helperText}
      onFocus={() =>
        setDraft(valid ? (value === 0 ? '' : formatAmountForEditing(value, language)) : '')
      }
      onChange={(event) => {
        setDraft(event.target.value);
        onChange(parseAmountInput(event.target.value, language));
      }}
      onBlur={() => {
        // Keep what was typed when it is not an amount, so that it can be corrected.
        if (draft !== null && !Number.isNaN(parseAmountInput(draft, language))) setDraft(null);
        onBlur();
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end" aria-hidden>
              {CUSTOMER_CURRENCY}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
