/** The buttons of editable lists (inputs, cases, headers, tools): none in a read-only form. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNodeFormContext } from './form-context';

function RowButton({
  label,
  onClick,
  disabled = false,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const button = (
    <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
      {children}
    </IconButton>
  );
  return disabled ? button : <Tooltip title={label}>{button}</Tooltip>;
}

/** One item of a list: its title, its fields, and (when editable) move and remove buttons. */
export function RowCard({
  title,
  itemName,
  index,
  count,
  onRemove,
  onMove,
  children,
}: {
  title: string;
  /** How the buttons name this item ("input 2"). */
  itemName: string;
  index: number;
  count: number;
  /** None: the item cannot be removed. */
  onRemove?: () => void;
  onMove?: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { readOnly } = useNodeFormContext();
  return (
    <Paper variant="outlined" role="group" aria-label={title} sx={{ p: 1.5, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="h4" variant="subtitle2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {readOnly ? null : (
          <Box sx={{ display: 'flex' }}>
            {onMove ? (
              <>
                <RowButton
                  label={t('builderForms.rows.moveUp', { item: itemName })}
                  onClick={() => onMove(index, index - 1)}
                  disabled={index === 0}
                >
                  <IconArrowUp size={16} aria-hidden />
                </RowButton>
                <RowButton
                  label={t('builderForms.rows.moveDown', { item: itemName })}
                  onClick={() => onMove(index, index + 1)}
                  disabled={index === count - 1}
                >
                  <IconArrowDown size={16} aria-hidden />
                </RowButton>
              </>
            ) : null}
            {onRemove ? (
              <RowButton
                label={t('builderForms.rows.remove', { item: itemName })}
                onClick={onRemove}
              >
                <IconTrash size={16} aria-hidden />
              </RowButton>
            ) : null}
          </Box>
        )}
      </Stack>
      <Stack spacing={1.5}>{children}</Stack>
    </Paper>
  );
}

/** "Add …" under a list; hidden in a read-only form. */
export function AddButton({
  label,
  onClick,
  disabled = false,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  const { readOnly } = useNodeFormContext();
  if (readOnly) return null;
  return (
    <Box>
      <Button
        size="small"
        startIcon={<IconPlus size={16} aria-hidden />}
        onClick={onClick}
        disabled={disabled}
      >
        {label}
      </Button>
    </Box>
  );
}

/** A titled group of fields with a short explanation. */
export function FieldGroup({
  title,
  helper,
  error,
  children,
}: {
  title: string;
  helper?: string;
  /** A problem of the whole group (e.g. "add a case"). */
  error?: string;
  children: ReactNode;
}) {
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        {helper ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {helper}
          </Typography>
        ) : null}
        {error ? (
          <Typography variant="caption" color="error" component="p" role="alert">
            {error}
          </Typography>
        ) : null}
      </Box>
      {children}
    </Stack>
  );
}

/**
 * An editable list: a card per item, named by its number ("Header 2"), with remove (and, given
 * `onMove`, move) buttons, then "Add …" until the list holds `max` items.
 */
export function RowList({
  keys,
  itemName,
  onRemove,
  onMove,
  addLabel,
  max,
  onAdd,
  children,
}: {
  /** One stable key per item (the field array's). */
  keys: string[];
  itemName: (number: number) => string;
  onRemove: (index: number) => void;
  onMove?: (from: number, to: number) => void;
  addLabel: string;
  max: number;
  onAdd: () => void;
  /** The fields of the item at `index`. */
  children: (index: number) => ReactNode;
}) {
  return (
    <>
      {keys.map((key, index) => {
        const name = itemName(index + 1);
        return (
          <RowCard
            key={key}
            title={name}
            itemName={name}
            index={index}
            count={keys.length}
            onRemove={() => onRemove(index)}
            onMove={onMove}
          >
            {children(index)}
          </RowCard>
        );
      })}
      <AddButton label={addLabel} disabled={keys.length >= max} onClick={onAdd} />
    </>
  );
}
