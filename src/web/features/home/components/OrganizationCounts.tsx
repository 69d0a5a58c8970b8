import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea, { type CardActionAreaProps } from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { IconAddressBook, IconDatabase, IconFolders, IconUsers } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeOverview } from '../../../../shared/schemas/home';
import { IconAvatar } from '../../../components/IconAvatar';
import { formatNumber } from '../../../lib/format';

const CardLinkAnchor = forwardRef<HTMLAnchorElement, Omit<CardActionAreaProps<'a'>, 'href'>>(
  function CardLinkAnchor(props, ref) {
    return <CardActionArea ref={ref} component="a" {...props} />;
  },
);
const CardLink = createLink(CardLinkAnchor);

const TILES = [
  { key: 'projects', to: '/projects', icon: IconFolders, color: 'primary' },
  { key: 'dataSources', to: '/data-sources', icon: IconDatabase, color: 'info' },
  { key: 'customers', to: '/customer', icon: IconAddressBook, color: 'success' },
  {
    key: 'members',
    to: '/organization',
    search: { tab: 'members' },
    icon: IconUsers,
    color: 'warning',
  },
] as const;

/** One tile per kind of record the caller may read: how many, linking to its page. */
export function OrganizationCounts({ counts }: { counts: HomeOverview['counts'] | undefined }) {
  const { t, i18n } = useTranslation();
  const tiles = TILES.filter((tile) => !counts || counts[tile.key] !== null);
  return (
    <Box
      component="ul"
      aria-label={t('overview.counts.label')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {tiles.map(({ key, to, icon: Icon, color, ...rest }) => {
        const label = t(`overview.counts.${key}`);
        const value = counts?.[key];
        return (
          <Card component="li" variant="outlined" key={key}>
            <CardLink
              to={to}
              search={'search' in rest ? rest.search : undefined}
              aria-label={
                value === undefined || value === null
                  ? label
                  : `${formatNumber(value, {}, i18n.language)} ${label}`
              }
              sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}
            >
              <IconAvatar
                icon={Icon}
                size={44}
                iconScale={0.55}
                sx={(theme) => ({
                  color: theme.vars.palette[color].main,
                  bgcolor: theme.alpha(theme.vars.palette[color].main, 0.12),
                })}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h5" component="p" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
                  {value === undefined || value === null ? (
                    <Skeleton width={40} />
                  ) : (
                    formatNumber(value, {}, i18n.language)
                  )}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {label}
                </Typography>
              </Box>
            </CardLink>
          </Card>
        );
      })}
    </Box>
  );
}
