import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import type { Selection } from './useSelection';

export interface BulkToolbarProps {
  /** How many rows are selected; nothing is shown for none. */
  count: number;
  /** The toolbar's accessible name, e.g. "Actions on the selected customers". */
  label: string;
  onClear: () => void;
  /** The actions on the selection (buttons, menus). */
  children?: ReactNode;
}

/** The bar over a table while rows are selected: how many, the actions, "Clear selection". */
export function BulkToolbar({ count, label, onClear, children }: BulkToolbarProps) {
  const { t, i18n } = useTranslation();
  if (count === 0) return null;
  return (
    <Toolbar
      role="toolbar"
      aria-label={label}
      sx={(theme) => ({
        gap: 1.5,
        flexWrap: 'wrap',
        py: 1,
        bgcolor: theme.vars
          ? `rgba(${theme.vars.palette.primary.mainChannel} / 0.08)`
          : 'action.selected',
      })}
    >
      <Typography sx={{ flex: 1, fontWeight: 500 }} role="status">
        {t('common.selection.selected', { number: formatNumber(count, {}, i18n.language) })}
      </Typography>
      {children}
      <Button size="small" startIcon={<IconX size={16} aria-hidden />} onClick={onClear}>
        {t('common.selection.clear')}
      </Button>
    </Toolbar>
  );
}

/** The header cell with the box that selects (or unselects) every row of the page. */
export function SelectPageCell<T>({
  selection,
  items,
  label,
}: {
  selection: Selection<T>;
  items: readonly T[];
  /** E.g. "Select every customer on this page". */
  label: string;
}) {
  const { checked, indeterminate } = selection.pageState(items);
  return (
    <TableCell padding="checkbox">
      <Checkbox
        checked={checked}
        indeterminate={indeterminate}
        disabled={items.length === 0}
        onChange={() => selection.togglePage(items)}
        slotProps={{ input: { 'aria-label': label } }}
      />
    </TableCell>
  );
}

/** The cell with a row's selection box. */
export function SelectRowCell({
  checked,
  onToggle,
  label,
}: {
  checked: boolean;
  onToggle: () => void;
  /** E.g. "Select Ada Lovelace". */
  label: string;
}) {
  return (
    <TableCell padding="checkbox">
      <Checkbox
        checked={checked}
        onChange={onToggle}
        slotProps={{ input: { 'aria-label': label } }}
      />
    </TableCell>
  );
}
