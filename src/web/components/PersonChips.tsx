import Chip from '@mui/material/Chip';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Beside the signed-in person's own name in a list of people. */
export function YouChip() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t('organization.members.you')}
      sx={{ marginInlineStart: 1 }}
    />
  );
}

/** Marks a super admin, wherever people are listed. */
export function SuperAdminBadge() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color="primary"
      icon={<IconCrown size={14} aria-hidden />}
      label={t('users.superAdmin')}
    />
  );
}
