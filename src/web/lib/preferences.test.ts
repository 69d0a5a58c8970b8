import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryCookieJar,
  createPreferencesStore,
  createThemeModeStorageManager,
  DEFAULT_PREFERENCES,
  effectiveLayout,
  parseCookies,
  preferenceCookieName,
  readPreferences,
  serializeCookie,
  SETTINGS_COOKIE_MAX_AGE_SECONDS,
} from './preferences';

describe('preference cookies', () => {
  it('are named after the app title and the spec key', () => {
    expect(preferenceCookieName('theme')).toBe('Meridian-theme');
    expect(preferenceCookieName('colorScheme')).toBe('Meridian-color-scheme');
    expect(preferenceCookieName('lightPrimary')).toBe('Meridian-lightThemePrimaryColor');
    expect(preferenceCookieName('lightPrimaryDarken')).toBe(
      'Meridian-lightThemePrimaryDarkenColor',
    );
    expect(preferenceCookieName('darkPrimary')).toBe('Meridian-darkThemePrimaryColor');
    expect(preferenceCookieName('darkPrimaryDarken')).toBe('Meridian-darkThemePrimaryDarkenColor');
    expect(preferenceCookieName('layoutNav')).toBe('Meridian-appContentLayoutNav');
    expect(preferenceCookieName('contentWidth')).toBe('Meridian-appContentWidth');
    expect(preferenceCookieName('footerType')).toBe('Meridian-footerType');
    expect(preferenceCookieName('navbarType')).toBe('Meridian-navbarType');
    expect(preferenceCookieName('navbarBlur')).toBe('Meridian-isNavbarBlurEnabled');
    expect(preferenceCookieName('navCollapsed')).toBe('Meridian-isVerticalNavCollapsed');
    expect(preferenceCookieName('horizontalNavType')).toBe('Meridian-horizontalNavType');
  });

  it('live 30 days, site-wide', () => {
    expect(SETTINGS_COOKIE_MAX_AGE_SECONDS).toBe(30 * 24 * 60 * 60);
    expect(serializeCookie('Meridian-theme', 'dark', SETTINGS_COOKIE_MAX_AGE_SECONDS)).toBe(
      'Meridian-theme=dark; Path=/; Max-Age=2592000; SameSite=Lax',
    );
    expect(serializeCookie('a', '#fff', 10, true)).toBe(
      'a=%23fff; Path=/; Max-Age=10; SameSite=Lax; Secure',
    );
  });

  it('are parsed from a cookie header, decoding values and skipping bad ones', () => {
    const cookies = parseCookies('Meridian-theme=dark; x=%E0%A4%A; Meridian-a=%23ABCDEF; bare');
    expect(cookies.get('Meridian-theme')).toBe('dark');
    expect(cookies.get('Meridian-a')).toBe('#ABCDEF');
    expect(cookies.has('x')).toBe(false);
    expect(cookies.has('bare')).toBe(false);
  });
});

describe('reading preferences', () => {
  it('gives the defaults without cookies: system theme, vertical collapsed navigation', () => {
    const preferences = readPreferences(createMemoryCookieJar());
    expect(preferences).toEqual(DEFAULT_PREFERENCES);
    expect(preferences.theme).toBe('system');
    expect(preferences.layoutNav).toBe('vertical');
    expect(preferences.navCollapsed).toBe(true);
  });

  it('reads stored values and ignores invalid ones', () => {
    const jar = createMemoryCookieJar({
      'Meridian-theme': 'dark',
      'Meridian-appContentLayoutNav': 'horizontal',
      'Meridian-isVerticalNavCollapsed': 'false',
      'Meridian-appContentWidth': 'wide',
      'Meridian-lightThemePrimaryColor': '#0f766e',
      'Meridian-darkThemePrimaryColor': 'red',
      'Meridian-skin': 'bordered',
      'Meridian-isNavbarBlurEnabled': 'maybe',
    });
    const preferences = readPreferences(jar);
    expect(preferences.theme).toBe('dark');
    expect(preferences.layoutNav).toBe('horizontal');
    expect(preferences.navCollapsed).toBe(false);
    expect(preferences.contentWidth).toBe(DEFAULT_PREFERENCES.contentWidth);
    expect(preferences.lightPrimary).toBe('#0F766E');
    expect(preferences.darkPrimary).toBeNull();
    expect(preferences.skin).toBe('bordered');
    expect(preferences.navbarBlur).toBe(DEFAULT_PREFERENCES.navbarBlur);
  });
});

describe('the preferences store', () => {
  it('writes a 30-day cookie for each changed preference and notifies once', () => {
    const jar = createMemoryCookieJar();
    const store = createPreferencesStore(jar);
    const listener = vi.fn();
    store.subscribe(listener);

    store.set({ theme: 'dark', layoutNav: 'horizontal', footerType: 'hidden' });

    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toMatchObject({
      theme: 'dark',
      layoutNav: 'horizontal',
      footerType: 'hidden',
    });
    expect(jar.cookies.get('Meridian-theme')).toEqual({
      value: 'dark',
      maxAgeSeconds: SETTINGS_COOKIE_MAX_AGE_SECONDS,
    });
    expect(jar.cookies.get('Meridian-appContentLayoutNav')?.value).toBe('horizontal');
    expect(jar.cookies.get('Meridian-footerType')?.value).toBe('hidden');
    // untouched preferences leave no cookie
    expect(jar.cookies.has('Meridian-navbarType')).toBe(false);
  });

  it('survives a reload: a new store over the same cookies has the same values', () => {
    const jar = createMemoryCookieJar();
    const first = createPreferencesStore(jar);
    first.set({
      theme: 'light',
      skin: 'bordered',
      semiDarkNav: true,
      lightPrimary: '#0F766E',
      lightPrimaryDarken: '#0D6A63',
      darkPrimary: '#2DD4BF',
      darkPrimaryDarken: '#28BFAC',
      contentWidth: 'fluid',
      navbarType: 'hidden',
      navbarBlur: false,
      navCollapsed: false,
      horizontalNavType: 'static',
    });
    const reloaded = createPreferencesStore(jar);
    expect(reloaded.get()).toEqual(first.get());
  });

  it('drops invalid values instead of storing them', () => {
    const jar = createMemoryCookieJar();
    const store = createPreferencesStore(jar);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ theme: 'purple' as never, lightPrimary: 'javascript:1' });
    expect(listener).not.toHaveBeenCalled();
    expect(jar.cookies.size).toBe(0);
    expect(store.get()).toEqual(DEFAULT_PREFERENCES);
  });

  it('does not notify or write when nothing changes', () => {
    const jar = createMemoryCookieJar();
    const store = createPreferencesStore(jar);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ theme: DEFAULT_PREFERENCES.theme });
    expect(listener).not.toHaveBeenCalled();
    expect(jar.cookies.size).toBe(0);
  });

  it('a null colour removes the custom colour cookie', () => {
    const jar = createMemoryCookieJar();
    const store = createPreferencesStore(jar);
    store.set({ lightPrimary: '#123456' });
    expect(jar.cookies.has('Meridian-lightThemePrimaryColor')).toBe(true);
    store.set({ lightPrimary: null });
    expect(jar.cookies.has('Meridian-lightThemePrimaryColor')).toBe(false);
    expect(store.get().lightPrimary).toBeNull();
  });

  it('reset goes back to the defaults and removes the cookies', () => {
    const jar = createMemoryCookieJar();
    const store = createPreferencesStore(jar);
    store.set({ theme: 'dark', layoutNav: 'horizontal', lightPrimary: '#123456' });
    store.set({ colorScheme: 'dark' });
    const listener = vi.fn();
    store.subscribe(listener);
    store.reset();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual({ ...DEFAULT_PREFERENCES, colorScheme: 'dark' });
    expect([...jar.cookies.keys()]).toEqual(['Meridian-color-scheme']);
    expect(createPreferencesStore(jar).get().theme).toBe('system');
  });
});

describe('theme mode storage for MUI', () => {
  it('reads and writes the theme preference and reports outside changes', () => {
    const store = createPreferencesStore(createMemoryCookieJar());
    const manager = createThemeModeStorageManager(store, 'theme');
    const mode = manager({ key: 'theme' });
    expect(mode.get('light')).toBe('system');
    const handler = vi.fn();
    const unsubscribe = mode.subscribe(handler);
    mode.set('dark');
    expect(store.get().theme).toBe('dark');
    store.set({ theme: 'light' });
    expect(handler).toHaveBeenLastCalledWith('light');
    store.set({ navbarBlur: false });
    expect(handler).toHaveBeenCalledTimes(2);
    unsubscribe();
    // MUI's per-scheme keys are not persisted
    const scheme = manager({ key: 'color-scheme-light' });
    expect(scheme.get('light')).toBe('light');
  });
});

describe('effective layout', () => {
  const base = { layoutNav: 'vertical', navCollapsed: true, navbarType: 'hidden' } as const;

  it('keeps a vertical, collapsed navigation on large screens', () => {
    expect(effectiveLayout(base, false)).toEqual({
      nav: 'vertical',
      overlay: false,
      collapsed: true,
      navbarType: 'hidden',
    });
  });

  it('horizontal navigation forces the navbar to sticky and un-collapses the navigation', () => {
    expect(effectiveLayout({ ...base, layoutNav: 'horizontal' }, false)).toEqual({
      nav: 'horizontal',
      overlay: false,
      collapsed: false,
      navbarType: 'sticky',
    });
  });

  it('below the large breakpoint the navigation is a vertical overlay', () => {
    expect(effectiveLayout({ ...base, layoutNav: 'horizontal' }, true)).toMatchObject({
      nav: 'vertical',
      overlay: true,
      collapsed: false,
    });
  });
});
