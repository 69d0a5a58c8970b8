import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_TITLE, DEFAULT_THEME } from '../../shared/constants';
import {
  createThemeModeStorageManager,
  PREFERENCE_COOKIE_KEYS,
  preferencesStore,
  setPreferences,
  usePreferences,
} from '../lib/preferences';
import { SKIN_COLORS } from './colors';
import { ltrCache, rtlCache } from './emotion-caches';
import { COLORS, createAppTheme, Z } from './theme';

/** MUI keeps its mode in the `theme` preference cookie (see lib/preferences). */
const storageManager = createThemeModeStorageManager(
  preferencesStore,
  PREFERENCE_COOKIE_KEYS.theme,
);

/**
 * localStorage keys read by public/initial-loader.js before React starts (spec section 4:
 * the initial loader's background and colour follow the surface and primary colours).
 */
export const INITIAL_LOADER_KEYS = {
  background: `${APP_TITLE}-initial-loader-bg`,
  color: `${APP_TITLE}-initial-loader-color`,
} as const;

/**
 * Theme (light, dark or system, following the device live), skin, primary colours and text
 * direction from the current language, from the preferences.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = i18n.dir(i18n.resolvedLanguage ?? i18n.language);
  const { skin, lightPrimary, lightPrimaryDarken, darkPrimary, darkPrimaryDarken } =
    usePreferences();
  const theme = useMemo(
    () =>
      createAppTheme({
        direction,
        skin,
        primary: {
          ...(lightPrimary ? { light: lightPrimary } : {}),
          ...(lightPrimaryDarken ? { lightDarken: lightPrimaryDarken } : {}),
          ...(darkPrimary ? { dark: darkPrimary } : {}),
          ...(darkPrimaryDarken ? { darkDarken: darkPrimaryDarken } : {}),
        },
      }),
    [direction, skin, lightPrimary, lightPrimaryDarken, darkPrimary, darkPrimaryDarken],
  );
  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <ThemeProvider
        theme={theme}
        defaultMode={DEFAULT_THEME}
        modeStorageKey={PREFERENCE_COOKIE_KEYS.theme}
        colorSchemeStorageKey={PREFERENCE_COOKIE_KEYS.colorScheme}
        storageManager={storageManager}
        disableTransitionOnChange
      >
        <CssBaseline enableColorScheme />
        <GlobalStyles
          styles={{
            // Hash targets keep clear of the sticky navbar (spec: 60 px offset).
            '[id]': { scrollMarginTop: 60 },
            // A word longer than its line (an e-mail address, a URL) breaks instead of running
            // out of its card; text kept on one line (nowrap) is unaffected.
            body: { overflowWrap: 'break-word' },
            // notistack's own layer (1400) would sit under dialogs: stack it above them. Its
            // messages rise above the floating help button instead of covering it.
            'body .notistack-SnackbarContainer': { zIndex: Z.snackbar, bottom: 88 },
            '@media (prefers-reduced-motion: reduce)': {
              '*, *::before, *::after': { scrollBehavior: 'auto !important' },
            },
          }}
        />
        <ColorSchemeEffects />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/**
 * Keeps what lives outside React in step with the scheme in effect: the `color-scheme`
 * cookie, the initial loader's colours (surface and primary) and the browser's theme colour.
 */
function ColorSchemeEffects() {
  const { colorScheme } = useColorScheme();
  const { skin, lightPrimary, darkPrimary } = usePreferences();

  useEffect(() => {
    if (colorScheme !== 'light' && colorScheme !== 'dark') return;
    const surface = SKIN_COLORS[skin][colorScheme].surface;
    const primary =
      (colorScheme === 'dark' ? darkPrimary : lightPrimary) ?? COLORS[colorScheme].primary;
    setPreferences({ colorScheme });
    try {
      localStorage.setItem(INITIAL_LOADER_KEYS.background, surface);
      localStorage.setItem(INITIAL_LOADER_KEYS.color, primary);
    } catch {
      // storage unavailable: the loader keeps its built-in colours
    }
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', SKIN_COLORS[skin][colorScheme].background);
  }, [colorScheme, skin, lightPrimary, darkPrimary]);

  return null;
}
