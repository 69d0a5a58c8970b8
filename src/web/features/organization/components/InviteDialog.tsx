import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ORG_ROLES } from '../../../../shared/constants';
import { ApiError } from '../../../lib/api';
import { muiRegister, validationText } from '../../../lib/forms';
import { roleLabel } from '../../../lib/organization';
import { useInvite } from '../api/organization';
import { errorText } from '../../../lib/error-text';
import { SelectField } from '../../../components/SelectField';
import { FormDialog } from '../../../components/FormDialog';

const schema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('validation.email')),
  role: z.enum(ORG_ROLES),
});
type Values = z.input<typeof schema>;

/** Invite an e-mail address with a role; the mail links to /accept-invite, valid 7 days. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const invite = useInvite();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', role: 'member' },
  });

  const close = () => {
    if (invite.isPending) return;
    reset();
    invite.reset();
    onClose();
  };
  const alreadyMember = invite.error instanceof ApiError && invite.error.code === 'ALREADY_MEMBER';

  const onSubmit = handleSubmit((values) => {
    const input = schema.parse(values);
    invite.mutate(input, {
      onSuccess: () => {
        enqueueSnackbar(t('organization.invitations.sent', { email: input.email }), {
          variant: 'success',
        });
        reset();
        invite.reset();
        onClose();
      },
    });
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      pending={invite.isPending}
      title={t('organization.invitations.dialog.title')}
      intro={t('organization.invitations.dialog.body')}
      submitLabel={t('organization.invitations.dialog.send')}
      pendingLabel={t('organization.invitations.dialog.sending')}
    >
      {invite.isError && !alreadyMember ? (
        <Alert severity="error">{errorText(t, i18n.language, invite.error)}</Alert>
      ) : null}
      <TextField
        {...muiRegister(register('email'))}
        type="email"
        label={t('organization.invitations.dialog.email')}
        autoComplete="off"
        autoFocus
        required
        error={!!errors.email || alreadyMember}
        helperText={
          alreadyMember
            ? t('organization.errors.alreadyMember')
            : validationText(t, errors.email?.message)
        }
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'off' } }}
      />
      <SelectField
        control={control}
        name="role"
        label={t('organization.invitations.dialog.role')}
        options={ORG_ROLES}
        optionLabel={(role) => roleLabel(t, role)}
        helperText={(role) => t(`organization.roleHints.${role}`)}
      />
    </FormDialog>
  );
}
