import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';
import { dangerFilledSx } from './danger-styles';

/**
 * A dialog's Cancel and main buttons: the main one says what happens, red when `destructive`
 * (the darker shade of danger-styles); both wait while `pending`. Without `onConfirm` the main
 * button submits the dialog's form.
 */
export function DialogFooter({
  label,
  onCancel,
  onConfirm,
  pending = false,
  disabled = false,
  destructive = false,
}: {
  label: string;
  onCancel: () => void;
  onConfirm?: () => void;
  pending?: boolean;
  disabled?: boolean;
  destructive?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        {t('common.cancel')}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant="contained"
        color={destructive ? 'error' : 'primary'}
        sx={destructive ? dangerFilledSx : undefined}
        onClick={onConfirm}
        disabled={pending || disabled}
      >
        {label}
      </Button>
    </DialogActions>
  );
}
