import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { IconPlus, IconTrash } from '@tabler/icons-react';

interface RowButtonProps {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/** The bin button at the end of an editable row (a header, a parameter, a filter, a sort). */
export function RemoveRowButton({ label, onClick, disabled = false }: RowButtonProps) {
  return (
    <Tooltip title={label}>
      {/* The span keeps the tooltip working while the button is disabled. */}
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
          <IconTrash size={18} aria-hidden />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The "Add …" button under a list of editable rows. */
export function AddRowButton({ label, onClick, disabled = false }: RowButtonProps) {
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
