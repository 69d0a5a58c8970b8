import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../../../shared/schemas/account';
import { errorText } from '../../../lib/error-text';
import { useRemoveAvatar, useUploadAvatar } from '../api/profile';

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

/** The avatar: a preview of the chosen file (type and size checked here), upload, remove. */
export function AvatarUpload({ current }: { current: string }) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const file = chosen?.file ?? null;
  const preview = chosen?.url ?? null;
  const [invalid, setInvalid] = useState<string | null>(null);

  // The preview's object URL is released when another file is chosen or the page closes.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const choose = (picked: File | undefined) => {
    upload.reset();
    setInvalid(null);
    if (!picked) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(picked.type)) {
      setInvalid(t('account.settings.profile.avatarType'));
    } else if (picked.size > AVATAR_MAX_BYTES) {
      setInvalid(t('account.settings.profile.avatarSize', { max: MAX_MB }));
    } else {
      setChosen({ file: picked, url: URL.createObjectURL(picked) });
    }
  };

  const error = upload.error ?? remove.error;
  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
      <Avatar
        src={(file && preview) || current || undefined}
        alt={t('account.settings.profile.avatarAlt')}
        sx={{ width: 96, height: 96 }}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component="label" htmlFor={inputId} variant="outlined">
            {t('account.settings.profile.chooseAvatar')}
            <input
              id={inputId}
              type="file"
              hidden
              accept={AVATAR_TYPES.join(',')}
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </Button>
          {file ? (
            <Button
              variant="contained"
              disabled={upload.isPending}
              onClick={() => upload.mutate(file, { onSuccess: () => setChosen(null) })}
            >
              {t('account.settings.profile.uploadAvatar')}
            </Button>
          ) : null}
          {current && !file ? (
            <Button variant="text" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {t('account.settings.profile.removeAvatar')}
            </Button>
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('account.settings.profile.avatarHint', { max: MAX_MB })}
        </Typography>
        {invalid ? <Alert severity="error">{invalid}</Alert> : null}
        {error ? <Alert severity="error">{errorText(t, i18n.language, error)}</Alert> : null}
      </Box>
    </Box>
  );
}
