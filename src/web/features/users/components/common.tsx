import Chip, { type ChipProps } from '@mui/material/Chip';
import { StatusChip as SharedStatusChip, type StatusTone } from '../../../components/StatusChip';
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '../../../../shared/schemas/users';
import { roleLabel } from '../../../lib/organization';
import { PersonAvatar } from '../../../components/PersonAvatar';
import { SuperAdminBadge } from '../../../components/PersonChips';

/** The user's picture, or their initials; decorative (the name is always shown beside it). */
export function UserAvatar({
  name,
  image,
  size = 38,
}: {
  name: string;
  image: string | null;
  size?: number;
}) {
  return <PersonAvatar name={name} image={image} size={size} />;
}

// Outlined chips show their colour as text: only shades that read on the surface (4.5:1).
const ROLE_COLORS: Record<string, ChipProps['color']> = {
  admin: 'primary',
  developer: 'info',
  member: 'success',
  user: 'default',
};

export function RoleChip({ role }: { role: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ROLE_COLORS[role] ?? 'default'}
      label={roleLabel(t, role)}
    />
  );
}

const STATUS_TONES: Record<UserStatus, StatusTone> = {
  active: 'success',
  banned: 'error',
  unverified: 'warning',
};

export function StatusChip({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return <SharedStatusChip tone={STATUS_TONES[status]} label={t(`users.status.${status}`)} />;
}

export const SuperAdminChip = SuperAdminBadge;
