import { StatusChip } from '../../../components/StatusChip';
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '../../../../shared/schemas/users';

const TONES = { active: 'success', banned: 'error', unverified: 'neutral' } as const;

export function UserStatusChip({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return <StatusChip tone={TONES[status]} label={t(`admin.users.statuses.${status}`)} />;
}
