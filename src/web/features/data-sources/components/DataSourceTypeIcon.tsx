import Avatar from '@mui/material/Avatar';
import { IconApi, IconBrandMysql, IconDatabase, IconFileSpreadsheet } from '@tabler/icons-react';
import type { DataSourceType } from '../../../../shared/schemas/data-sources';

const ICONS = {
  postgres: IconDatabase,
  mysql: IconBrandMysql,
  http: IconApi,
  file: IconFileSpreadsheet,
} as const;

const COLOURS = {
  postgres: 'info',
  mysql: 'warning',
  http: 'success',
  file: 'secondary',
} as const;

/** The icon of a data source type; decorative (the type is always written beside it). */
export function DataSourceTypeIcon({ type, size = 36 }: { type: DataSourceType; size?: number }) {
  const Icon = ICONS[type];
  const colour = COLOURS[type];
  return (
    <Avatar
      variant="rounded"
      aria-hidden
      sx={{
        width: size,
        height: size,
        bgcolor: `${colour}.main`,
        color: `${colour}.contrastText`,
      }}
    >
      <Icon size={Math.round(size * 0.6)} aria-hidden />
    </Avatar>
  );
}
