import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { muiRegister, validationText } from '../../../lib/forms';
import { useCreateOrganization } from '../api/organization';
import { errorText } from '../../../lib/error-text';
import { NAME_MAX, nameField, optionalSlugField } from '../form';
import { FormDialog } from '../../../components/FormDialog';

const schema = z.object({ name: nameField, slug: optionalSlugField });
type Values = z.input<typeof schema>;

/** Any signed-in user creates an organisation, becomes its admin, and it is selected. */
export function CreateOrganizationDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateOrganization();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: '', slug: '' } });

  const close = () => {
    if (create.isPending) return;
    reset();
    create.reset();
    onClose();
  };

  const slugTaken =
    create.error instanceof ApiError && create.error.code === 'ORGANIZATION_SLUG_TAKEN';
  const onSubmit = handleSubmit((values) => {
    const { name, slug } = schema.parse(values);
    create.mutate(slug ? { name, slug } : { name }, {
      onSuccess: (created) => {
        enqueueSnackbar(t('organization.create.created', { name: created.name }), {
          variant: 'success',
        });
        reset();
        create.reset();
        onClose();
        onCreated?.();
      },
    });
  });
  const slugMessage = errors.slug?.message;

  return (
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      pending={create.isPending}
      title={t('organization.create.title')}
      intro={t('organization.create.body')}
      submitLabel={t('organization.create.submit')}
      pendingLabel={t('organization.create.submitting')}
    >
      {create.isError && !slugTaken ? (
        <Alert severity="error">{errorText(t, i18n.language, create.error)}</Alert>
      ) : null}
      <TextField
        {...muiRegister(register('name'))}
        label={t('organization.profile.name')}
        autoFocus
        required
        error={!!errors.name}
        helperText={validationText(t, errors.name?.message, { max: NAME_MAX })}
      />
      <TextField
        {...muiRegister(register('slug'))}
        label={t('organization.profile.slug')}
        error={!!errors.slug || slugTaken}
        helperText={
          slugTaken
            ? t('organization.errors.slugTaken')
            : slugMessage
              ? t('organization.errors.slug')
              : t('organization.create.slugHelp')
        }
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'off' } }}
      />
    </FormDialog>
  );
}
