import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import { useColorScheme } from '@mui/material/styles';
import { IconCircle, IconCircleDot, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAV_SECTIONS } from '../../lib/navigation';
import { setPreferences } from '../../lib/preferences';
import { SHELL, Z } from '../../theme/theme';
import { isEntryActive, useActiveNav, type NavEntry } from '../useNavItems';
import { NavLinkItem } from './NavLinkItem';
import { HomeLogoLink } from './HomeLogoLink';

interface VerticalNavProps {
  items: readonly NavEntry[];
  /** Below the large breakpoint: a temporary drawer opened by the navbar's menu button. */
  overlay: boolean;
  /** Icons only until hovered or focused (vertical layout, collapsed preference). */
  collapsed: boolean;
  semiDark: boolean;
  open: boolean;
  onClose: () => void;
}

/** The semi-dark navigation uses the dark colour scheme inside a light page. */
function useSemiDarkAttribute(semiDark: boolean) {
  const { colorScheme } = useColorScheme();
  return semiDark && colorScheme !== 'dark' ? { 'data-mui-color-scheme': 'dark' } : {};
}

/**
 * The vertical navigation (spec section 2): fixed at the inline start (the right in Arabic),
 * collapsed by default to its icons and expanded while hovered or focused; the pin button
 * keeps it expanded. Below 1280 px it is an overlay drawer instead.
 */
export function VerticalNav({
  items,
  overlay,
  collapsed,
  semiDark,
  open,
  onClose,
}: VerticalNavProps) {
  const { t } = useTranslation();
  const semiDarkAttribute = useSemiDarkAttribute(semiDark);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  if (overlay) {
    return (
      <Drawer
        variant="temporary"
        anchor="left"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{
          paper: {
            ...semiDarkAttribute,
            sx: { width: SHELL.navWidth, bgcolor: 'background.paper', color: 'text.primary' },
          },
        }}
      >
        <NavHeader narrow={false}>
          <IconButton
            size="small"
            onClick={onClose}
            aria-label={t('layout.nav.close')}
            sx={{ color: 'text.secondary' }}
          >
            <IconX size={20} aria-hidden />
          </IconButton>
        </NavHeader>
        <NavList items={items} narrow={false} onNavigate={onClose} />
      </Drawer>
    );
  }

  const expanded = !collapsed || hovered || focused;
  return (
    <Box
      component="aside"
      data-testid="vertical-nav"
      {...semiDarkAttribute}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      sx={(theme) => ({
        position: 'fixed',
        top: 0,
        bottom: 0,
        left: 0,
        zIndex: Z.navigation,
        width: expanded ? SHELL.navWidth : SHELL.navCollapsedWidth,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderRight: '1px solid transparent',
        boxShadow: collapsed && expanded ? '0 8px 24px rgba(15, 20, 34, 0.24)' : 'none',
        transition: theme.transitions.create(['width', 'box-shadow'], {
          duration: theme.transitions.duration.shorter,
        }),
        overflow: 'hidden',
        ...theme.applyStyles('light', {
          boxShadow:
            collapsed && expanded
              ? '0 8px 24px rgba(47, 43, 61, 0.18)'
              : '0 0 8px rgba(47, 43, 61, 0.06)',
        }),
      })}
    >
      <NavHeader narrow={!expanded}>
        {expanded ? (
          <IconButton
            size="small"
            aria-label={t('layout.nav.pin')}
            aria-pressed={!collapsed}
            onClick={() => setPreferences({ navCollapsed: !collapsed })}
            sx={{ color: 'text.secondary' }}
          >
            {collapsed ? (
              <IconCircle size={20} aria-hidden />
            ) : (
              <IconCircleDot size={20} aria-hidden />
            )}
          </IconButton>
        ) : null}
      </NavHeader>
      <NavList items={items} narrow={!expanded} />
    </Box>
  );
}

function NavHeader({ narrow, children }: { narrow: boolean; children?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        height: SHELL.navbarHeight,
        flexShrink: 0,
        pl: 2.75,
        pr: 2,
      }}
    >
      <HomeLogoLink size={26} markOnly={narrow} />
      {children}
    </Box>
  );
}

function NavList({
  items,
  narrow,
  onNavigate,
}: {
  items: readonly NavEntry[];
  narrow: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname, navActiveLink } = useActiveNav();
  const sections = NAV_SECTIONS.map((section) => ({
    section,
    entries: items.filter((entry) => entry.section === section),
  })).filter(({ entries }) => entries.length > 0);
  return (
    <Box
      component="nav"
      aria-label={t('layout.nav.label')}
      sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', pb: 2 }}
    >
      {sections.map(({ section, entries }, index) => {
        const headerId = `nav-section-${section}`;
        const title = t(`layout.nav.sections.${section}`);
        return (
          <Box key={section}>
            {narrow ? (
              index > 0 && <Divider sx={{ mx: 2, my: 1 }} />
            ) : (
              <ListSubheader
                id={headerId}
                component="h2"
                disableSticky
                sx={{
                  bgcolor: 'transparent',
                  typography: 'overline',
                  lineHeight: 2.5,
                  color: 'text.secondary',
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  px: 3.5,
                  pt: index > 0 ? 1.5 : 0.5,
                  m: 0,
                }}
              >
                {title}
              </ListSubheader>
            )}
            <List
              disablePadding
              sx={{ pt: index === 0 ? 0.5 : 0 }}
              aria-labelledby={narrow ? undefined : headerId}
              aria-label={narrow ? title : undefined}
            >
              {entries.map((entry) => (
                <NavLinkItem
                  key={entry.name}
                  entry={entry}
                  narrow={narrow}
                  active={isEntryActive(entry, pathname, navActiveLink)}
                  onNavigate={onNavigate}
                />
              ))}
            </List>
          </Box>
        );
      })}
    </Box>
  );
}
