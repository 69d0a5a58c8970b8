import { IconApi, IconBrandMysql, IconDatabase, IconFileSpreadsheet } from '@tabler/icons-react';
import type { DataSourceType } from '../../../../shared/schemas/data-sources';
import { IconAvatar } from '../../../components/IconAvatar';

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
  const colour = COLOURS[type];
  return (
    <IconAvatar
      icon={ICONS[type]}
      size={size}
      iconScale={0.6}
      sx={{ bgcolor: `${colour}.main`, color: `${colour}.contrastText` }}
    />
  );
}
