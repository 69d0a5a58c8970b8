import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '../../../../shared/schemas/users';

const COLORS = { active: 'success', banned: 'error', unverified: 'default' } as const;

export function UserStatusChip({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={t(`admin.users.statuses.${status}`)}
    />
  );
}
