import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/RouterLink';
import type { DataSourceItem } from '../api/data-sources';
import { DataSourceTypeIcon } from './DataSourceTypeIcon';

/**
 * A source's type icon and name, linking to its page, with its description under the name;
 * `compact` (a source in another page's table): a smaller icon, no description.
 */
export function DataSourceName({
  source,
  compact = false,
}: {
  source: Pick<DataSourceItem, 'id' | 'name' | 'type' | 'description'>;
  compact?: boolean;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <DataSourceTypeIcon type={source.type} {...(compact ? { size: 30 } : {})} />
      <Box sx={{ minWidth: 0 }}>
        <RouterLink
          to="/data-sources/$id"
          params={{ id: source.id }}
          underline="hover"
          sx={{ fontWeight: compact ? 500 : 600 }}
        >
          {source.name}
        </RouterLink>
        {source.description && !compact ? (
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            dir="auto"
            sx={{ maxWidth: 320 }}
          >
            {source.description}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}
