import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { DialogFooter } from './DialogFooter';
import { SubmitForm } from './SubmitForm';

export interface FormDialogProps {
  open: boolean;
  /** Cancel, Escape and the backdrop; none of them works while `pending`. */
  onClose: () => void;
  /** With react-hook-form, `form.handleSubmit(onValid)`. */
  onSubmit: () => void | Promise<void>;
  pending: boolean;
  title: string;
  /** A sentence under the title saying what the dialog does. */
  intro?: ReactNode;
  /** What the submit button does ("Send invitation"); `pendingLabel` while the call runs. */
  submitLabel: string;
  pendingLabel?: string;
  /** A red submit button (banning a user). */
  destructive?: boolean;
  /** The fields, and the error of the call. */
  children: ReactNode;
}

/**
 * A dialog holding a form: its title names it, the fields in a column, then Cancel and the
 * submit button (docs/decisions/0016; confirmations use ConfirmDialog).
 */
export function FormDialog({
  open,
  onClose,
  onSubmit,
  pending,
  title,
  intro,
  submitLabel,
  pendingLabel,
  destructive = false,
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <SubmitForm onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {intro ? <DialogContentText>{intro}</DialogContentText> : null}
          {children}
        </DialogContent>
        <DialogFooter
          label={pending && pendingLabel ? pendingLabel : submitLabel}
          onCancel={onClose}
          pending={pending}
          destructive={destructive}
        />
      </SubmitForm>
    </Dialog>
  );
}
