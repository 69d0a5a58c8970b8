import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { IconSearch } from '@tabler/icons-react';

export interface SearchFieldProps {
  /** The visible label, which is also the field's accessible name. */
  label: string;
  placeholder?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  /** The longest text the box takes (the API's search limit, say). */
  maxLength?: number | undefined;
  sx?: SxProps<Theme> | undefined;
}

/** A small search box with a magnifier at its start (lists and tables). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  maxLength,
  sx,
}: SearchFieldProps) {
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      slotProps={{
        htmlInput: maxLength === undefined ? {} : { maxLength },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <IconSearch size={18} aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
