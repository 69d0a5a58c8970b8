import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LOCALES } from '../../../../shared/constants';
import { isTimeZone, USERNAME_RULE, type Profile } from '../../../../shared/schemas/account';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { muiRegister, validationText } from '../../../lib/forms';
import { profileQueryOptions, useUpdateProfile } from '../api/profile';
import { AvatarUpload } from './AvatarUpload';
import { SubmitForm } from '../../../components/SubmitForm';
import { SubmitButton } from '../../../components/SubmitButton';

const schema = z.object({
  fullName: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(USERNAME_RULE, 'account.settings.profile.usernameRule'),
  locale: z.enum(LOCALES),
  timeZone: z.string().refine(isTimeZone, 'account.settings.profile.timeZoneInvalid'),
});
type Values = z.input<typeof schema>;

const listTimeZones = () => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
};
const TIME_ZONES = listTimeZones();

function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      fullName: profile.fullName,
      username: profile.username,
      locale: (LOCALES as readonly string[]).includes(profile.locale ?? '')
        ? (profile.locale as Values['locale'])
        : 'en',
      timeZone: profile.timeZone ?? browserZone,
    },
  });
  const message = (key: string | undefined) =>
    key?.startsWith('account.') ? t(key as 'account.settings.profile.usernameRule') : key;
  const taken = update.error instanceof ApiError && update.error.code === 'USERNAME_TAKEN';

  return (
    <SubmitForm
      onSubmit={handleSubmit((values) =>
        update.mutate(schema.parse(values), {
          // The saved language is the one the app speaks from now on.
          onSuccess: () => void i18n.changeLanguage(values.locale),
        }),
      )}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, maxWidth: 560 }}
    >
      {update.isSuccess ? (
        <Alert severity="success" role="status">
          {t('account.settings.profile.saved')}
        </Alert>
      ) : null}
      {update.isError && !taken ? (
        <Alert severity="error">{errorText(t, i18n.language, update.error)}</Alert>
      ) : null}
      <TextField
        {...muiRegister(register('fullName'))}
        label={t('account.settings.profile.fullName')}
        autoComplete="name"
        error={!!errors.fullName}
        helperText={validationText(t, errors.fullName?.message, { max: 100 })}
      />
      <TextField
        {...muiRegister(register('username'))}
        label={t('account.settings.profile.username')}
        autoComplete="username"
        error={!!errors.username || taken}
        helperText={
          taken
            ? t('account.settings.profile.usernameTaken')
            : (message(errors.username?.message) ?? t('account.settings.profile.usernameRule'))
        }
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'off' } }}
      />
      <TextField
        {...muiRegister(register('locale'))}
        select
        label={t('account.settings.profile.language')}
        defaultValue={profile.locale ?? 'en'}
      >
        {LOCALES.map((code) => (
          <MenuItem key={code} value={code}>
            {t(`language.${code}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...muiRegister(register('timeZone'))}
        select
        label={t('account.settings.profile.timeZone')}
        error={!!errors.timeZone}
        helperText={message(errors.timeZone?.message)}
        slotProps={{ select: { native: true } }}
      >
        {TIME_ZONES.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </TextField>
      <Box>
        <SubmitButton pending={update.isPending} pendingLabel={t('common.saving')}>
          {t('common.saveChanges')}
        </SubmitButton>
      </Box>
    </SubmitForm>
  );
}

/** The account tab: avatar, full name, username, language and time zone. */
export function AccountTab() {
  const { t } = useTranslation();
  const profile = useQuery(profileQueryOptions());
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Typography variant="h6" component="h2">
          {t('account.settings.profile.title')}
        </Typography>
        {profile.isError ? (
          <Alert severity="error">{t('account.settings.profile.loadError')}</Alert>
        ) : null}
        {profile.data ? (
          <>
            <AvatarUpload current={profile.data.avatar} />
            <ProfileForm profile={profile.data} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
