import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { AddRowButton, RemoveRowButton } from './RowButtons';

/** Rows a user adds, edits and removes (a console's filters, sort, parameters). */
export interface Rows<T> {
  rows: T[];
  update: (index: number, change: Partial<T>) => void;
  remove: (index: number) => void;
  add: (row: T) => void;
}

export function useRows<T extends object>(): Rows<T> {
  const [rows, setRows] = useState<T[]>([]);
  return {
    rows,
    update: (index, change) =>
      setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row))),
    remove: (index) => setRows(rows.filter((_row, i) => i !== index)),
    add: (row) => setRows([...rows, row]),
  };
}

/**
 * A titled list of editable rows, each ending with its bin button, and "Add …" under them
 * (disabled at `max` rows, or when `canAdd` is false). Labels take the row's number (from 1).
 */
export function RowList<T extends object>({
  title,
  list,
  renderRow,
  removeLabel,
  addLabel,
  newRow,
  max,
  canAdd = true,
  stackOnSmall = false,
}: {
  title: string;
  list: Rows<T>;
  renderRow: (row: T, index: number) => ReactNode;
  removeLabel: (number: number) => string;
  addLabel: string;
  newRow: () => NoInfer<T>;
  max: number;
  canAdd?: boolean;
  /** Narrow screens put the row's fields under each other. */
  stackOnSmall?: boolean;
}) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>
        {list.rows.map((row, index) => (
          <Stack
            key={index}
            direction={stackOnSmall ? { xs: 'column', sm: 'row' } : 'row'}
            spacing={1}
            sx={{ alignItems: stackOnSmall ? { sm: 'center' } : 'center' }}
          >
            {renderRow(row, index)}
            <RemoveRowButton label={removeLabel(index + 1)} onClick={() => list.remove(index)} />
          </Stack>
        ))}
        <AddRowButton
          label={addLabel}
          onClick={() => list.add(newRow())}
          disabled={!canAdd || list.rows.length >= max}
        />
      </Stack>
    </Box>
  );
}

/** A small text field of a row. */
export function RowInput({
  label,
  value,
  onChange,
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  sx: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
    />
  );
}

/** A small select of a row. */
export function RowSelect({
  label,
  value,
  options,
  onChange,
  sx,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  sx: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
