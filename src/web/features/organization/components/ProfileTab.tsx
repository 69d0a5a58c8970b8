import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { formatDate, formatNumber } from '../../../lib/format';
import { muiRegister, validationText } from '../../../lib/forms';
import { useUpdateOrganization, type CurrentOrganization } from '../api/organization';
import { errorText } from '../../../lib/error-text';
import { NAME_MAX, nameField, slugField } from '../form';
import { LogoUpload } from './LogoUpload';
import { SubmitForm } from '../../../components/SubmitForm';
import { SubmitButton } from '../../../components/SubmitButton';

const schema = z.object({ name: nameField, slug: slugField });
type Values = z.input<typeof schema>;

/** Name, address (slug) and logo of the selected organisation. */
export function ProfileTab({
  organization,
  canEdit,
}: {
  organization: CurrentOrganization;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateOrganization();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    values: { name: organization.name, slug: organization.slug },
  });
  const slugTaken =
    update.error instanceof ApiError && update.error.code === 'ORGANIZATION_SLUG_TAKEN';

  const onSubmit = handleSubmit((values) => {
    const parsed = schema.parse(values);
    const changes = {
      ...(parsed.name !== organization.name ? { name: parsed.name } : {}),
      ...(parsed.slug !== organization.slug ? { slug: parsed.slug } : {}),
    };
    if (Object.keys(changes).length === 0) return;
    update.mutate(changes, {
      onSuccess: (saved) => {
        reset({ name: saved.name, slug: saved.slug });
        enqueueSnackbar(t('organization.profile.saved'), { variant: 'success' });
      },
    });
  });

  return (
    <Card>
      <CardHeader
        title={t('organization.profile.title')}
        subheader={t('organization.profile.subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <LogoUpload organization={organization} canEdit={canEdit} />
        <Divider />
        <SubmitForm
          onSubmit={onSubmit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, maxWidth: 560 }}
        >
          {update.isError && !slugTaken ? (
            <Alert severity="error">{errorText(t, i18n.language, update.error)}</Alert>
          ) : null}
          <TextField
            {...muiRegister(register('name'))}
            label={t('organization.profile.name')}
            required
            disabled={!canEdit}
            error={!!errors.name}
            helperText={validationText(t, errors.name?.message, { max: NAME_MAX })}
          />
          <TextField
            {...muiRegister(register('slug'))}
            label={t('organization.profile.slug')}
            required
            disabled={!canEdit}
            error={!!errors.slug || slugTaken}
            helperText={
              slugTaken
                ? t('organization.errors.slugTaken')
                : errors.slug
                  ? t('organization.errors.slug')
                  : t('organization.profile.slugHelp')
            }
            slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'off' } }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('organization.profile.facts', {
              date: formatDate(organization.createdAt, undefined, i18n.language),
              members: formatNumber(organization.memberCount, {}, i18n.language),
            })}
          </Typography>
          {canEdit ? (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <SubmitButton
                pending={update.isPending}
                pendingLabel={t('common.saving')}
                disabled={!isDirty}
              >
                {t('common.saveChanges')}
              </SubmitButton>
              <Button
                type="button"
                disabled={update.isPending || !isDirty}
                onClick={() => {
                  reset();
                  update.reset();
                }}
              >
                {t('organization.profile.discard')}
              </Button>
            </Box>
          ) : null}
        </SubmitForm>
      </CardContent>
    </Card>
  );
}
