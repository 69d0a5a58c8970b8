import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
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
import { FormDialog } from '../../../components/FormDialog';

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
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      title={t('admin.users.banTitle', { name: user.name })}
      intro={t('admin.users.banBody', { email: user.email })}
      submitLabel={t('admin.users.ban')}
      destructive
    >
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
    </FormDialog>
  );
}
