import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type ReactNode } from 'react';
import { DialogFooter } from './DialogFooter';
import { ErrorAlert, type ErrorDescriber } from './ErrorAlert';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: ReactNode;
  /** Says what the button does ("Delete", "Ban user"), never just "OK". */
  confirmLabel: string;
  /** Red confirm button for what cannot be undone. */
  destructive?: boolean;
  /** The action is running: both buttons are disabled and the dialog cannot be dismissed. */
  pending?: boolean;
  /** The error of a failed attempt, shown inside (the dialog stays open). */
  error?: unknown;
  /** How to word `error`; by default the API's message. */
  describeError?: ErrorDescriber;
  /**
   * The type-the-name variant: the confirm button stays disabled until the user has typed this
   * name (surrounding spaces ignored) into a field labelled `typeNameLabel`.
   */
  typeName?: string;
  /** The label of the type-the-name field, e.g. "Type the project's name to confirm". */
  typeNameLabel?: string;
  /** Extra content under the text, e.g. a reason field. */
  children?: ReactNode;
  /** E.g. until a required reason is given. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action; stays open (with the error) when the action fails. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  destructive = false,
  pending = false,
  error,
  describeError,
  typeName,
  typeNameLabel,
  children,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const [typed, setTyped] = useState('');
  // Each opening starts with an empty field.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setTyped('');
  }
  const nameMissing = typeName !== undefined && typed.trim() !== typeName.trim();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText id={bodyId} component="div">
          {body}
        </DialogContentText>
        {typeName !== undefined ? (
          <TextField
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            label={typeNameLabel}
            autoComplete="off"
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
          />
        ) : null}
        {children}
        <ErrorAlert error={error} describe={describeError} />
      </DialogContent>
      <DialogFooter
        label={confirmLabel}
        onCancel={onClose}
        onConfirm={onConfirm}
        pending={pending}
        disabled={confirmDisabled || nameMissing}
        destructive={destructive}
      />
    </Dialog>
  );
}
