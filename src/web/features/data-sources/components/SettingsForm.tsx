import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitForm } from '../../../components/SubmitForm';

/** The settings form of a saved source, under its "Settings" heading. */
export function SettingsForm({
  onSubmit,
  children,
}: {
  /** `form.handleSubmit(onValid)` of react-hook-form. */
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SubmitForm onSubmit={onSubmit}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('dataSources.settings.title')}
      </Typography>
      {children}
    </SubmitForm>
  );
}

/** Discard and Save of a settings form: nothing to do until it is edited. */
export function DiscardSaveButtons({
  dirty,
  busy,
  saving,
  onDiscard,
  sx,
}: {
  dirty: boolean;
  busy: boolean;
  saving: boolean;
  onDiscard: () => void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={sx ?? {}}>
      <Button onClick={onDiscard} disabled={!dirty || busy}>
        {t('dataSources.settings.discard')}
      </Button>
      <Button type="submit" variant="contained" disabled={!dirty || busy}>
        {saving ? t('common.saving') : t('common.save')}
      </Button>
    </Stack>
  );
}
