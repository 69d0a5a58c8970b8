import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconBuildingPlus } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/** The create-organisation dialog, which belongs to the organisation feature (the route passes it). */
export type CreateOrganizationDialogType = ComponentType<{
  open: boolean;
  onClose: () => void;
}> & { prefetch?: () => void };

/**
 * The home of a signed-in user in no organisation: what to do next, creating one (the
 * organisation feature's dialog) or being invited.
 */
export function NoOrganizationCard({
  CreateOrganizationDialog,
}: {
  CreateOrganizationDialog: CreateOrganizationDialogType;
}) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="home-no-organization-title"
      sx={{ borderColor: 'primary.main' }}
    >
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography
            id="home-no-organization-title"
            variant="h5"
            component="h2"
            sx={{ fontWeight: 600 }}
          >
            {t('home.noOrganization.title')}
          </Typography>
          <Typography>{t('home.noOrganization.body')}</Typography>
          <Button
            variant="contained"
            startIcon={<IconBuildingPlus size={20} aria-hidden />}
            onClick={() => setCreating(true)}
            onMouseEnter={CreateOrganizationDialog.prefetch}
            onFocus={CreateOrganizationDialog.prefetch}
          >
            {t('home.noOrganization.create')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('home.noOrganization.invitation')}
          </Typography>
        </Stack>
      </CardContent>
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
