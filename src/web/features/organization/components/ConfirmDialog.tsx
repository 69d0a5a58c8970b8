import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dangerFilledSx } from '../danger-styles';
import { organizationErrorText } from '../errors';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  error?: unknown;
  /** Extra content under the text, e.g. a field to type the name. */
  children?: ReactNode;
  confirmDisabled?: boolean;
}

/** A destructive action, asked once more; the error of a failed attempt shows inside. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  onConfirm,
  onClose,
  pending = false,
  error,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText id={bodyId}>{body}</DialogContentText>
        {children}
        {error ? (
          <Alert severity="error">{organizationErrorText(t, i18n.language, error)}</Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('organization.common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          sx={dangerFilledSx}
          onClick={onConfirm}
          disabled={pending || confirmDisabled}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
