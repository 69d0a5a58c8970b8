// cronstrue's locale files register their words when loaded and export nothing we use.
declare module 'cronstrue/locales/fr';
declare module 'cronstrue/locales/ar';
