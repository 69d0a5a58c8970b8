import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** A form's main button: disabled and saying what it does ("Saving…") while the call runs. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled = false,
  size,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  disabled?: boolean;
  size?: 'large';
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="contained" size={size} disabled={pending || disabled}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
