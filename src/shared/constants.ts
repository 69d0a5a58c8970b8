/**
 * Business constants and limits of the product (spec section 9, plus the few
 * figures of sections 3 and 4 that both the server and the browser need).
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */

// ---------------------------------------------------------------------------
// Application
// ---------------------------------------------------------------------------

/** App title; settings cookies are prefixed by it (spec section 9). */
export const APP_TITLE = 'Meridian';

/** Lifetime of the settings cookies, in days. */
export const SETTINGS_COOKIE_MAX_AGE_DAYS = 30;

/** Name of a settings cookie: the app title, a dash, then the preference key. */
export function settingsCookieName(key: string): string {
  return `${APP_TITLE}-${key}`;
}

// ---------------------------------------------------------------------------
// Help dialog
// ---------------------------------------------------------------------------

export const HELP_TEXT_MIN_LENGTH = 10;
export const HELP_TEXT_MAX_LENGTH = 1000;
export const HELP_TEXT_ROWS = 6;
/** After a successful submit the dialog resets and closes after this delay. */
export const HELP_AUTO_CLOSE_MS = 2000;
export const HELP_DIALOG_MAX_WIDTH_PX = 600;
/** Maximum length of the page URL sent with a help request (not in the spec). */
export const HELP_URL_MAX_LENGTH = 2048;

// ---------------------------------------------------------------------------
// Navigation guard
// ---------------------------------------------------------------------------

/** The organisation route waits up to 50 tries x 100 ms (5 s) for organisation data. */
export const ORG_DATA_WAIT_TRIES = 50;
export const ORG_DATA_WAIT_INTERVAL_MS = 100;

// ---------------------------------------------------------------------------
// Loading bar (spec section 4)
// ---------------------------------------------------------------------------

export const LOADING_BAR_START = 10;
export const LOADING_BAR_TICK_MS = 800;
export const LOADING_BAR_CAP = 82;
export const LOADING_BAR_DONE = 100;
export const LOADING_BAR_FINISH_DELAY_MS = 300;

// ---------------------------------------------------------------------------
// Authentication and session
// ---------------------------------------------------------------------------

/** If no auth event arrives within this time, logged-in status is decided from storage. */
export const AUTH_START_TIMEOUT_MS = 2000;
/** Sign-out call time-out during an explicit logout. */
export const LOGOUT_TIMEOUT_MS = 3000;
/** The logging-out flag resets after this delay (spec section 4). */
export const LOGGING_OUT_RESET_MS = 1000;
/** A Google user counts as new if the account was created less than this ago. */
export const NEW_USER_WINDOW_MS = 5 * 60 * 1000;
/** First delay of the token refresh retry; doubled on each retry. */
export const REFRESH_BACKOFF_BASE_MS = 200;
/** Sessions found in a URL that are older than this produce a warning. */
export const SESSION_URL_WARNING_MS = 120 * 1000;
/** Auth errors with these statuses are retryable (spec section 8). */
export const AUTH_RETRYABLE_STATUSES = [502, 503, 504] as const;
/** Sign-out errors with these statuses are ignored (spec section 8). */
export const SIGN_OUT_IGNORED_STATUSES = [401, 403, 404] as const;

/**
 * Per-account password lock, on top of the per-address rate limits: after `maxFailures` wrong
 * passwords in a row for one e-mail address, from any client addresses, its password sign-in
 * answers 429 for `lockMinutes` and the owner gets a mail. A failure more than
 * `failureWindowMinutes` after the previous one starts the count again; a sign-in with the
 * right password clears it.
 */
export const SIGN_IN_LOCKOUT = {
  maxFailures: 10,
  lockMinutes: 15,
  failureWindowMinutes: 60,
} as const;

/** The same for wrong two-factor codes (enforced by Better Auth's two-factor plugin). */
export const TWO_FACTOR_LOCKOUT = {
  maxFailures: 10,
  lockMinutes: 15,
} as const;

// ---------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------

/** The scroll-to-top button appears after scrolling more than this. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 200;
/** Offset of the horizontal navigation popovers. */
export const HORIZONTAL_NAV_POPOVER_OFFSET_PX = 6;
/** Offset when scrolling to a hash after navigation. */
export const SCROLL_OFFSET_PX = 60;

export const Z_INDEX = {
  overlay: 2000,
  dialog: 2400,
  /** Each stacked overlay adds this to the one below it. */
  stackStep: 10,
} as const;

/** Breakpoints in px (spec section 9); xs starts at 0. */
export const BREAKPOINTS = {
  xs: 0,
  sm: 600,
  md: 960,
  lg: 1280,
  xl: 1920,
  xxl: 2560,
} as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Navigation becomes an overlay at or below this width (large breakpoint minus 1 px). */
export const NAV_OVERLAY_MAX_WIDTH_PX = BREAKPOINTS.lg - 1;

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

export const SKINS = ['default', 'bordered'] as const;
export type Skin = (typeof SKINS)[number];

export const CONTENT_WIDTHS = ['fluid', 'boxed'] as const;
export type ContentWidth = (typeof CONTENT_WIDTHS)[number];

export const NAV_TYPES = ['vertical', 'horizontal'] as const;
export type NavType = (typeof NAV_TYPES)[number];
export const DEFAULT_NAV_TYPE: NavType = 'vertical';
/** Vertical navigation is collapsed by default. */
export const DEFAULT_NAV_COLLAPSED = true;

export const NAVBAR_TYPES = ['sticky', 'hidden'] as const;
export type NavbarType = (typeof NAVBAR_TYPES)[number];

export const FOOTER_TYPES = ['static'] as const;
export type FooterType = (typeof FOOTER_TYPES)[number];

/** UI defaults: comfortable density, outlined inputs, pagination with first/last buttons. */
export const UI_DEFAULTS = {
  density: 'comfortable',
  inputVariant: 'outlined',
  paginationShowFirstLastButtons: true,
} as const;

// ---------------------------------------------------------------------------
// Theme colours
// ---------------------------------------------------------------------------

export const THEME_COLORS = {
  light: {
    primary: '#22577A',
    secondary: '#38A3A5',
    success: '#2E7D32',
    info: '#1976D2',
    warning: '#FF9F43',
    error: '#FF4C51',
    background: '#F8F7FA',
  },
  dark: {
    primary: '#42A5F5',
    background: '#25293C',
    surface: '#2F3349',
    success: '#57CC99',
  },
} as const;

// ---------------------------------------------------------------------------
// Lists and queries
// ---------------------------------------------------------------------------

export const PAGE_SIZES = [5, 10, 20, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
/** Default page size of lists: a choice matching schemas/pagination.ts (the spec gives none). */
export const DEFAULT_PAGE_SIZE: PageSize = 20;

export function isPageSize(value: unknown): value is PageSize {
  return typeof value === 'number' && (PAGE_SIZES as readonly number[]).includes(value);
}

/** TanStack Query defaults (spec section 9). */
export const QUERY_DEFAULTS = {
  staleTimeMs: 5 * 1000,
  gcTimeMs: 5 * 60 * 1000,
  queryRetry: 1,
  mutationRetry: 0,
  refetchOnWindowFocus: false,
} as const;
/** The query log keeps at most this many entries. */
export const QUERY_LOG_MAX_ENTRIES = 100;

// ---------------------------------------------------------------------------
// Locales
// ---------------------------------------------------------------------------

export const LOCALES = ['en', 'fr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'en';

export interface LocaleConfig {
  readonly code: Locale;
  readonly rtl: boolean;
}

/** Each language has a code and an RTL flag (spec section 4). */
export const LOCALE_CONFIG: Readonly<Record<Locale, LocaleConfig>> = {
  en: { code: 'en', rtl: false },
  fr: { code: 'fr', rtl: false },
  ar: { code: 'ar', rtl: true },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isRtlLocale(value: string): boolean {
  return isLocale(value) && LOCALE_CONFIG[value].rtl;
}

// ---------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------

/** Organisation roles (Better Auth organization plugin roles). */
export const ORG_ROLES = ['admin', 'developer', 'member', 'user'] as const;
export type OrgRoleName = (typeof ORG_ROLES)[number];

export function isOrgRole(value: unknown): value is OrgRoleName {
  return typeof value === 'string' && (ORG_ROLES as readonly string[]).includes(value);
}

/** Role of the rebuilt user data when none is known. */
export const DEFAULT_USER_ROLE = 'client';

/** A new Google user gets an organisation created for them with this role. */
export const NEW_USER_ORG_ROLE: OrgRoleName = 'admin';

// ---------------------------------------------------------------------------
// Browser storage (spec section 3)
// ---------------------------------------------------------------------------

/**
 * Keys of the browser store. The access token is deliberately not stored in
 * browser storage (see ARCHITECTURE.md), so it has no key here.
 */
export const STORAGE_KEYS = {
  selectedOrgId: 'selectedOrgId',
  selectedOrgRole: 'selectedOrgRole',
  userAbilityRules: 'userAbilityRules',
  userData: 'userData',
  explicitLogout: 'explicitLogout',
  /** Kept in session storage. */
  sessionStartTime: 'sessionStartTime',
  /** The try-builder's draft (issue 16 §2): kept in the visitor's browser until they save it. */
  tryBuilderDraft: 'tryBuilderDraft',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Client preference keys (spec section 3). */
export const PREFERENCE_KEYS = {
  language: 'language',
  theme: 'theme',
  colorScheme: 'color-scheme',
  lightThemePrimaryColor: 'lightThemePrimaryColor',
  lightThemePrimaryDarkenColor: 'lightThemePrimaryDarkenColor',
  darkThemePrimaryColor: 'darkThemePrimaryColor',
  darkThemePrimaryDarkenColor: 'darkThemePrimaryDarkenColor',
  appContentLayoutNav: 'appContentLayoutNav',
  appContentWidth: 'appContentWidth',
  footerType: 'footerType',
  navbarType: 'navbarType',
  isNavbarBlurEnabled: 'isNavbarBlurEnabled',
  isVerticalNavCollapsed: 'isVerticalNavCollapsed',
  horizontalNavType: 'horizontalNavType',
} as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[keyof typeof PREFERENCE_KEYS];

// ---------------------------------------------------------------------------
// Tag manager (spec section 5)
// ---------------------------------------------------------------------------

/** A tag manager id is GTM- or G- followed by uppercase letters or digits. */
export const TAG_MANAGER_ID_PATTERN = /^(?:GTM|G)-[A-Z0-9]+$/;
