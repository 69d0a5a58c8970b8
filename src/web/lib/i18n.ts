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
import { loadLocale } from '../locales';
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

// Every language is its own chunk, English (the fallback) too: init() fetches the current
// language (and the fallback) before the first render, so no text shows in another language.
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLocale(language)) {
      callback(new Error(`No translations for "${language}"`), false);
      return;
    }
    loadLocale(language).then(
      (translations) => callback(null, translations),
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

/** Starts i18next with the stored language (or the default); resolves once its texts are loaded. */
export async function initI18n(): Promise<typeof i18n> {
  const stored = readStorage(PREFERENCE_KEYS.language);
  const initial = isLocale(stored) ? stored : DEFAULT_LOCALE;

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
