import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { effectiveLayout, usePreferences, type EffectiveLayout } from '../lib/preferences';

/**
 * The layout in effect: the preferences, with the spec's rules applied (below the large
 * breakpoint, i.e. up to 1279 px, the navigation is a vertical overlay; horizontal navigation
 * forces a sticky navbar and an expanded navigation).
 */
export function useLayoutState(): EffectiveLayout {
  const theme = useTheme();
  const belowLarge = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const { layoutNav, navCollapsed, navbarType } = usePreferences();
  return effectiveLayout({ layoutNav, navCollapsed, navbarType }, belowLarge);
}
