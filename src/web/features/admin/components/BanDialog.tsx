import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  BAN_REASON_MAX_LENGTH,
  banUserSchema,
  type BanUserInput,
} from '../../../../shared/schemas/admin';
import { muiRegister } from '../../../lib/forms';
import type { AdminUser } from '../api/admin';
import { fieldMessageText } from '../../../lib/error-text';
import { ErrorAlert } from '../../../components/ErrorAlert';

export interface BanDialogProps {
  open: boolean;
  user: AdminUser;
  pending: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** Suspends an account: the reason is required and kept with the ban. */
export function BanDialog({ open, user, pending, error, onSubmit, onClose }: BanDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<BanUserInput>({
    resolver: zodResolver(banUserSchema),
    defaultValues: { reason: '' },
  });

  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);

  const submit = handleSubmit(({ reason }) => onSubmit(reason.trim()));

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t('admin.users.banTitle', { name: user.name })}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('admin.users.banBody', { email: user.email })}</DialogContentText>
          <TextField
            {...muiRegister(register('reason'))}
            label={t('admin.users.banReason')}
            required
            multiline
            minRows={3}
            autoFocus
            error={!!errors.reason}
            helperText={
              fieldMessageText(t, errors.reason?.message) ??
              t('admin.users.banReasonHelp', { max: BAN_REASON_MAX_LENGTH })
            }
            slotProps={{ htmlInput: { maxLength: BAN_REASON_MAX_LENGTH } }}
          />
          <ErrorAlert error={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={pending}>
            {t('admin.users.ban')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
