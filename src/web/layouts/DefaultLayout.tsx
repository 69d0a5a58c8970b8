import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';
import { HelpButton, type HelpTooltip } from '../features/help';
import { usePreferences } from '../lib/preferences';
import { SHELL } from '../theme/theme';
import { Footer } from './components/Footer';
import { HorizontalNav } from './components/HorizontalNav';
import { Navbar } from './components/Navbar';
import { ScrollToTop } from './components/ScrollToTop';
import { SkipLink } from './components/SkipLink';
import { VerticalNav } from './components/VerticalNav';
import { useLayoutState } from './useLayoutState';
import { useNavItems } from './useNavItems';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The signed-in layout (spec section 2): vertical navigation (collapsed by default; an overlay
 * below 1280 px) or a horizontal menu bar, the navbar, the content (boxed or fluid), the
 * footer, the scroll-to-top and help buttons. `fixedHeight`: the content fills the viewport
 * and the footer is hidden (e.g. the agent page).
 */
const helpTooltip: HelpTooltip = (button, label) => (
  <Tooltip title={label} placement="top">
    {button}
  </Tooltip>
);

export function DefaultLayout({
  children,
  fixedHeight = false,
  footerHidden = false,
}: {
  children: ReactNode;
  fixedHeight?: boolean;
  footerHidden?: boolean;
}) {
  const preferences = usePreferences();
  const layout = useLayoutState();
  const items = useNavItems();
  const [navOpen, setNavOpen] = useState(false);

  const vertical = layout.nav === 'vertical';
  const boxed = preferences.contentWidth === 'boxed';
  const navSpace =
    vertical && !layout.overlay ? (layout.collapsed ? SHELL.navCollapsedWidth : SHELL.navWidth) : 0;
  const showFooter = !fixedHeight && !footerHidden && preferences.footerType !== 'hidden';

  return (
    <Box
      data-layout={vertical ? 'vertical' : 'horizontal'}
      data-nav-overlay={layout.overlay ? 'true' : 'false'}
      sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}
    >
      <SkipLink target={MAIN_CONTENT_ID} />
      {vertical ? (
        <VerticalNav
          items={items}
          overlay={layout.overlay}
          collapsed={layout.collapsed}
          semiDark={preferences.semiDarkNav}
          open={layout.overlay && navOpen}
          onClose={() => setNavOpen(false)}
        />
      ) : null}
      <Box
        sx={(theme) => ({
          flex: 1,
          minWidth: 0,
          // Nothing wider than the window makes the whole page scroll sideways.
          overflowX: 'clip',
          display: 'flex',
          flexDirection: 'column',
          ml: `${navSpace}px`,
          transition: theme.transitions.create('margin', {
            duration: theme.transitions.duration.shorter,
          }),
          ...(fixedHeight ? { height: '100dvh', overflow: 'hidden' } : {}),
        })}
      >
        <Navbar
          items={items}
          type={fixedHeight ? 'sticky' : layout.navbarType}
          blur={preferences.navbarBlur}
          boxed={boxed}
          horizontal={!vertical}
          onOpenNav={layout.overlay ? () => setNavOpen(true) : undefined}
          navOpen={navOpen}
          below={vertical ? null : <HorizontalNav items={items} boxed={boxed} />}
        />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{
            flex: 1,
            minHeight: 0,
            px: { xs: 2, md: 3 },
            py: { xs: 2.5, md: 3 },
            outline: 'none',
            ...(fixedHeight ? { display: 'flex', flexDirection: 'column' } : {}),
          }}
        >
          <Box
            sx={{
              width: '100%',
              maxWidth: boxed ? SHELL.boxedMaxWidth : 'none',
              mx: 'auto',
              ...(fixedHeight
                ? { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }
                : {}),
            }}
          >
            {children}
          </Box>
        </Box>
        {showFooter ? <Footer boxed={boxed} /> : null}
      </Box>
      {fixedHeight ? null : <ScrollToTop />}
      <HelpButton startInset={navSpace} tooltip={helpTooltip} />
    </Box>
  );
}
