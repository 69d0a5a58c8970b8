import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Icon as TablerIcon } from '@tabler/icons-react';

/**
 * An icon on a rounded square (a data source's type, a project), decorative: what it stands for
 * is always written beside it. `sx` gives the colours.
 */
export function IconAvatar({
  icon: Icon,
  size,
  iconScale,
  stroke,
  sx,
}: {
  icon: TablerIcon;
  size: number;
  /** The icon's size as a share of the square's. */
  iconScale: number;
  stroke?: number;
  sx: SxProps<Theme>;
}) {
  return (
    <Avatar
      variant="rounded"
      aria-hidden
      sx={[{ width: size, height: size }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Icon size={Math.round(size * iconScale)} aria-hidden {...(stroke ? { stroke } : {})} />
    </Avatar>
  );
}
