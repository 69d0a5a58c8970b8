import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The settings form of a saved source, under its "Settings" heading. */
export function SettingsForm({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('dataSources.settings.title')}
      </Typography>
      {children}
    </Box>
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
