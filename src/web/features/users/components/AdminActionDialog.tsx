import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BAN_REASON_MAX_LENGTH, banUserSchema } from '../../../../shared/schemas/admin';
import {
  useBanUser,
  useEndUserSessions,
  useSetSuperAdmin,
  useUnbanUser,
  type UserListItem,
} from '../api/users';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** What a super admin may do to another user from the view page (the admin endpoints). */
export type AdminAction = 'ban' | 'unban' | 'grant' | 'revoke' | 'endSessions';

/** The confirmation of one admin action; `action` null keeps it closed. */
export function AdminActionDialog({
  action,
  user,
  onClose,
}: {
  action: AdminAction | null;
  user: Pick<UserListItem, 'id' | 'name'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ban = useBanUser();
  const unban = useUnbanUser();
  const flag = useSetSuperAdmin();
  const endSessions = useEndUserSessions();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const mutations = { ban, unban, grant: flag, revoke: flag, endSessions } as const;
  const current = action ? mutations[action] : null;
  const name = user.name;

  const close = () => {
    setReason('');
    setReasonError(null);
    for (const mutation of [ban, unban, flag, endSessions]) mutation.reset();
    onClose();
  };
  const done = (message: string) => {
    enqueueSnackbar(message, { variant: 'success' });
    close();
  };

  const confirm = () => {
    switch (action) {
      case 'ban': {
        const parsed = banUserSchema.safeParse({ reason });
        if (!parsed.success) {
          const tooLong = parsed.error.issues.some((issue) => issue.code === 'too_big');
          setReasonError(
            tooLong
              ? t('validation.tooLong', { max: BAN_REASON_MAX_LENGTH })
              : t('users.view.ban.reasonRequired'),
          );
          return;
        }
        ban.mutate(
          { id: user.id, reason: parsed.data.reason },
          { onSuccess: () => done(t('users.view.ban.done', { name })) },
        );
        return;
      }
      case 'unban':
        unban.mutate(user.id, { onSuccess: () => done(t('users.view.unban.done', { name })) });
        return;
      case 'grant':
      case 'revoke':
        flag.mutate(
          { id: user.id, superAdmin: action === 'grant' },
          { onSuccess: () => done(t(`users.view.${action}.done`, { name })) },
        );
        return;
      case 'endSessions':
        endSessions.mutate(user.id, {
          onSuccess: ({ revoked }) => done(t('users.view.endSessions.done', { revoked })),
        });
        return;
      default:
    }
  };

  const texts = action
    ? {
        title: t(`users.view.${action}.title`, { name }),
        body: t(`users.view.${action}.body`, { name }),
        confirm: t(`users.view.${action}.confirm`),
      }
    : { title: '', body: '', confirm: '' };

  return (
    <ConfirmDialog
      open={action !== null}
      title={texts.title}
      body={texts.body}
      confirmLabel={texts.confirm}
      destructive={action === 'ban' || action === 'revoke' || action === 'endSessions'}
      pending={current?.isPending ?? false}
      error={current?.error}
      onConfirm={confirm}
      onClose={close}
    >
      {action === 'ban' ? (
        <TextField
          autoFocus
          required
          multiline
          minRows={3}
          margin="normal"
          label={t('users.view.ban.reason')}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(null);
          }}
          error={reasonError !== null}
          helperText={
            reasonError ??
            t('users.view.ban.reasonHint', {
              length: reason.length,
              max: BAN_REASON_MAX_LENGTH,
            })
          }
        />
      ) : null}
    </ConfirmDialog>
  );
}
