import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  isLocale,
  isRtlLocale,
  LOCALE_CONFIG,
  LOCALES,
  type Locale,
} from '../../shared/constants';
import type { Translations } from '../locales/en';
import { loadLocale, type LocaleChunk } from '../locales';
import { PREFERENCE_KEYS, readStorage, writeStorage } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translations };
  }
}

/** Each language has a code and an RTL flag (spec section 4, client preferences). */
export const LANGUAGES = LOCALES.map((code) => LOCALE_CONFIG[code]);
export type LanguageCode = Locale;
export const isLanguageCode = isLocale;

// Every language is fetched when used, English (the fallback) too: init() fetches the current
// language (and the fallback) before the first render, so no text shows in another language.
// A language comes in two chunks: `core` (what every page may show) always, and `app` (the
// signed-in pages' texts) once a signed-in page has asked for it (loadAppTranslations).
let withApp = false;
const appLoaded = new Set<string>();

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLocale(language)) {
      callback(new Error(`No translations for "${language}"`), false);
      return;
    }
    const which: LocaleChunk[] = withApp ? ['core', 'app'] : ['core'];
    loadLocale(language, which).then(
      (translations) => {
        if (withApp) appLoaded.add(language);
        callback(null, translations);
      },
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function applyLanguageToDocument(code: string): void {
  const root = document.documentElement;
  root.lang = code;
  root.dir = isRtlLocale(code) ? 'rtl' : 'ltr';
}

/** The language the app starts in: the stored one, or the default. */
function startLanguage(): Locale {
  const stored = readStorage(PREFERENCE_KEYS.language);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/**
 * Starts fetching the given chunks of the start-up language and of the fallback at once (i18next
 * asks for them only after a timer, behind whatever else was asked meanwhile); the loads that
 * follow (init, loadAppTranslations) get the same modules.
 */
export function prefetchTranslations(which: readonly LocaleChunk[]): void {
  for (const code of new Set([startLanguage(), FALLBACK_LOCALE])) {
    if (isLocale(code)) loadLocale(code, which).catch(() => undefined); // init reports failures
  }
}

/** Starts i18next with the stored language (or the default); resolves once its texts are loaded. */
export async function initI18n(): Promise<typeof i18n> {
  const initial = startLanguage();
  prefetchTranslations(['core']);

  i18n.on('languageChanged', (code) => {
    applyLanguageToDocument(code);
    if (isLocale(code)) writeStorage(PREFERENCE_KEYS.language, code);
  });

  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: initial,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  applyLanguageToDocument(i18n.resolvedLanguage ?? initial);
  return i18n;
}

/**
 * Adds the signed-in pages' texts to every language loaded so far (the current one, the
 * fallback, any shown before) and to every language loaded from now on. The root route awaits
 * it with the signed-in layout (unless the page is marked coreTextsOnly), so those pages never
 * render before their texts.
 */
export async function loadAppTranslations(): Promise<void> {
  withApp = true;
  const languages = new Set([...Object.keys(i18n.store.data), i18n.language, FALLBACK_LOCALE]);
  await Promise.all(
    [...languages].filter(isLocale).map(async (code) => {
      if (appLoaded.has(code)) return;
      const texts = await loadLocale(code, ['app']);
      i18n.addResourceBundle(code, 'translation', texts, true, true);
      appLoaded.add(code);
    }),
  );
}

/**
 * A duration in the current language, using the plural rules of Intl
 * ("30 seconds", "30 secondes", "٣٠ ثانية"); whole minutes above 90 seconds.
 */
export function formatDuration(seconds: number, language: string): string {
  const useMinutes = seconds > 90;
  const value = useMinutes ? Math.ceil(seconds / 60) : Math.max(1, Math.ceil(seconds));
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: useMinutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(value);
}

export { i18n };
