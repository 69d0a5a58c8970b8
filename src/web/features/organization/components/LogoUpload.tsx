import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { IconBuilding } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '../../../../shared/schemas/organization';
import { useRemoveLogo, useUploadLogo, type CurrentOrganization } from '../api/organization';
import { errorText } from '../../../lib/error-text';

const MAX_KB = LOGO_MAX_BYTES / 1024;

/** The organisation's logo: a preview of the chosen file (type and size checked here), upload, remove. */
export function LogoUpload({
  organization,
  canEdit,
}: {
  organization: CurrentOrganization;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  // The preview's object URL is released when another file is chosen or the page closes.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const choose = (picked: File | undefined) => {
    upload.reset();
    remove.reset();
    setInvalid(null);
    if (!picked) return;
    if (!(LOGO_TYPES as readonly string[]).includes(picked.type)) {
      setInvalid(t('organization.profile.logoType'));
    } else if (picked.size > LOGO_MAX_BYTES) {
      setInvalid(t('organization.profile.logoSize', { max: MAX_KB }));
    } else {
      setChosen({ file: picked, url: URL.createObjectURL(picked) });
    }
  };

  const error = upload.error ?? remove.error;
  const current = organization.logo ?? '';
  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
      <Avatar
        variant="rounded"
        src={chosen?.url || current || undefined}
        alt={t('organization.profile.logoAlt', { name: organization.name })}
        sx={{ width: 88, height: 88, bgcolor: 'primary.main', fontSize: 36 }}
      >
        <IconBuilding size={40} aria-hidden />
      </Avatar>
      {canEdit ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component="label" htmlFor={inputId} variant="outlined">
              {t('organization.profile.chooseLogo')}
              <input
                id={inputId}
                type="file"
                hidden
                accept={LOGO_TYPES.join(',')}
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </Button>
            {chosen ? (
              <Button
                variant="contained"
                disabled={upload.isPending}
                onClick={() => upload.mutate(chosen.file, { onSuccess: () => setChosen(null) })}
              >
                {upload.isPending
                  ? t('organization.profile.uploadingLogo')
                  : t('organization.profile.uploadLogo')}
              </Button>
            ) : null}
            {current && !chosen ? (
              <Button
                variant="text"
                disabled={remove.isPending}
                onClick={() => remove.mutate(undefined)}
              >
                {t('organization.profile.removeLogo')}
              </Button>
            ) : null}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('organization.profile.logoHint', { max: MAX_KB })}
          </Typography>
          {invalid ? <Alert severity="error">{invalid}</Alert> : null}
          {error ? <Alert severity="error">{errorText(t, i18n.language, error)}</Alert> : null}
        </Box>
      ) : null}
    </Box>
  );
}
