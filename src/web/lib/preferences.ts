import { useSyncExternalStore } from 'react';
import {
  CONTENT_WIDTHS,
  DEFAULT_NAV_COLLAPSED,
  DEFAULT_NAV_TYPE,
  DEFAULT_THEME,
  NAV_TYPES,
  NAVBAR_TYPES,
  PREFERENCE_KEYS,
  SETTINGS_COOKIE_MAX_AGE_DAYS,
  settingsCookieName,
  SKINS,
  THEMES,
  type ContentWidth,
  type NavbarType,
  type NavType,
  type Skin,
  type Theme,
} from '../../shared/constants';

/**
 * Client preferences (spec sections 3 and 4): theme, skin, semi-dark navigation, primary
 * colours, layout, content width, navbar, footer and blur. Each one is a cookie named
 * `<app title>-<key>` (e.g. `Meridian-theme`) that lives 30 days; a cookie is written when the
 * user changes the setting, so an untouched setting follows the defaults below.
 */

/** The footer may also be hidden (the spec names only `static`; the customizer offers both). */
export const FOOTER_TYPES = ['static', 'hidden'] as const;
export type FooterType = (typeof FOOTER_TYPES)[number];

/** Behaviour of the horizontal menu bar under the navbar. */
export const HORIZONTAL_NAV_TYPES = ['sticky', 'static', 'hidden'] as const;
export type HorizontalNavType = (typeof HORIZONTAL_NAV_TYPES)[number];

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/**
 * Cookie keys: the spec's names (section 3), plus the two layout settings it lists without a
 * key (skin and semi-dark navigation).
 */
export const PREFERENCE_COOKIE_KEYS = {
  theme: PREFERENCE_KEYS.theme,
  colorScheme: PREFERENCE_KEYS.colorScheme,
  skin: 'skin',
  semiDarkNav: 'isVerticalNavSemiDark',
  lightPrimary: PREFERENCE_KEYS.lightThemePrimaryColor,
  lightPrimaryDarken: PREFERENCE_KEYS.lightThemePrimaryDarkenColor,
  darkPrimary: PREFERENCE_KEYS.darkThemePrimaryColor,
  darkPrimaryDarken: PREFERENCE_KEYS.darkThemePrimaryDarkenColor,
  layoutNav: PREFERENCE_KEYS.appContentLayoutNav,
  contentWidth: PREFERENCE_KEYS.appContentWidth,
  footerType: PREFERENCE_KEYS.footerType,
  navbarType: PREFERENCE_KEYS.navbarType,
  navbarBlur: PREFERENCE_KEYS.isNavbarBlurEnabled,
  navCollapsed: PREFERENCE_KEYS.isVerticalNavCollapsed,
  horizontalNavType: PREFERENCE_KEYS.horizontalNavType,
} as const;

export interface Preferences {
  /** light, dark or system (follows the device). */
  theme: Theme;
  /** The scheme in effect (the device's when theme is system); kept for the initial loader. */
  colorScheme: ColorScheme | null;
  skin: Skin;
  semiDarkNav: boolean;
  /** Custom primary colours (#rrggbb); null keeps the theme's own. */
  lightPrimary: string | null;
  lightPrimaryDarken: string | null;
  darkPrimary: string | null;
  darkPrimaryDarken: string | null;
  layoutNav: NavType;
  contentWidth: ContentWidth;
  footerType: FooterType;
  navbarType: NavbarType;
  navbarBlur: boolean;
  navCollapsed: boolean;
  horizontalNavType: HorizontalNavType;
}

export type PreferenceName = keyof Preferences;

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  theme: DEFAULT_THEME,
  colorScheme: null,
  skin: 'default',
  semiDarkNav: false,
  lightPrimary: null,
  lightPrimaryDarken: null,
  darkPrimary: null,
  darkPrimaryDarken: null,
  layoutNav: DEFAULT_NAV_TYPE,
  contentWidth: 'boxed',
  footerType: 'static',
  navbarType: 'sticky',
  navbarBlur: true,
  navCollapsed: DEFAULT_NAV_COLLAPSED,
  horizontalNavType: 'sticky',
});

export const SETTINGS_COOKIE_MAX_AGE_SECONDS = SETTINGS_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;

// ---------------------------------------------------------------------------
// Cookies
// ---------------------------------------------------------------------------

/** Where preferences are kept: document.cookie in the browser, a map in tests. */
export interface CookieJar {
  read(name: string): string | undefined;
  write(name: string, value: string, maxAgeSeconds: number): void;
  remove(name: string): void;
}

/** `a=1; b=2` -> Map { a => '1', b => '2' } (values URI-decoded; malformed ones skipped). */
export function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // a value that is not valid URI encoding is not one of ours
    }
  }
  return cookies;
}

/** A Set-Cookie-style string for document.cookie: site-wide, SameSite=Lax, with a lifetime. */
export function serializeCookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  secure = false,
): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export const documentCookieJar: CookieJar = {
  read(name) {
    if (typeof document === 'undefined') return undefined;
    return parseCookies(document.cookie).get(name);
  },
  write(name, value, maxAgeSeconds) {
    if (typeof document === 'undefined') return;
    const secure = typeof location !== 'undefined' && location.protocol === 'https:';
    document.cookie = serializeCookie(name, value, maxAgeSeconds, secure);
  },
  remove(name) {
    if (typeof document === 'undefined') return;
    document.cookie = serializeCookie(name, '', 0);
  },
};

/** A cookie jar in memory (tests, and environments without document). */
export function createMemoryCookieJar(initial: Record<string, string> = {}): CookieJar & {
  readonly cookies: Map<string, { value: string; maxAgeSeconds: number }>;
} {
  const cookies = new Map(
    Object.entries(initial).map(([name, value]) => [
      name,
      { value, maxAgeSeconds: SETTINGS_COOKIE_MAX_AGE_SECONDS },
    ]),
  );
  return {
    cookies,
    read: (name) => cookies.get(name)?.value,
    write: (name, value, maxAgeSeconds) => {
      cookies.set(name, { value, maxAgeSeconds });
    },
    remove: (name) => {
      cookies.delete(name);
    },
  };
}

// ---------------------------------------------------------------------------
// Parsing and serialising each preference
// ---------------------------------------------------------------------------

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

function oneOf<T extends string>(values: readonly T[]) {
  return (raw: string): T | undefined =>
    (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

function bool(raw: string): boolean | undefined {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return undefined;
}

const color = (raw: string): string | undefined =>
  isHexColor(raw) ? raw.toUpperCase() : undefined;

const PARSERS: { [K in PreferenceName]: (raw: string) => Preferences[K] | undefined } = {
  theme: oneOf(THEMES),
  colorScheme: oneOf(COLOR_SCHEMES),
  skin: oneOf(SKINS),
  semiDarkNav: bool,
  lightPrimary: color,
  lightPrimaryDarken: color,
  darkPrimary: color,
  darkPrimaryDarken: color,
  layoutNav: oneOf(NAV_TYPES),
  contentWidth: oneOf(CONTENT_WIDTHS),
  footerType: oneOf(FOOTER_TYPES),
  navbarType: oneOf(NAVBAR_TYPES),
  navbarBlur: bool,
  navCollapsed: bool,
  horizontalNavType: oneOf(HORIZONTAL_NAV_TYPES),
};

const NAMES = Object.keys(PARSERS) as PreferenceName[];

/** The cookie name of a preference, e.g. `Meridian-lightThemePrimaryColor`. */
export function preferenceCookieName(name: PreferenceName): string {
  return settingsCookieName(PREFERENCE_COOKIE_KEYS[name]);
}

/** Every preference from the jar; a missing or unreadable cookie gives the default. */
export function readPreferences(jar: CookieJar): Preferences {
  const preferences: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  for (const name of NAMES) {
    const raw = jar.read(preferenceCookieName(name));
    if (raw === undefined) continue;
    const value = PARSERS[name](raw);
    if (value !== undefined) preferences[name] = value;
  }
  return preferences as unknown as Preferences;
}

/** Values are checked before they are stored; a bad one is dropped (never thrown). */
function sanitize(patch: Partial<Preferences>): Partial<Preferences> {
  const clean: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(patch) as [PreferenceName, unknown][]) {
    if (!(name in PARSERS)) continue;
    if (value === null) {
      if (DEFAULT_PREFERENCES[name] === null) clean[name] = null;
      continue;
    }
    if (PARSERS[name](String(value)) !== undefined) {
      clean[name] = PARSERS[name](String(value));
    }
  }
  return clean as Partial<Preferences>;
}

// ---------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------

export interface PreferencesStore {
  get(): Preferences;
  /** Changes some preferences and writes their cookies (null removes a colour). */
  set(patch: Partial<Preferences>): void;
  /** Back to the defaults: every preference cookie is removed. */
  reset(): void;
  subscribe(listener: () => void): () => void;
}

export function createPreferencesStore(jar: CookieJar): PreferencesStore {
  let state = readPreferences(jar);
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };

  return {
    get: () => state,
    set(patch) {
      const clean = sanitize(patch);
      const changed = (Object.keys(clean) as PreferenceName[]).filter(
        (name) => state[name] !== clean[name],
      );
      if (changed.length === 0) return;
      state = { ...state, ...clean };
      for (const name of changed) {
        const value = state[name];
        if (value === null) jar.remove(preferenceCookieName(name));
        else jar.write(preferenceCookieName(name), String(value), SETTINGS_COOKIE_MAX_AGE_SECONDS);
      }
      emit();
    },
    reset() {
      for (const name of NAMES) {
        // The scheme in effect is not a choice: it stays for the initial loader.
        if (name !== 'colorScheme') jar.remove(preferenceCookieName(name));
      }
      state = { ...DEFAULT_PREFERENCES, colorScheme: state.colorScheme };
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's store, over document.cookie. */
export const preferencesStore: PreferencesStore = createPreferencesStore(documentCookieJar);

export function usePreferences(): Preferences {
  return useSyncExternalStore(preferencesStore.subscribe, preferencesStore.get);
}

export function usePreference<K extends PreferenceName>(name: K): Preferences[K] {
  return useSyncExternalStore(preferencesStore.subscribe, () => preferencesStore.get()[name]);
}

export const setPreferences = (patch: Partial<Preferences>) => preferencesStore.set(patch);
export const resetPreferences = () => preferencesStore.reset();

// ---------------------------------------------------------------------------
// Layout rules (spec section 2, layout behaviour)
// ---------------------------------------------------------------------------

export interface EffectiveLayout {
  nav: NavType;
  /** The vertical navigation is a temporary drawer (below the large breakpoint). */
  overlay: boolean;
  /** The vertical navigation shows icons only until hovered. */
  collapsed: boolean;
  navbarType: NavbarType;
}

/**
 * The layout actually shown: below the large breakpoint the navigation is an overlay and the
 * layout is forced to vertical; horizontal navigation forces the navbar from hidden to sticky
 * and un-collapses the navigation.
 */
export function effectiveLayout(
  preferences: Pick<Preferences, 'layoutNav' | 'navCollapsed' | 'navbarType'>,
  belowLarge: boolean,
): EffectiveLayout {
  if (belowLarge) {
    return {
      nav: 'vertical',
      overlay: true,
      collapsed: false,
      navbarType: preferences.navbarType,
    };
  }
  if (preferences.layoutNav === 'horizontal') {
    return { nav: 'horizontal', overlay: false, collapsed: false, navbarType: 'sticky' };
  }
  return {
    nav: 'vertical',
    overlay: false,
    collapsed: preferences.navCollapsed,
    navbarType: preferences.navbarType,
  };
}

/**
 * The storage manager MUI's ThemeProvider uses for its mode: the `theme` preference (cookie).
 * MUI's per-scheme keys are not persisted (the app has exactly one light and one dark scheme).
 */
export function createThemeModeStorageManager(store: PreferencesStore, modeKey: string) {
  return ({ key }: { key: string }) => {
    if (key !== modeKey) {
      return {
        get: (defaultValue: unknown) => defaultValue,
        set: () => {},
        subscribe: () => () => {},
      };
    }
    return {
      get: () => store.get().theme,
      set: (value: unknown) => {
        if (typeof value === 'string') store.set({ theme: value as Theme });
      },
      subscribe: (handler: (value: unknown) => void) => {
        let last = store.get().theme;
        return store.subscribe(() => {
          const next = store.get().theme;
          if (next !== last) {
            last = next;
            handler(next);
          }
        });
      },
    };
  };
}
