import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import { IconChevronDown, IconDots } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HORIZONTAL_NAV_POPOVER_OFFSET_PX } from '../../../shared/constants';
import { RouterButton, RouterMenuItem } from '../../components/RouterLink';
import { SHELL } from '../../theme/theme';
import { isEntryActive, useActiveNav, type NavEntry } from '../useNavItems';
import { activeNavSx } from './NavLinkItem';

/** Entries shown in the bar; the others go to the "More" menu. */
export const HORIZONTAL_NAV_MAX_INLINE = 6;

/**
 * The horizontal navigation: a menu bar under the navbar. Entries beyond the first six open
 * from a "More" menu whose popover sits 6 px under its button (spec section 9).
 */
export function HorizontalNav({ items, boxed }: { items: readonly NavEntry[]; boxed: boolean }) {
  const { t } = useTranslation();
  const { pathname, navActiveLink } = useActiveNav();
  const inline = items.slice(0, HORIZONTAL_NAV_MAX_INLINE);
  const more = items.slice(HORIZONTAL_NAV_MAX_INLINE);

  return (
    <Box
      component="nav"
      aria-label={t('layout.nav.label')}
      data-testid="horizontal-nav"
      sx={{
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        px: { xs: 2, md: 3 },
      }}
    >
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          mx: 'auto',
          p: 0,
          py: 1,
          maxWidth: boxed ? SHELL.boxedMaxWidth : 'none',
          minHeight: SHELL.horizontalNavHeight,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          flexWrap: 'wrap',
        }}
      >
        {inline.map((entry) => {
          const active = isEntryActive(entry, pathname, navActiveLink);
          const { Icon } = entry;
          return (
            <li key={entry.name}>
              <RouterButton
                to={entry.path}
                aria-current={active ? 'page' : undefined}
                startIcon={<Icon size={20} stroke={1.75} aria-hidden />}
                sx={[
                  {
                    px: 2,
                    py: 1,
                    color: 'text.primary',
                    fontWeight: 400,
                    fontSize: '0.9375rem',
                    borderRadius: 1.5,
                  },
                  active ? activeNavSx : {},
                ]}
              >
                {entry.title}
              </RouterButton>
            </li>
          );
        })}
        {more.length > 0 ? (
          <li>
            <MoreMenu items={more} pathname={pathname} navActiveLink={navActiveLink} />
          </li>
        ) : null}
      </Box>
    </Box>
  );
}

function MoreMenu({
  items,
  pathname,
  navActiveLink,
}: {
  items: readonly NavEntry[];
  pathname: string;
  navActiveLink: string | undefined;
}) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const activeInside = items.some((entry) => isEntryActive(entry, pathname, navActiveLink));
  return (
    <>
      <Button
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<IconDots size={20} aria-hidden />}
        endIcon={<IconChevronDown size={16} aria-hidden />}
        sx={[
          { px: 2, py: 1, color: 'text.primary', fontWeight: 400, borderRadius: 1.5 },
          activeInside ? activeNavSx : {},
        ]}
      >
        {t('layout.nav.more')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{
          paper: { sx: { mt: `${HORIZONTAL_NAV_POPOVER_OFFSET_PX}px`, minWidth: 220 } },
        }}
      >
        {items.map((entry) => {
          const active = isEntryActive(entry, pathname, navActiveLink);
          const { Icon } = entry;
          return (
            <RouterMenuItem
              key={entry.name}
              to={entry.path}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={() => setAnchor(null)}
            >
              <ListItemIcon>
                <Icon size={20} stroke={1.75} aria-hidden />
              </ListItemIcon>
              <ListItemText primary={entry.title} />
            </RouterMenuItem>
          );
        })}
      </Menu>
    </>
  );
}
