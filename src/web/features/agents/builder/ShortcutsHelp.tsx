import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconKeyboard } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The builder's keyboard shortcuts, in the order people look for them. */
export const SHORTCUTS = [
  { id: 'undo', keys: 'Ctrl+Z' },
  { id: 'redo', keys: 'Ctrl+Shift+Z · Ctrl+Y' },
  { id: 'copy', keys: 'Ctrl+C' },
  { id: 'cut', keys: 'Ctrl+X' },
  { id: 'paste', keys: 'Ctrl+V' },
  { id: 'duplicate', keys: 'Ctrl+D' },
  { id: 'selectAll', keys: 'Ctrl+A' },
  { id: 'delete', keys: 'Delete · Backspace' },
  { id: 'multiSelect', keys: 'Shift + click · Shift + drag' },
  { id: 'move', keys: '← ↑ → ↓' },
  { id: 'fit', keys: 'Shift+1' },
  { id: 'layout', keys: 'Shift+L' },
  { id: 'fullScreen', keys: 'Shift+F' },
  { id: 'help', keys: '?' },
] as const;

export function ShortcutsHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t('builder.shortcuts.title');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          ref={setAnchor}
          aria-label={label}
          aria-expanded={open}
          onClick={() => onOpenChange(!open)}
        >
          <IconKeyboard size={20} aria-hidden />
        </IconButton>
      </Tooltip>
      <Popover
        open={open && anchor !== null}
        anchorEl={anchor}
        onClose={() => onOpenChange(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // Focusable: on a small screen the list scrolls, and a keyboard must be able to scroll it.
        slotProps={{ paper: { 'aria-label': label, role: 'dialog', tabIndex: 0 } as object }}
      >
        <Box sx={{ p: 2, maxWidth: 420 }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {label}
          </Typography>
          <Table size="small">
            <TableBody>
              {SHORTCUTS.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>{t(`builder.shortcuts.${s.id}`)}</TableCell>
                  <TableCell dir="ltr" sx={{ fontFamily: 'monospace' }}>
                    <Keys keys={s.keys} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Popover>
    </>
  );
}

/** A shortcut's keys: a narrow screen wraps them between alternatives, never inside one. */
function Keys({ keys }: { keys: string }) {
  return keys.split(' · ').map((alternative, index) => (
    <Fragment key={alternative}>
      {index > 0 ? ' · ' : null}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {alternative}
      </Box>
    </Fragment>
  ));
}
