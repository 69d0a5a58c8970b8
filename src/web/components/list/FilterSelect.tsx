import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface FilterSelectProps<T extends string> {
  label: string;
  /** The chosen option; undefined is "any" (or nothing chosen). */
  value: T | undefined;
  options: readonly T[];
  optionLabel: (option: T) => string;
  /** Called with the chosen option, or undefined for "any". */
  onChange: (value: T | undefined) => void;
  /** The first option, which clears the filter ("Any status"). */
  anyLabel?: string;
  /** Shows the "any" option's text in the field while nothing is chosen. */
  showAny?: boolean;
  minWidth?: number;
}

/** A small select that filters a list by one of a fixed set of values. */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  anyLabel,
  showAny = false,
  minWidth = 160,
}: FilterSelectProps<T>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(options.find((option) => option === event.target.value))}
      sx={{ flex: 1, minWidth }}
      slotProps={
        showAny ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined
      }
    >
      {anyLabel === undefined ? null : <MenuItem value="">{anyLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
