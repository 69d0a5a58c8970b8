import Avatar from '@mui/material/Avatar';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '../../../../shared/schemas/users';
import { describeFailure, thrownToFailure } from '../../../lib/errors';
import { roleLabel } from '../../../lib/organization';
import { initials } from '../initials';

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * The spec's error red is too light behind white text (3.3:1); destructive buttons and the
 * suspended chip use its dark shade (about 4.9:1).
 */
export const dangerFilled = {
  bgcolor: 'error.dark',
  color: 'common.white',
  '&:hover': { bgcolor: 'error.dark', filter: 'brightness(0.92)' },
} as const;

/** The readable text of a failed call (the API's error shape, or a network failure). */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return (error) => describeFailure(t, i18n.language, thrownToFailure(error));
}

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
  return (
    <Avatar
      src={image ?? undefined}
      alt=""
      aria-hidden
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main' }}
    >
      {initials(name)}
    </Avatar>
  );
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

const STATUS_COLORS: Record<UserStatus, ChipProps['color']> = {
  active: 'success',
  banned: 'error',
  unverified: 'warning',
};

export function StatusChip({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      label={t(`users.status.${status}`)}
      sx={status === 'banned' ? dangerFilled : undefined}
    />
  );
}

export function SuperAdminChip() {
  const { t } = useTranslation();
  return <Chip size="small" color="warning" label={t('users.superAdmin')} />;
}
