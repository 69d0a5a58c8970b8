import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slide from '@mui/material/Slide';
import { useScrollTrigger } from './useScrollTrigger';
import { IconMenu2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavbarType } from '../../../shared/constants';
import { LanguageMenu } from '../../components/LanguageMenu';
import { CustomizerButton } from '../../features/customizer';
import { NotificationsMenu } from '../../features/notifications';
import { OrganizationSelector } from '../navbar/OrganizationSelector';
import { SearchButton } from '../navbar/SearchButton';
import { ShortcutsMenu } from '../navbar/ShortcutsMenu';
import { ThemeSwitcher } from '../navbar/ThemeSwitcher';
import { UserMenu } from '../navbar/UserMenu';
import { SHELL } from '../../theme/theme';
import type { NavEntry } from '../useNavItems';
import { HomeLogoLink } from './HomeLogoLink';

interface NavbarProps {
  items: readonly NavEntry[];
  /** sticky: always at the top; hidden: slides away while scrolling down, back on scroll up. */
  type: NavbarType;
  blur: boolean;
  boxed: boolean;
  /** Horizontal layout: full width with the logo, the menu bar below it. */
  horizontal: boolean;
  /** Overlay navigation: show the menu button that opens it. */
  onOpenNav?: () => void;
  navOpen?: boolean;
  /** Rendered under the bar, in the same sticky block (the horizontal menu). */
  below?: ReactNode;
}

/**
 * The navbar: menu button (overlay navigation), search, then language, theme, shortcuts,
 * notifications, customizer, organisation and user menus. Every control is named for
 * assistive technology. Sticky by default; "hidden" hides it while scrolling down.
 */
export function Navbar({
  items,
  type,
  blur,
  boxed,
  horizontal,
  onOpenNav,
  navOpen,
  below,
}: NavbarProps) {
  const { t } = useTranslation();
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 0 });
  const scrollingDown = useScrollTrigger({ threshold: 120 });
  const hidden = type === 'hidden' && scrollingDown;

  const bar = (
    <Box
      sx={(theme) => ({
        px: { xs: 1, sm: 2.5 },
        bgcolor:
          blur && scrolled
            ? theme.alpha(theme.vars.palette.background.paper, 0.85)
            : 'background.paper',
        backdropFilter: blur && scrolled ? 'blur(9px)' : 'none',
        borderRadius: horizontal ? 0 : '0 0 6px 6px',
        boxShadow: scrolled || horizontal ? '0 4px 8px -4px rgba(47, 43, 61, 0.22)' : 'none',
        transition: theme.transitions.create(['box-shadow', 'background-color']),
        ...theme.applyStyles('dark', {
          boxShadow: scrolled || horizontal ? '0 4px 8px -4px rgba(15, 20, 34, 0.4)' : 'none',
        }),
      })}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 0.25, sm: 0.5 },
          minHeight: SHELL.navbarHeight,
          maxWidth: horizontal && boxed ? SHELL.boxedMaxWidth : 'none',
          mx: 'auto',
        }}
      >
        {onOpenNav ? (
          <IconButton
            edge="start"
            onClick={onOpenNav}
            aria-label={t('layout.nav.open')}
            aria-expanded={navOpen ? true : false}
          >
            <IconMenu2 size={22} aria-hidden />
          </IconButton>
        ) : null}
        {horizontal ? <HomeLogoLink size={28} marginEnd={2} /> : null}
        <SearchButton items={items} compact={Boolean(onOpenNav) || horizontal} />
        <Box sx={{ flex: 1 }} />
        {/* On phones, language and theme stay reachable from the customizer. */}
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.5 }}>
          <LanguageMenu />
          <ThemeSwitcher />
          <ShortcutsMenu items={items} />
        </Box>
        <NotificationsMenu />
        <CustomizerButton />
        <Box
          sx={{
            minWidth: 0,
            mx: { xs: 0.5, sm: 1 },
            '& .MuiInputBase-root': {
              minWidth: { xs: 0, sm: 180 },
              maxWidth: { xs: 132, sm: 260 },
            },
          }}
        >
          <OrganizationSelector />
        </Box>
        <UserMenu />
      </Box>
    </Box>
  );

  return (
    <Slide appear={false} direction="down" in={!hidden}>
      <Box
        component="header"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          px: horizontal ? 0 : { xs: 1, sm: 2, md: 3 },
        }}
      >
        <Box sx={{ maxWidth: boxed && !horizontal ? SHELL.boxedMaxWidth : 'none', mx: 'auto' }}>
          {bar}
        </Box>
        {below}
      </Box>
    </Slide>
  );
}
