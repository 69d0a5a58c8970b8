import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { PREFERENCE_KEYS } from '../lib/storage';
import { createAppTheme } from './theme';

// One Emotion cache per direction; the RTL one flips left/right in every generated rule.
const ltrCache = createCache({ key: 'mui' });
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });

/** Theme, colour scheme (light, dark or system) and text direction from the current language. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = i18n.dir(i18n.resolvedLanguage ?? i18n.language);
  const theme = useMemo(() => createAppTheme(direction), [direction]);
  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <ThemeProvider
        theme={theme}
        defaultMode="system"
        modeStorageKey={PREFERENCE_KEYS.theme}
        colorSchemeStorageKey={PREFERENCE_KEYS.colorScheme}
        disableTransitionOnChange
      >
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
