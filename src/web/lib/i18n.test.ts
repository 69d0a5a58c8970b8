// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import arCustomers from '../locales/ar/customers.json';
import enCustomers from '../locales/en/customers.json';
import frBase from '../locales/fr/base.json';
import frCustomers from '../locales/fr/customers.json';
import { initI18n, loadAppTranslations } from './i18n';

const SIGNED_IN_KEY = 'customers.errors.emailTaken';

describe('translations, loaded per need', () => {
  it('core texts before the first render; the signed-in pages’ texts on demand, in every language', async () => {
    const i18n = await initI18n();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('common.email')).toBe('E-mail');
    expect(i18n.exists(SIGNED_IN_KEY)).toBe(false);

    await i18n.changeLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.t('common.email')).toBe(frBase.common.email);

    // Every language loaded so far gets them (the current one and the fallback).
    await loadAppTranslations();
    expect(i18n.t(SIGNED_IN_KEY)).toBe(frCustomers.customers.errors.emailTaken);
    expect(i18n.getResource('en', 'translation', SIGNED_IN_KEY)).toBe(
      enCustomers.customers.errors.emailTaken,
    );

    // A language loaded afterwards comes with them.
    await i18n.changeLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.t(SIGNED_IN_KEY)).toBe(arCustomers.customers.errors.emailTaken);
  });
});
